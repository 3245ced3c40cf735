"""Power-companies move codes (docs/rules.md §1.4 and §3.4): a type letter, places, rotations.

A place ``[r, c]`` is written as its two digits ``rc``; a rotation k as ``rk``.

| Move | Code | Example |
| --- | --- | --- |
| reveal | ``F`` (flip) + place | ``F23`` |
| place | ``P`` + place + rotation | ``P33r1`` |
| rotate | ``R`` + place + rotation | ``R23r2`` |
| move | ``M`` + from + rotation, ``s`` if special | ``M23r0``, ``M23r0s`` |
| swap | ``S`` + a ``~`` b + both rotations, ``s`` if special | ``S11~12r0r3`` |
| declare | ``D`` + distributor | ``DE0`` |
| double / end | the word | ``double``, ``end`` |
"""

from __future__ import annotations

import re

EXAMPLES = (
    "'F23' (reveal [2, 3]), 'P33r1' (place at [3, 3], rotation 1), 'R23r2' (rotate), "
    "'M23r0' (move into the gap; 'M23r0s' with the special chip), 'S11~12r0r3' (swap; "
    "'...s' special), 'DE0' (declare E0), 'double' or 'end'"
)
_PLACE = r"([0-6])([0-6])"
_R = r"r([0-3])"
PATTERNS = {
    "reveal": re.compile(rf"F{_PLACE}"),
    "place": re.compile(rf"P{_PLACE}{_R}"),
    "rotate": re.compile(rf"R{_PLACE}{_R}"),
    "move": re.compile(rf"M{_PLACE}{_R}(s?)"),
    "swap": re.compile(rf"S{_PLACE}~{_PLACE}{_R}{_R}(s?)"),
    "declare": re.compile(r"D([NESW][0-6])"),
}


def _place(p) -> str:
    r, c = p
    return f"{r}{c}"


def write(state, move: dict) -> str:
    kind = move["type"]
    special = "s" if move.get("special") is True else ""
    if kind == "reveal":
        return f"F{_place(move['at'])}"
    if kind == "place":
        return f"P{_place(move['to'])}r{move['rotation']}"
    if kind == "rotate":
        return f"R{_place(move['at'])}r{move['rotation']}"
    if kind == "move":
        return f"M{_place(move['from'])}r{move['rotation']}{special}"
    if kind == "swap":
        ka, kb = move["rotations"]
        return f"S{_place(move['a'])}~{_place(move['b'])}r{ka}r{kb}{special}"
    if kind == "declare":
        return f"D{move['from']}"
    return kind


def read(state, code: str) -> dict | None:
    if code in ("double", "end"):
        return {"type": code}
    for kind, pattern in PATTERNS.items():
        if match := pattern.fullmatch(code):
            return _move(kind, match.groups())
    return None


def _move(kind: str, g: tuple) -> dict:
    if kind == "declare":
        return {"type": "declare", "from": g[0]}
    n = [int(v) for v in g if v not in ("s", "")]
    extra = {"special": True} if g[-1] == "s" else {}
    if kind == "reveal":
        return {"type": "reveal", "at": n[0:2]}
    if kind == "place":
        return {"type": "place", "to": n[0:2], "rotation": n[2]}
    if kind == "rotate":
        return {"type": "rotate", "at": n[0:2], "rotation": n[2]}
    if kind == "move":
        return {"type": "move", "from": n[0:2], "rotation": n[2], **extra}
    return {"type": "swap", "a": n[0:2], "b": n[2:4], "rotations": n[4:6], **extra}
