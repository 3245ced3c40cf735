"""Board maths for Hive: the 91 fields of the edge-6 hexagon, their neighbours and gates.

Fields are numbered 0..90 in reading order (row ``s`` from -5 at the top, then
``q`` from the left) so the engine works on small ints and lists; ``coord`` and
``index`` convert to and from the cube coordinates ``(q, r, s)`` the moves use.
"""

from __future__ import annotations

RADIUS = 5  # edge length 6: every cube coordinate lies in -5..5

# Neighbour directions in circular order (docs/rules.md §4 names them): the two fields
# next to both ``a`` and ``a + DIRECTIONS[i]`` are ``a + DIRECTIONS[i - 1]`` and
# ``a + DIRECTIONS[i + 1]``; that is all the gate rule needs.
DIRECTIONS = (
    (1, -1, 0),  # right
    (1, 0, -1),  # up-right
    (0, 1, -1),  # up-left
    (-1, 1, 0),  # left
    (-1, 0, 1),  # down-left
    (0, -1, 1),  # down-right
)


def on_board(q: int, r: int, s: int) -> bool:
    return q + r + s == 0 and max(abs(q), abs(r), abs(s)) <= RADIUS


COORDS: tuple[tuple[int, int, int], ...] = tuple(
    (q, -q - s, s)
    for s in range(-RADIUS, RADIUS + 1)
    for q in range(-RADIUS, RADIUS + 1)
    if on_board(q, -q - s, s)
)
INDEX: dict[tuple[int, int, int], int] = {c: i for i, c in enumerate(COORDS)}
CELLS = len(COORDS)  # 91

# NEIGHBOURS[a][d]: the field in direction d from a, or -1 off the board.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr, s + ds), -1) for dq, dr, ds in DIRECTIONS)
    for q, r, s in COORDS
)
# ADJACENT[a]: the on-board neighbours of a.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in row if n >= 0) for row in NEIGHBOURS)
# STEPS[a]: (b, c1, c2) for each on-board neighbour b of a, with the two fields next
# to both (c1/c2 = -1 where that field is off the board).
STEPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((row[d], row[(d - 1) % 6], row[(d + 1) % 6]) for d in range(6) if row[d] >= 0)
    for row in NEIGHBOURS
)


def coord(i: int) -> list[int]:
    """The field's cube coordinates as the JSON list moves and views use."""
    return list(COORDS[i])


def index(c) -> int:
    """The field number of cube coordinates ``c`` (a list or tuple on the board)."""
    return INDEX[tuple(c)]


def label(i: int) -> str:
    """ "(q,r,s)" as notation writes a field."""
    q, r, s = COORDS[i]
    return f"({q},{r},{s})"
