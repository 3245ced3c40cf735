"""Hive move codes (docs/rules.md §1.4 and §4): a piece letter and fields as ``q.r``.

A field ``[q, r, s]`` is written ``q.r`` (``s`` is ``-q-r``). Piece letters: ``Q`` the
bee (queen), ``S`` spider, ``B`` beetle, ``G`` grasshopper, ``A`` ant.

- set: letter and target, ``{"type": "set", "piece": "ANT", "to": [1, -2, 1]}`` is ``A1.-2``;
- drag: the letter of the piece on top at ``from`` before the move, then ``from~to``:
  ``{"type": "drag", "from": [0, 0, 0], "to": [1, -1, 0]}`` with a beetle there is
  ``B0.0~1.-1``;
- skip: ``skip``.
"""

from __future__ import annotations

import re

from games.hive.grid import INDEX, label
from games.hive.moves import KINDS, kind
from games.rules import IllegalMove

LETTERS = "QSBGA"  # per KINDS: BEE, SPIDER, BEETLE, GRASSHOPPER, ANT
EXAMPLES = (
    "'A1.-2' (set an ANT on [1, -2, 1]: piece letter Q S B G A, then q.r), "
    "'B0.0~1.-1' (drag the BEETLE on top at [0, 0, 0] to [1, -1, 0]) or 'skip'"
)
_FIELD = r"(-?[0-5])\.(-?[0-5])"
SET = re.compile(rf"([QSBGA]){_FIELD}")
DRAG = re.compile(rf"([QSBGA]){_FIELD}~{_FIELD}")


def _field(c) -> str:
    q, r, s = c
    if q + r + s != 0:
        raise ValueError("not a cube coordinate")
    return f"{q}.{r}"


def write(state, move: dict) -> str:
    if move["type"] == "skip":
        return "skip"
    if move["type"] == "set":
        return LETTERS[KINDS.index(move["piece"])] + _field(move["to"])
    start = INDEX.get(tuple(move["from"])) if move["type"] == "drag" else None
    if start is None:
        raise ValueError("not a move")
    stack = state.stacks[start]
    if not stack:
        raise IllegalMove(f"No piece stands on {label(start)}, so that drag has no code.")
    return f"{LETTERS[kind(stack[-1])]}{_field(move['from'])}~{_field(move['to'])}"


def _cube(q: str, r: str) -> list[int]:
    return [int(q), int(r), -int(q) - int(r)]


def read(state, code: str) -> dict | None:
    if code == "skip":
        return {"type": "skip"}
    if match := SET.fullmatch(code):
        piece = KINDS[LETTERS.index(match[1])]
        return {"type": "set", "piece": piece, "to": _cube(match[2], match[3])}
    if match := DRAG.fullmatch(code):
        # The letter is checked by decode, which writes the move back from the position.
        return {"type": "drag", "from": _cube(match[2], match[3]), "to": _cube(match[4], match[5])}
    return None
