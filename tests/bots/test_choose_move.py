"""choose_move returns the search's own legal moves at every level, deterministically, within
each level's time cap."""

from __future__ import annotations

import logging
from collections import Counter

import pytest

from games import bots
from games.bots import LEVELS, choose_move, knowledge
from games.bots.levels import SECONDS
from games.bots.search import Search
from games.powerdrain.engine import ENGINE as POWERDRAIN
from tests.bots.positions import IDS, SETUPS, positions
from tests.bots.slow_clock import SlowClock

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


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("slug", "players", "most"), SETUPS, ids=IDS)
def test_every_level_stops_at_its_time_cap_plus_one_iteration(
    slug, players, most, level, monkeypatch
):
    """Iterations made slow (3.5 to the cap) stop the full budget at the cap plus the
    iteration in progress, by the clock the search is given."""
    cap = SECONDS[level]
    clock = SlowClock(monkeypatch, cap / 3.5)
    engine = knowledge(slug).engine
    state = engine.setup(players, 0)
    seat = engine.to_move(state)[0]
    move = choose_move(slug, engine.view(state, seat), seat, level=level, seed=0, clock=clock)
    engine.apply(state, seat, move)
    assert cap <= clock() < cap + cap / 3.5


def test_an_illegal_choice_of_the_search_is_counted_logged_and_replaced(monkeypatch, caplog):
    """Play goes on with a random legal move, but the slip is seen (and fails the bot tests)."""
    monkeypatch.setattr(Search, "run", lambda *_: {"type": "garbage"})
    monkeypatch.setattr(bots, "FALLBACKS", Counter())
    state = POWERDRAIN.setup(2, 2)
    with caplog.at_level(logging.WARNING, logger="games.bots"):
        move = choose_move("powerdrain", POWERDRAIN.view(state, 0), 0, level="easy", seed=0)
    POWERDRAIN.apply(state, 0, move)
    assert bots.FALLBACKS == {"powerdrain": 1}
    assert "illegal move {'type': 'garbage'}" in caplog.text
