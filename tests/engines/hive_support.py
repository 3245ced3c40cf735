"""Position builders for the Hive tests; holds no tests itself.

Positions are written as a dict ``{(q, r, s): "R.BEE B.BEETLE"}`` (a stack from
bottom to top; R = red = seat 0, B = blue = seat 1) and loaded through the
engine's own JSON format, so every test position is one the engine can store.
"""

from __future__ import annotations

import json

from games.hive.engine import ENGINE
from games.registry import IllegalMove

# Three corner fields, far from the middle where the test positions live.
FAR_BLOCKED = [[5, -5, 0], [-5, 5, 0], [0, 5, -5]]
DIRECTIONS = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def neighbours(c):
    return [add(c, d) for d in DIRECTIONS]


def position(board: dict, blocked=None, moves=(5, 5)):
    """A state with ``board`` on it; ``moves`` (made per seat) decides who is to move."""
    data = {
        "blocked": [list(b) for b in (blocked if blocked is not None else FAR_BLOCKED)],
        "board": [
            [list(field), [[0 if t[0] == "R" else 1, t[2:]] for t in text.split()]]
            for field, text in board.items()
        ],
        "moves": list(moves),
    }
    return ENGINE.from_json(data)


def play(moves, blocked=None, seed=0):
    """Applies ``moves`` alternately from the start (red first); returns the state."""
    state = ENGINE.setup(2, seed, {"blocked": blocked or FAR_BLOCKED})
    for move in moves:
        state = ENGINE.apply(state, ENGINE.to_move(state)[0], move)
    return state


def set_(piece, to):
    return {"type": "set", "piece": piece, "to": list(to)}


def drag(a, b):
    return {"type": "drag", "from": list(a), "to": list(b)}


def listed(state, seat=None):
    """The legal moves as a set of JSON strings."""
    seat = ENGINE.to_move(state)[0] if seat is None else seat
    return {json.dumps(m, sort_keys=True) for m in ENGINE.legal_moves(state, seat)}


def targets(state, field) -> set:
    """Fields the top piece on ``field`` may be dragged to, per legal_moves; each one is
    also checked to be accepted by apply."""
    seat = ENGINE.to_move(state)[0]
    found = set()
    for move in ENGINE.legal_moves(state, seat):
        if move["type"] == "drag" and tuple(move["from"]) == tuple(field):
            ENGINE.apply(state, seat, move)
            found.add(tuple(move["to"]))
    return found


def set_fields(state, piece=None) -> set:
    """Fields listed for set moves (of ``piece``, or any piece)."""
    seat = ENGINE.to_move(state)[0]
    return {
        tuple(m["to"])
        for m in ENGINE.legal_moves(state, seat)
        if m["type"] == "set" and (piece is None or m["piece"] == piece)
    }


def refused(state, move, seat=None) -> str:
    """Asserts ``apply`` refuses ``move`` and returns the message."""
    seat = ENGINE.to_move(state)[0] if seat is None else seat
    try:
        ENGINE.apply(state, seat, move)
    except IllegalMove as error:
        return str(error)
    raise AssertionError(f"{move!r} was accepted")
