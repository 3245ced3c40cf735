"""Hard weighs every move at its root where a game samples a huge move space: a paying
power-companies swap is a handful among thousands, which Medium's sample seldom holds."""

from __future__ import annotations

import random
from dataclasses import replace

from games.bots import choose_move
from games.high_voltage_companies import bot
from games.high_voltage_companies.engine import ENGINE

SLUG = "high-voltage-companies"


def _position():
    """Seed 92 after 58 playout plies: 2 271 actions, 8 of them swaps that close a paying
    line; forty sampled swaps hold one in about 3 draws of 20."""
    state, rng = ENGINE.setup(2, 92), random.Random(92)
    for _ in range(58):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, bot.playout(state, seat, rng))
    return state, ENGINE.to_move(state)[0]


def _pays(state, seat, move) -> bool:
    return (
        move["type"] != "reveal"
        and bot.best_line(ENGINE.apply(state, seat, move), seat)[1] is not None
    )


def test_the_thorough_candidates_hold_the_paying_swaps_the_sample_misses():
    state, seat = _position()
    sampled = [bot.candidates(state, seat, random.Random(k)) for k in range(10)]
    assert sum(any(_pays(state, seat, m) for m in moves) for moves in sampled) < 6
    for k in range(10):
        moves = bot.thorough(state, seat, random.Random(k))
        assert len([m for m in moves if _pays(state, seat, m)]) == bot.KEEP
        assert _pays(state, seat, moves[0])


def test_hard_plays_the_paying_swap_and_medium_does_not_find_it():
    state, seat = _position()
    view = ENGINE.view(state, seat)
    for seed in range(3):
        hard = choose_move(SLUG, view, seat, level="hard", seed=seed, scale=0.1)
        assert _pays(state, seat, hard), hard
    medium = [choose_move(SLUG, view, seat, level="medium", seed=s) for s in range(3)]
    assert not all(_pays(state, seat, m) for m in medium)


def test_a_line_is_weighed_by_what_the_seat_can_know_not_by_a_guessed_company():
    """Other seats' companies are secret: the ranking must be the same whichever company a
    determinization dealt them, and a line that may feed the rival more is not declared."""
    state, seat = _position()
    own = state.companies[seat]
    rankings = []
    for other in (c for c in range(4) if c != own):
        companies = [own if s == seat else other for s in range(state.players)]
        twin = replace(state, companies=tuple(companies))
        rankings.append(bot.thorough(twin, seat, random.Random(7)))
    assert all(ranking == rankings[0] for ranking in rankings)
    for move in rankings[0][: bot.KEEP]:
        after = ENGINE.apply(state, seat, move)
        value, line = bot.best_line(after, seat)
        if line is not None:
            assert value[0] >= 0  # never behind, whoever holds which company
