"""Hidden-information audit at the web layer: over many random games, the fragment a seat
or a spectator receives (page and WebSocket frames both use it) is identical for a twin
position in which every secret that viewer may not know is different.

A fragment that does not change when the secrets change cannot carry them.
"""

import random

import pytest

from accounts.models import User
from games import services
from games.models import Match
from games.registry import GAMES, get_engine
from games.rendering import board_html
from tests.engines.harness import random_game
from tests.engines.test_high_voltage_companies_properties import twin as companies_twin
from tests.engines.test_triangulum_support import twin as triangulum_twin


def powerdrain_twin(state, viewer, hide_hand=True):
    """``state`` with the draw pile in another order: everyone sees only the next plug
    (none in the draft variant) and the pile's contents, never the order of the rest."""
    from dataclasses import replace

    shown = 0 if state.draft else 1
    pile = state.pile[:shown] + tuple(reversed(state.pile[shown:]))
    return replace(state, pile=pile)


# Every game with secrets: the companies' hidden colours and face-down cards, Triangulum's
# secret points, Powerdrain's draw order.
TWINS = {
    "high-voltage-companies": companies_twin,
    "triangulum": triangulum_twin,
    "powerdrain": powerdrain_twin,
}


def live_match(slug: str, players: int) -> Match:
    users = [User.objects.create(username=f"audit-{slug}-{players}-{i}") for i in range(players)]
    match = services.match_create(game=slug, creator=users[0], seat=0, players=players)
    for user in users[1:]:
        services.match_join(match_id=match.pk, user=user)
    return Match.objects.prefetch_related("seats__user").get(pk=match.pk)


def fragment(match: Match, engine, state, seat) -> str:
    match.state = engine.to_json(state)
    return board_html(match, seat)


@pytest.mark.parametrize("slug", sorted(TWINS))
def test_fragments_do_not_change_when_only_other_seats_secrets_change(db, slug):
    engine, twin = get_engine(slug), TWINS[slug]
    checked = 0
    for players in range(engine.min_players, engine.max_players + 1):
        match = live_match(slug, players)
        for seed in range(4):
            rng = random.Random(seed)
            for state, seat, _ in random_game(engine, players, seed):
                if seat is None or rng.random() > 0.3:
                    continue  # a sample of the running positions keeps the audit quick
                for viewer in [*range(players), None]:
                    mover_sees_hand = viewer == seat and getattr(state, "hand", None) is not None
                    other = twin(state, viewer, hide_hand=not mover_sees_hand)
                    assert fragment(match, engine, other, viewer) == fragment(
                        match, engine, state, viewer
                    ), f"seat {viewer}'s fragment changes with secrets it may not know"
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_renders_shared_between_viewers_are_what_each_viewer_gets_alone(db, slug):
    """After a move, viewers with equal views share one board render (rendering.prerender):
    every viewer's shared fragment must equal the one rendered for that viewer alone."""
    engine = get_engine(slug)
    players = engine.min_players + (slug == "high-voltage-companies")
    match = live_match(slug, players)
    shared_some = False
    for seed in range(2):
        rng = random.Random(seed)
        for state, seat, _ in random_game(engine, players, seed):
            if seat is None or rng.random() > 0.2:
                continue
            match.state, match.ply = engine.to_json(state), match.ply + 1
            shared: list = []
            together = {v: board_html(match, v, shared=shared) for v in [None, *range(players)]}
            shared_some |= len(shared) < players + 1
            for viewer, html in together.items():
                assert html == board_html(match, viewer), f"seat {viewer} got another's render"
    # Where every seat's view differs (own secrets), no two viewers can share a render.
    assert shared_some or slug in {"high-voltage-companies", "triangulum"}
