"""Triangulum move codes (docs/rules.md §1.4 and §5): points as ``x.y`` joined by ``~``.

- place: open point, then the secret point: ``{"type": "place", "open": [3, 4],
  "secret": [10, 2]}`` is ``3.4~10.2``. The code carries the secret point, so like the
  move itself it is secret: never show it to the other seat while the part runs.
- triangulate: the three points in the order given: ``1.1~5.1~1.6``;
- pass: ``pass``.
"""

from __future__ import annotations

import re

EXAMPLES = (
    "'pass', '3.4~10.2' (place: open point x.y, then the secret point) or "
    "'1.1~5.1~1.6' (triangulate these three points)"
)
_POINT = r"(0|[1-9][0-9]?)\.(0|[1-9][0-9]?)"
PLACE = re.compile(rf"{_POINT}~{_POINT}")
TRIANGLE = re.compile(rf"{_POINT}~{_POINT}~{_POINT}")


def _point(p) -> str:
    x, y = p
    return f"{x}.{y}"


def write(state, move: dict) -> str:
    if move["type"] == "place":
        return f"{_point(move['open'])}~{_point(move['secret'])}"
    if move["type"] == "triangulate":
        return "~".join(_point(p) for p in move["points"])
    return move["type"]


def read(state, code: str) -> dict | None:
    if code == "pass":
        return {"type": "pass"}
    if match := PLACE.fullmatch(code):
        x, y, sx, sy = map(int, match.groups())
        return {"type": "place", "open": [x, y], "secret": [sx, sy]}
    if match := TRIANGLE.fullmatch(code):
        n = list(map(int, match.groups()))
        return {"type": "triangulate", "points": [n[0:2], n[2:4], n[4:6]]}
    return None
