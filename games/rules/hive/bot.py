"""What the bots know about Hive: the view is the whole position, and bees need air.

Hive has no secrets, so the view rebuilds the state exactly. Random games rarely surround
a bee, so playouts stop after a few plies and ``evaluate`` scores the position as the move
limit does, by the free fields around each bee. Moves that crowd the opponent's bee or
free one's own are tried first, in the tree and mostly in playouts.
"""

from __future__ import annotations

import math
import random

from games.rules.hive.engine import ENGINE, State, free_around
from games.rules.hive.grid import ADJACENT, INDEX
from games.rules.knowledge import Knowledge

PRESS = 0.6  # share of playout moves that take a best-scored move


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


def _near(field: int, bee: int) -> bool:
    return bee >= 0 and field in ADJACENT[bee]


def score(state: State, seat: int, move: dict) -> int:
    """How much a move crowds the opponent's bee and frees one's own (higher is better)."""
    if move["type"] == "skip":
        return 0
    own, other = state.bees[seat], state.bees[1 - seat]
    to = INDEX[tuple(move["to"])]
    value = 2 * _near(to, other) - _near(to, own)
    if move["type"] == "drag":
        start = INDEX[tuple(move["from"])]
        value += _near(start, own) - 2 * _near(start, other)
    elif move["piece"] == "BEE":
        value += 1
    return value


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Every legal move, best scored first (ties in random order)."""
    moves = list(ENGINE.legal_moves(state, seat))
    rng.shuffle(moves)
    moves.sort(key=lambda m: -score(state, seat, m))
    return moves


def playout(state: State, seat: int, rng: random.Random) -> dict:
    """A best-scored move most of the time, else a uniformly random one."""
    moves = list(ENGINE.legal_moves(state, seat))
    if rng.random() < PRESS:
        scored = [score(state, seat, m) for m in moves]
        top = max(scored)
        moves = [m for m, v in zip(moves, scored, strict=True) if v == top]
    return rng.choice(moves)


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
