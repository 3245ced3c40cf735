"""choose_move returns legal moves at every level, deterministically, from the view alone."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, choose_move, knowledge
from games.registry import get_game
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


SECRET_SETUPS = [setup for setup in SETUPS if get_game(setup[0]).has_secrets]


@pytest.mark.parametrize(
    ("slug", "players", "most"), SECRET_SETUPS, ids=[f"{s}-{p}" for s, p, _ in SECRET_SETUPS]
)
def test_twins_that_differ_only_in_secrets_get_the_same_move(slug, players, most):
    """The bot sees the view alone, so a state's twin (other secrets) gets the same move."""
    game = get_game(slug)
    engine = game.engine
    rng = random.Random(7)
    for n, state in enumerate(positions(slug, players, most, 4)):
        seat = engine.to_move(state)[0]
        twin = game.twin(state, seat, rng)
        assert engine.view(twin, seat) == engine.view(state, seat)
        moves = [
            choose_move(slug, engine.view(s, seat), seat, level="easy", seed=n)
            for s in (state, twin)
        ]
        assert moves[0] == moves[1]
