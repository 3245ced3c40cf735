"""The engine protocol of docs/rules.md §1, checked the same way for every registered engine."""

import json
import random

import pytest

from games.registry import GAMES, IllegalMove, get_engine
from tests.engines.harness import choose_move

SLUGS = list(GAMES)


@pytest.fixture(params=SLUGS)
def engine(request):
    return get_engine(request.param)


def test_engine_describes_itself(engine):
    assert engine.slug in GAMES and engine.name
    assert 1 <= engine.min_players <= engine.max_players


def test_setup_is_deterministic_and_round_trips(engine):
    for players in range(engine.min_players, engine.max_players + 1):
        a, b = engine.setup(players=players, seed=99), engine.setup(players=players, seed=99)
        data = engine.to_json(a)
        assert data == engine.to_json(b)
        assert json.loads(json.dumps(data)) == data
        assert engine.to_json(engine.from_json(data)) == data


def test_views_carry_the_keys_the_web_layer_reads(engine):
    state = engine.setup(players=engine.min_players, seed=5)
    for seat in [*range(engine.min_players), None]:
        view = engine.view(state, seat)
        json.dumps(view)
        assert view["players"] == engine.min_players
        assert view["to_move"] == engine.to_move(state)
        assert view["outcome"] is None
        assert len(view["scores"]) == engine.min_players


def test_junk_moves_raise_illegal_move_and_nothing_else(engine):
    state = engine.setup(players=engine.min_players, seed=3)
    seat = engine.to_move(state)[0]
    for junk in [None, 1, "x", [], {}, {"type": None}, {"type": "x" * 10_000}, {"type": []}]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, junk)
    for seat_junk in [-1, engine.max_players, 99]:
        with pytest.raises(IllegalMove):
            engine.apply(state, seat_junk, choose_move(engine, state, seat, random.Random(1)))


def test_notation_reads_every_move_of_a_short_game(engine):
    rng = random.Random(7)
    state = engine.setup(players=engine.min_players, seed=7)
    for _ in range(30):
        if not engine.to_move(state):
            break
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, rng)
        text = engine.notation(state, move)
        assert isinstance(text, str) and text.strip()
        state = engine.apply(state, seat, move)
