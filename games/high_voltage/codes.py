"""High Voltage move codes (docs/rules.md §1.4 and §2): the cell as notation names it.

``keep``, ``mirror``, and a post is its cell: column letter a..x from the left, row 1..24
from the top, so ``{"type": "post", "at": [10, 6]}`` is ``k7``.
"""

from __future__ import annotations

import re

from games.high_voltage.geometry import COLUMN_NAMES, SIZE

EXAMPLES = "'keep', 'mirror', or a post's cell such as 'k7' (column a..x, row 1..24 from the top)"
POST = re.compile(r"([a-x])([1-9][0-9]?)")


def write(state, move: dict) -> str:
    if move["type"] == "post":
        x, y = move["at"]
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise ValueError("off the field")
        return f"{COLUMN_NAMES[x]}{y + 1}"
    return move["type"]


def read(state, code: str) -> dict | None:
    if code in ("keep", "mirror"):
        return {"type": code}
    match = POST.fullmatch(code)
    if match is None or int(match[2]) > SIZE:
        return None
    return {"type": "post", "at": [COLUMN_NAMES.index(match[1]), int(match[2]) - 1]}
