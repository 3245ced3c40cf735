"""Powerdrain's greedy gain (games/powerdrain/bot.py) is what a move changes of the score
difference, 16 per active plug plus the voltage, read from the packed finals at once."""

from __future__ import annotations

import random

import pytest

from games.powerdrain import bot
from games.powerdrain.engine import ENGINE, tally


def standing(state, seat: int) -> int:
    active, power = tally(state)
    return 16 * (active[seat] - active[1 - seat]) + power[seat] - power[1 - seat]


@pytest.mark.parametrize("draft", [False, True])
def test_each_ranked_gain_is_the_change_of_the_standing_the_move_makes(draft):
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.setup(2, seed, {"draft": draft})
        while seats := ENGINE.to_move(state):
            seat = seats[0]
            ranked = bot._ranked(state, seat)
            assert len(ranked) == len(list(ENGINE.legal_moves(state, seat)))
            for gain, plug, i in ranked[:: max(1, len(ranked) // 8)]:
                after = ENGINE.apply(state, seat, bot._move(plug, i))
                assert gain == standing(after, seat) - standing(state, seat), (plug, i)
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
