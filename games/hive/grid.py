"""Board maths for Hive: the 91 fields of the edge-6 hexagon, their neighbours and gates.

Fields are numbered 0..90 in reading order (row ``s`` from -5 at the top, then
``q`` from the left) so the engine works on small ints and lists; ``coord`` and
``index`` convert to and from the cube coordinates ``(q, r, s)`` the moves use.
"""

from __future__ import annotations

RADIUS = 5  # edge length 6: every cube coordinate lies in -5..5

# Neighbour directions in circular order (docs/rules.md §4 names them): the two fields
# next to both ``a`` and ``a + DIRECTIONS[i]`` are ``a + DIRECTIONS[i - 1]`` and
# ``a + DIRECTIONS[i + 1]``; that is all the gate rule needs. Direction ``i + 3`` is the
# opposite of direction ``i``.
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
# OFF[a]: bit d set where direction d from a leaves the board.
OFF: tuple[int, ...] = tuple(sum(1 << d for d in range(6) if row[d] < 0) for row in NEIGHBOURS)
# LINKS[a]: (n, bit) per on-board neighbour n of a, with the bit of direction d + 3 (from n
# back to a): the bit that stands for a among n's neighbours.
LINKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((row[d], 1 << (d + 3) % 6) for d in range(6) if row[d] >= 0) for row in NEIGHBOURS
)

# Bit sets of fields: field (q, r, s) is bit (s + 5) * 12 + q + 5, an 11-by-12 layout whose
# last column stays empty, so the bits run in field order and the neighbours of a whole set
# are six shifts (``spread``): a shift past a row's end lands in the empty column or
# outside ``BOARD``, never on another field.
BIT: tuple[int, ...] = tuple(1 << (s + RADIUS) * 12 + q + RADIUS for q, r, s in COORDS)
BOARD = sum(BIT)
FIELD_AT = {b.bit_length(): i for i, b in enumerate(BIT)}  # the field of a lone bit


def spread(bits: int) -> int:
    """The fields next to any field of ``bits`` (a ``BIT`` set)."""
    return (bits << 1 | bits >> 1 | bits << 11 | bits >> 11 | bits << 12 | bits >> 12) & BOARD


def fields_of(bits: int) -> list[int]:
    """The fields of a ``BIT`` set, in order."""
    fields = []
    while bits:
        low = bits & -bits
        fields.append(FIELD_AT[low.bit_length()])
        bits ^= low
    return fields


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
