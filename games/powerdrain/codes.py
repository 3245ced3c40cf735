"""Powerdrain move codes (docs/rules.md §1.4 and §6): the section as notation names it.

A place is its section, column letter a..e from the left and row 1..5 from the top:
``{"type": "place", "at": [1, 2]}`` is ``c2``. In a draft game the chosen plug comes first:
``{"type": "place", "plug": "46", "at": [1, 2]}`` is ``46c2``.
"""

from __future__ import annotations

import re

COLUMNS = "abcde"
SIZE = 5
EXAMPLES = (
    "'c2' (a section: column a..e, row 1..5 from the top) or, drafting, '46c2' (plug 46 there)"
)
PLACE = re.compile(r"([2468][2468])?([a-e])([1-5])")


def write(state, move: dict) -> str:
    r, c = move["at"]
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        raise ValueError("off the grid")
    return f"{move.get('plug', '')}{COLUMNS[c]}{r + 1}"


def read(state, code: str) -> dict | None:
    match = PLACE.fullmatch(code)
    if match is None:
        return None
    plug, column, row = match.groups()
    at = [int(row) - 1, COLUMNS.index(column)]
    return (
        {"type": "place", "at": at} if plug is None else {"type": "place", "plug": plug, "at": at}
    )
