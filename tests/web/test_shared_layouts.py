"""One board layout per distinct viewer (games.live.rendering ``Position.layout``): a seat that is
not to move shares the spectators' layout only where its board says it draws such a seat as
a spectator (``OFF_TURN_AS_SPECTATOR``), and every viewer still gets what the board lays
out for it alone."""

import random

import pytest
from django.utils import translation

from games.live.rendering import Position, board_page_context
from games.registry import GAMES, get_engine, get_game
from games.selectors import viewer_context
from tests.engines.harness import random_game
from tests.web.test_secret_audit import live_match

DECLARED = sorted(s for s in GAMES if getattr(get_game(s).board, "OFF_TURN_AS_SPECTATOR", False))


@pytest.mark.parametrize("slug", DECLARED)
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_seat_off_turn_is_laid_out_as_a_spectator_where_the_board_says_so(slug, language):
    engine, board = get_engine(slug), get_game(slug).board
    checked = 0
    with translation.override(language):
        for seed in range(3):
            for state, _, _ in random_game(engine, engine.min_players, seed):
                spectators = engine.view(state, None)
                for seat in range(engine.min_players):
                    view = engine.view(state, seat)
                    if seat in view["to_move"] or view != spectators:
                        continue
                    assert board.context(view, seat, []) == board.context(spectators, None, [])
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_viewer_gets_the_layout_its_board_gives_it_alone(db, slug):
    engine, game = get_engine(slug), get_game(slug)
    players = engine.min_players + (slug == "high-voltage-companies")
    match = live_match(slug, players)
    shared_some = False
    rng = random.Random(0)
    for state, seat, _ in random_game(engine, players, 0):
        if seat is None or rng.random() > 0.3:
            continue
        match.state, match.ply = engine.to_json(state), match.ply + 1
        shared = Position(match)
        for viewer in [None, *range(players)]:
            context = board_page_context(match, viewer, shared=shared)
            alone = viewer_context(match, viewer, state)
            assert shared.layout(context["view"], viewer, alone["legal"], context["players"])[
                0
            ] == game.board.context(context["view"], viewer, alone["legal"]), viewer
        shared_some |= len(shared._layouts) < players + 1
    assert shared_some or slug not in DECLARED or game.has_secrets


@pytest.mark.parametrize(
    "slug", sorted(s for s in GAMES if hasattr(get_game(s).board, "public_layout"))
)
def test_the_shared_public_layout_is_the_board_as_shown_after_a_resignation(db, slug):
    """A board's ``public_layout`` is computed once per position from the spectators' view
    as the board shows it (``settled_view``): a match ended by a resignation reads as over
    although its engine position still runs."""
    engine, game = get_engine(slug), get_game(slug)
    match = live_match(slug, engine.min_players)
    state = next(s for s, seat, _ in random_game(engine, engine.min_players, 0) if seat is not None)
    match.state, match.ply = engine.to_json(state), match.ply + 1
    match.status, match.result = match.Status.FINISHED, {"winners": [1], "reason": "resigned"}
    shared = Position(match)
    for viewer in [None, *range(engine.min_players)]:
        context = board_page_context(match, viewer, shared=shared)
        assert context["view"]["to_move"] == []
        assert shared.layout(context["view"], viewer, [], context["players"])[
            0
        ] == game.board.context(context["view"], viewer, []), viewer
