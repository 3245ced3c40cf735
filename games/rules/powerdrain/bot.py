"""What the bots know about Powerdrain: the unseen draw order, and greedy voltage play.

Only the order of the pile is secret (its contents and the current plug are shown), so a
determinization keeps the current plug on top and shuffles the rest. Random playouts
waste plugs; the playout policy mostly places where the plug gains the most: its own
final voltage plus what it drains from touching opponent plugs, active plugs first.
"""

from __future__ import annotations

import random

from games.bots.knowledge import Knowledge
from games.rules.powerdrain.engine import ENGINE, SIZE, State, base_voltage, neighbours

NEXT_TO = tuple(tuple(neighbours(r, c)) for r in range(SIZE) for c in range(SIZE))
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


def gain(state: State, seat: int, plug: str, r: int, c: int) -> int:
    """What placing ``plug`` at (r, c) is worth to ``seat``: 16 per active plug won or
    drained dead, plus the voltage gained and drained."""
    rows, cols, board = state.rows, state.cols, state.board
    own = base_voltage(plug, rows[r], cols[c])
    drain = value = 0
    for nr, nc in NEXT_TO[r * SIZE + c]:
        cell = board[nr][nc]
        if cell is None or cell[1] == seat:
            continue
        theirs = base_voltage(cell[0], rows[nr], cols[nc])
        drain += theirs
        drained = sum(
            base_voltage(board[a][b][0], rows[a], cols[b])
            for a, b in NEXT_TO[nr * SIZE + nc]
            if board[a][b] is not None and board[a][b][1] == seat
        )
        before = max(0, theirs - drained)
        after = max(0, before - own) if before else 0
        value += before - after + 16 * (before > 0 and after == 0)
    final = max(0, own - drain)
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


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    secrets=True,
    iterations=(60, 300, 1200),
    candidates=candidates,
    playout=playout,
    widening=4.0,
)
