"""What the bots know about Hive: the view is the whole position, and bees need air.

Hive has no secrets, so the view rebuilds the state exactly. Random games rarely surround
a bee, so playouts stop after a few plies and ``evaluate`` scores the position as the move
limit does, by the free fields around each bee. Moves that crowd the opponent's bee or
free one's own are tried first, in the tree and mostly in playouts.
"""

from __future__ import annotations

import math
import random

from games.hive.engine import (
    DRAG,
    ENGINE,
    SKIP,
    State,
    as_move,
    chosen,
    free_around,
    plan,
)
from games.hive.grid import ADJACENT
from games.hive.moves import BEE
from games.rules.knowledge import Knowledge

PRESS = 0.6  # share of playout moves that take a best-scored move
# NEAR[bee]: the fields next to a bee's field; NEAR[-1] (a bee in hand) is empty.
NEAR = (*(frozenset(row) for row in ADJACENT), frozenset())


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The position exactly as shown (everything in Hive is public)."""
    board = [
        [cell["field"], [[piece["seat"], piece["piece"]] for piece in cell["stack"]]]
        for cell in view["board"]
    ]
    return ENGINE.from_json(
        {
            "blocked": view["blocked"],
            "board": board,
            "moves": view["moves_made"],
            "last": view["last"],
        }
    )


def scores(state: State, seat: int, entries: list[tuple[int, int, int]]) -> list[int]:
    """Per move (a ``plan`` entry), how much it crowds the opponent's bee and frees one's
    own (higher is better)."""
    own, other = NEAR[state.bees[seat]], NEAR[state.bees[1 - seat]]
    found = []
    for what, x, to in entries:
        if what == SKIP:
            found.append(0)
            continue
        value = 2 * (to in other) - (to in own)
        if what == DRAG:
            value += (x in own) - 2 * (x in other)
        elif x == BEE:  # a SET of the bee
            value += 1
        found.append(value)
    return found


def _moves(state: State, seat: int) -> list[tuple[int, int, int]]:
    """The ``plan`` entries of ``seat`` (none when it is not to move)."""
    return plan(state) if seat in ENGINE.to_move(state) else []


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Every legal move, best scored first (ties in random order)."""
    entries = list(_moves(state, seat))
    rng.shuffle(entries)
    values = scores(state, seat, entries)
    order = sorted(range(len(entries)), key=lambda i: -values[i])  # stable, as ties were
    return [as_move(entries[i]) for i in order]


def playout(state: State, seat: int, rng: random.Random) -> dict:
    """A best-scored move most of the time, else a uniformly random one."""
    entries = _moves(state, seat)
    if rng.random() < PRESS:
        scored = scores(state, seat, entries)
        top = max(scored)
        entries = [entry for entry, v in zip(entries, scored, strict=True) if v == top]
    return chosen(state, rng.choice(entries))


def evaluate(state: State) -> list[float]:
    """Seat 0's chance from the difference in free fields round the bees (a logistic guess)."""
    free = [free_around(state, s) if state.bees[s] >= 0 else 4 for s in (0, 1)]
    p = 1 / (1 + math.exp(-0.8 * (free[0] - free[1])))
    return [p, 1 - p]


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    iterations=(35, 150, 1200),
    candidates=candidates,
    playout=playout,
    evaluate=evaluate,
    horizon=6,
    widening=2.0,
    bias=1.0,
)
