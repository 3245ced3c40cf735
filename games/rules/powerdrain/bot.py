"""What the bots know about Powerdrain: the unseen draw order, and greedy voltage play.

Only the order of the pile is secret (its contents and the current plug are shown), so a
determinization keeps the current plug on top and shuffles the rest. Random playouts
waste plugs; the playout policy mostly places where the plug gains the most: its own
final voltage plus what it drains from touching opponent plugs, active plugs first.
"""

from __future__ import annotations

import math
import random
from functools import cache

from games.rules.knowledge import Knowledge
from games.rules.powerdrain.engine import (
    ENGINE,
    PLUGS,
    SIZE,
    State,
    base_voltage,
    neighbours,
    tally,
)

NEXT_TO = tuple(
    tuple(a * SIZE + b for a, b in neighbours(r, c)) for r in range(SIZE) for c in range(SIZE)
)
GREEDY = 0.8  # share of playout moves that take the greedy choice


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The board as shown; the pile's unseen order drawn uniformly (current plug on top)."""
    rest = list(view["remaining"])
    top = [] if view["current"] is None else [view["current"]]
    for plug in top:
        rest.remove(plug)
    rng.shuffle(rest)
    board = [[None if c is None else [c["plug"], c["seat"]] for c in row] for row in view["cells"]]
    return ENGINE.from_json(
        {
            "rows": view["rows"],
            "cols": view["cols"],
            "pile": top + rest,
            "draft": view["draft"],
            "board": board,
            "last": view["last"],
        }
    )


@cache
def _bases(rows: tuple[int, ...], cols: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Base voltage of every plug on every section (row-major) for one board's potentials."""
    return {
        plug: tuple(base_voltage(plug, rows[r], cols[c]) for r in range(SIZE) for c in range(SIZE))
        for plug in PLUGS
    }


def gain(state: State, seat: int, plug: str, r: int, c: int) -> int:
    """What placing ``plug`` at (r, c) is worth to ``seat``: 16 per active plug won or
    drained dead, plus the voltage gained and drained."""
    bases, board = _bases(state.rows, state.cols), state.board
    i = r * SIZE + c
    own = bases[plug][i]
    drain = value = 0
    for n in NEXT_TO[i]:
        cell = board[n // SIZE][n % SIZE]
        if cell is None or cell[1] == seat:
            continue
        theirs = bases[cell[0]][n]
        drain += theirs
        drained = 0
        for m in NEXT_TO[n]:
            near = board[m // SIZE][m % SIZE]
            if near is not None and near[1] == seat:
                drained += bases[near[0]][m]
        before = theirs - drained if theirs > drained else 0
        after = before - own if before > own else 0
        value += before - after + 16 * (before > 0 and after == 0)
    final = own - drain if own > drain else 0
    return value + final + 16 * (final > 0)


def _ranked(state: State, seat: int) -> list[tuple[int, dict]]:
    moves = list(ENGINE.legal_moves(state, seat))
    plug = None if state.draft else state.pile[0]
    return [(gain(state, seat, m.get("plug", plug), *m["at"]), m) for m in moves]


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Every legal move, the greedy best first (ties in random order)."""
    ranked = _ranked(state, seat)
    rng.shuffle(ranked)
    ranked.sort(key=lambda pair: -pair[0])
    return [m for _, m in ranked]


def playout(state: State, seat: int, rng: random.Random) -> dict:
    """Mostly the greedy move, sometimes a random one (playouts must vary)."""
    if rng.random() > GREEDY:
        return ENGINE.random_move(state, seat, rng)
    ranked = _ranked(state, seat)
    top = max(value for value, _ in ranked)
    return rng.choice([m for value, m in ranked if value == top])


def reward(state: State) -> list[float]:
    """Seat 0's share from the margin: a win counts most, and by how much breaks the ties
    that win or loss alone leave (many positions win or lose whatever is played)."""
    active, power = tally(state)
    margin = (active[0] - active[1]) + (power[0] - power[1]) / 20
    win = 0.5 if margin == 0 else float(margin > 0)
    p = 0.8 * win + 0.2 / (1 + math.exp(-margin / 2))
    return [p, 1 - p]


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    secrets=True,
    iterations=(50, 250, 2500),
    candidates=candidates,
    playout=playout,
    reward=reward,
    widening=1.0,
    bias=1.0,
)
