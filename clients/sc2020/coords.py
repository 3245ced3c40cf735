"""The competition's cube coordinates (x, y, z) and ours [q, r, s] (docs/rules.md §4).

Both boards are the same 91-field hexagon of edge 6 around (0, 0, 0), and both draw it the
same way round: the season's coordinate figure puts z = -5 in the top row with x growing
to the right, and ours puts s = -5 in the top row with q growing to the right. So the
mapping is x = q, y = r, z = s. It is one function each way all the same, so no other
module assumes it, and tests/clients hold it against positions of the season's rule pages.
"""

from __future__ import annotations

RADIUS = 5


class BadField(ValueError):
    """Coordinates that name no field of the board."""


def check(x: int, y: int, z: int) -> None:
    if x + y + z != 0:
        raise BadField(f"({x},{y},{z}) is no field: x + y + z must be 0.")
    if max(abs(x), abs(y), abs(z)) > RADIUS:
        raise BadField(f"({x},{y},{z}) is off the board: every coordinate lies in -5..5.")


def ours(x: int, y: int, z: int) -> list[int]:
    """The competition's field (x, y, z) as our [q, r, s]; BadField off the board."""
    check(x, y, z)
    return [x, y, z]


def theirs(field) -> tuple[int, int, int]:
    """Our field [q, r, s] as the competition's (x, y, z)."""
    q, r, s = field
    return (q, r, s)


def all_fields() -> list[tuple[int, int, int]]:
    """Every field as (x, y, z), x then y ascending: the order of the memento's board."""
    return [
        (x, y, -x - y)
        for x in range(-RADIUS, RADIUS + 1)
        for y in range(-RADIUS, RADIUS + 1)
        if abs(x + y) <= RADIUS
    ]
