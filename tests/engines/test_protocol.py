"""The engine protocol of docs/rules.md §1, checked the same way for every declared game.

Driven by the declarations (``games.registry``): every game, every player count and
every lobby option is played out in seeded random games, and at sampled positions
the engine must agree with itself (listed moves and near misses against ``apply``),
survive a JSON round trip, hide every secret its ``twin`` changes, and name every
move. A sixth game gets all of this by being declared.
"""

from __future__ import annotations

import json
import random
from functools import partial

import pytest

from games.registry import GAMES, IllegalMove, all_games, get_game
from tests.engines.harness import check_agreement, choose_move, key, random_game

SEEDS = range(3)


def variants():
    """(slug, players, options) for every player count and every boolean lobby option."""
    for game in all_games():
        engine = game.engine
        for players in range(engine.min_players, engine.max_players + 1):
            yield game.slug, players, None
        for option in game.options:
            if option["type"] == "bool":
                yield game.slug, engine.min_players, {option["name"]: True}


VARIANTS = [pytest.param(*v, id=f"{v[0]}-{v[1]}p-{json.dumps(v[2])}") for v in variants()]


def positions(slug, players, options, seed, count):
    """A seeded sample of ``count`` running positions of one random game, and its end."""
    plies = list(random_game(get_game(slug).engine, players, seed, options))
    rng = random.Random(seed)
    running = plies[:-1]
    return rng.sample(running, min(count, len(running))), plies[-1][0]


@pytest.fixture(params=list(GAMES))
def game(request):
    return get_game(request.param)


def test_the_declaration_describes_the_game(game):
    engine = game.engine
    assert engine.slug in GAMES and engine.name and game.description
    assert 1 <= engine.min_players <= engine.max_players
    assert len(game.board.SEATS) >= engine.max_players
    assert (game.directory / "rules.md").is_file() and (game.directory / "board.html").is_file()
    assert game.public_options <= {
        "rows",
        "cols",
        "draft",
        "swamps",
        "blocked",
        "rotations",
        "first",
    }


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_random_games_end_with_an_outcome_the_table_can_word(slug, players, options):
    game = get_game(slug)
    engine = game.engine
    for seed in SEEDS:
        final = list(random_game(engine, players, seed, options))[-1][0]
        result = engine.outcome(final)
        assert engine.to_move(final) == []
        assert set(result["winners"]) <= set(range(players))
        assert len(result["scores"]) == players
        assert not game.reason_text(result["reason"]).startswith("("), result["reason"]
        assert engine.view(final, None)["outcome"] == result


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_legal_moves_agree_with_apply_on_near_misses(slug, players, options):
    game = get_game(slug)
    engine = game.engine
    for seed in SEEDS:
        rng = random.Random(seed)
        sample, final = positions(slug, players, options, seed, 4)
        for state, seat, _ in sample:
            # Where the board builds moves itself, the move list may be huge and lazy.
            lazy = None if game.lists_legal_moves else partial(engine.is_legal, state, seat)
            check_agreement(engine, state, seat, rng, is_listed=lazy)
        for seat in range(players):
            assert list(engine.legal_moves(final, seat)) == []


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_json_round_trip_keeps_views_moves_and_outcome(slug, players, options):
    engine = get_game(slug).engine
    for seed in SEEDS:
        replay = engine.setup(players, seed, options)
        for n, (state, seat, move) in enumerate(random_game(engine, players, seed, options)):
            data = engine.to_json(state)
            assert json.loads(json.dumps(data)) == data
            assert key(engine.to_json(replay)) == key(data), "same seed and moves, other state"
            if n % 9 == 0 or move is None:
                restored = engine.from_json(data)
                assert engine.to_json(restored) == data
                for viewer in [*range(players), None]:
                    assert engine.view(restored, viewer) == engine.view(state, viewer)
                assert engine.outcome(restored) == engine.outcome(state)
                if move is not None:
                    after = engine.to_json(engine.apply(restored, seat, move))
                    assert after == engine.to_json(engine.apply(state, seat, move))
            if move is not None:
                replay = engine.apply(replay, seat, move)


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_views_never_show_another_seats_secret(slug, players, options):
    """A viewer's view is the same in a twin position whose other secrets differ.

    Games without secrets show everyone the same view. For games with secrets the
    twin must really change something in the default setup (else this test could not
    fail); an option may remove the secrets (a Powerdrain draft has no hidden order).
    """
    game = get_game(slug)
    engine = game.engine
    changed = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        sample, _ = positions(slug, players, options, seed, 12)
        for state, _, _ in sample:
            views = {viewer: engine.view(state, viewer) for viewer in [*range(players), None]}
            json.dumps(views[None])
            if not game.has_secrets:
                assert all(view == views[None] for view in views.values())
                continue
            for viewer, view in views.items():
                other = game.twin(state, viewer, rng)
                assert engine.view(other, viewer) == view, f"seat {viewer} sees a secret"
                changed += key(engine.to_json(other)) != key(engine.to_json(state))
    assert changed or not game.has_secrets or options, "the twin never changed a secret"


@pytest.mark.parametrize(("slug", "players", "options"), VARIANTS)
def test_notation_names_every_move(slug, players, options):
    engine = get_game(slug).engine
    for state, _, move in random_game(engine, players, 0, options):
        if move is not None:
            text = engine.notation(state, move)
            assert isinstance(text, str) and text.strip() and "\n" not in text


def test_views_carry_the_keys_the_web_layer_reads(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=5)
    for seat in [*range(engine.min_players), None]:
        view = engine.view(state, seat)
        assert view["players"] == engine.min_players
        assert view["to_move"] == engine.to_move(state)
        assert view["outcome"] is None
        assert len(view["scores"]) == engine.min_players


def test_junk_moves_raise_illegal_move_and_nothing_else(game):
    engine = game.engine
    state = engine.setup(players=engine.min_players, seed=3)
    seat = engine.to_move(state)[0]
    nested: list = []
    for _ in range(200):
        nested = [nested]
    junk = [None, 1, "x", [], {}, {"type": None}, {"type": "x" * 10_000}, {"type": []}]
    for move in [*junk, {"type": "place", "at": nested}, {"type": "post", "at": [1.5, 2]}]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, move)
    for seat_junk in [-1, engine.max_players, 99]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat_junk, choose_move(engine, state, seat, random.Random(1)))
