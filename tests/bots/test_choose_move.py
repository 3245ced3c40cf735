"""choose_move returns legal moves at every level, deterministically, from the view alone."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, choose_move, knowledge
from games.rules.powerdrain.engine import ENGINE as POWERDRAIN
from tests.bots.positions import IDS, SETUPS, positions

SCALE = 0.05  # small budgets keep the tests quick; the search is the same


@pytest.mark.parametrize(("slug", "players", "most"), SETUPS, ids=IDS)
def test_every_level_returns_a_legal_move(slug, players, most):
    engine = knowledge(slug).engine
    for n, state in enumerate(positions(slug, players, most, 6)):
        seat = engine.to_move(state)[0]
        view = engine.view(state, seat)
        for level in LEVELS:
            move = choose_move(slug, view, seat, level=level, seed=n, scale=SCALE)
            engine.apply(state, seat, move)  # raises IllegalMove if it is not legal


@pytest.mark.parametrize(("slug", "players", "most"), SETUPS, ids=IDS)
def test_the_same_seed_gives_the_same_move(slug, players, most):
    engine = knowledge(slug).engine
    for n, state in enumerate(positions(slug, players, most, 3)):
        seat = engine.to_move(state)[0]
        view = engine.view(state, seat)
        moves = [choose_move(slug, view, seat, level="easy", seed=n) for _ in range(2)]
        assert moves[0] == moves[1]


def test_a_seat_not_to_move_is_refused():
    state = POWERDRAIN.setup(2, 1)
    with pytest.raises(ValueError):
        choose_move("powerdrain", POWERDRAIN.view(state, 1), 1, level="easy", seed=0)
    with pytest.raises(ValueError):
        choose_move("powerdrain", POWERDRAIN.view(state, 0), 0, level="expert", seed=0)


def test_a_time_cap_stops_the_search():
    """With a clock that jumps a minute per reading the search stops after one iteration."""
    ticks = iter(range(0, 10**6, 60))
    state = POWERDRAIN.setup(2, 2)
    move = choose_move(
        "powerdrain", POWERDRAIN.view(state, 0), 0, level="hard", seed=0, clock=lambda: next(ticks)
    )
    POWERDRAIN.apply(state, 0, move)
    assert next(ticks) <= 3 * 60


def test_powerdrain_twins_that_differ_in_the_pile_order_get_the_same_move():
    rng = random.Random(7)
    for n, state in enumerate(positions("powerdrain", 2, 12, 10)):
        rest = list(state.pile[1:])
        rng.shuffle(rest)
        twin = POWERDRAIN.from_json({**POWERDRAIN.to_json(state), "pile": [state.pile[0], *rest]})
        seat = POWERDRAIN.to_move(state)[0]
        assert POWERDRAIN.view(twin, seat) == POWERDRAIN.view(state, seat)
        moves = [
            choose_move("powerdrain", POWERDRAIN.view(s, seat), seat, level="easy", seed=n)
            for s in (state, twin)
        ]
        assert moves[0] == moves[1]
