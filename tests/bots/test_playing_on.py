"""A level game is played on: the search values a draw below its share, and a power-companies
seat that is not ahead offers no quiet action a weak opponent could answer by ending the game."""

from __future__ import annotations

import random

from games.bots.search import terminal_rewards
from games.high_voltage_companies import bot
from games.high_voltage_companies.engine import ACTION, ENGINE


def test_a_draw_is_worth_less_than_its_share_to_the_searching_seat_only():
    rewards = terminal_rewards({"winners": []}, 2, seat=0)
    assert rewards[0] < 0.5 == rewards[1]
    shared = terminal_rewards({"winners": [0, 2]}, 3, seat=2)
    assert shared[2] < 0.5 == shared[0] and shared[1] == 0.0
    assert terminal_rewards({"winners": [1]}, 2, seat=0) == [0.0, 1.0]


def _quiet(move: dict) -> bool:
    return move["type"] in ("rotate", "move", "swap")


def test_a_level_companies_seat_reveals_instead_of_playing_quietly():
    """At the start (0–0, no line can close yet) every candidate is a reveal; the old
    candidates always added one quiet action, which the search often chose."""
    for seed in range(20):
        state = ENGINE.setup(2, seed)
        seat = ENGINE.to_move(state)[0]
        assert state.phase == ACTION
        moves = bot.candidates(state, seat, random.Random(seed))
        assert moves and not any(_quiet(m) for m in moves), moves


def test_a_seat_ahead_may_still_play_quietly():
    state = ENGINE.setup(2, 3)
    seat = ENGINE.to_move(state)[0]
    points = [0, 0]
    points[seat] = 5
    ahead = ENGINE.from_json({**ENGINE.to_json(state), "points": points})
    moves = bot.candidates(ahead, seat, random.Random(0))
    assert any(_quiet(m) for m in moves)
