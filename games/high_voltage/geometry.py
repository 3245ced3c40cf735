"""Pure board maths for High Voltage: cells, knight segments and which segments cross.

Cells are numbered ``i = y * SIZE + x``. Every unordered pair of cells a knight's
move apart is one *segment* with a fixed id; a link between two posts is the
segment between their cells.

Crossing is decided once, at import, with exact integer orientation tests, and
stored per segment as a tuple of ids and as a bit mask, so setting a post costs a
handful of look-ups and one big-int ``&`` per candidate link.

Why a proper-crossing test is the whole story for knight segments: a knight
vector (±1, ±2) or (±2, ±1) is primitive (its coordinates share no factor), so
the open segment contains no lattice point. Hence no segment can end inside
another (no T-junction), and two distinct collinear knight segments can only
meet at a shared end point (a partial overlap would put an end point of one
strictly inside the other). What is left is either a shared end point, which is
not a crossing, or a proper crossing, where each segment's end points lie
strictly on opposite sides of the other. The tests check this against a
general segment-intersection computation over every pair on the board.
"""

from __future__ import annotations

SIZE = 24
CELLS = SIZE * SIZE
LAST = SIZE - 1
COLUMN_NAMES = "abcdefghijklmnopqrstuvwx"  # one letter per column x = 0..23

# Every knight segment written with its vector pointing down (dy > 0): each
# segment has exactly one such orientation, so these four cover all of them once.
DIRECTIONS = ((1, 2), (-1, 2), (2, 1), (-2, 1))


def cell(x: int, y: int) -> int:
    return y * SIZE + x


def xy(i: int) -> tuple[int, int]:
    return i % SIZE, i // SIZE


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def is_corner(x: int, y: int) -> bool:
    return x in (0, LAST) and y in (0, LAST)


def cell_name(x: int, y: int) -> str:
    """Column letter a..x from the left, row number 1..24 from the top: [10, 6] is 'k7'."""
    return f"{COLUMN_NAMES[x]}{y + 1}"


def orientation(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> int:
    """Sign of the cross product (b − a) × (c − a): which side of line ab point c is on."""
    value = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (value > 0) - (value < 0)


def properly_cross(a, b, c, d) -> bool:
    """True when segments ab and cd meet in a single point inside both (end points excluded)."""
    return (
        orientation(*a, *b, *c) * orientation(*a, *b, *d) < 0
        and orientation(*c, *d, *a) * orientation(*c, *d, *b) < 0
    )


def _segments():
    ends: list[tuple[int, int]] = []
    vectors: list[tuple[int, int]] = []
    for i in range(CELLS):
        x, y = xy(i)
        for dx, dy in DIRECTIONS:
            if on_board(x + dx, y + dy):
                ends.append((i, cell(x + dx, y + dy)))
                vectors.append((dx, dy))
    return tuple(ends), tuple(vectors)


SEGMENT_ENDS, _VECTORS = _segments()  # segment id -> (cell, cell), the upper end first
SEGMENTS = len(SEGMENT_ENDS)  # 2024 on a 24×24 board
SEGMENT_ID = {}
for _seg, (_a, _b) in enumerate(SEGMENT_ENDS):
    SEGMENT_ID[(_a, _b)] = SEGMENT_ID[(_b, _a)] = _seg

# cell -> ((neighbour cell, segment id), ...) for every knight neighbour on the board
KNIGHT: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (cell(x + dx, y + dy), SEGMENT_ID[(i, cell(x + dx, y + dy))])
        for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
        if on_board(x + dx, y + dy)
    )
    for i in range(CELLS)
    for x, y in [xy(i)]
)


def _relative_crossings():
    """For a segment from the origin along each direction: the crossing segments as offsets.

    Crossing is invariant under translation, so this small search (every segment
    starting within 4 cells of the origin) settles the whole board.
    """
    table = {}
    for d in DIRECTIONS:
        found = []
        for ox in range(-4, 5):
            for oy in range(-4, 5):
                for e in DIRECTIONS:
                    if properly_cross((0, 0), d, (ox, oy), (ox + e[0], oy + e[1])):
                        found.append((ox, oy, e))
        table[d] = tuple(found)
    return table


def _crossing_table():
    relative = _relative_crossings()
    crossing = []
    for seg, (a, _) in enumerate(SEGMENT_ENDS):
        x, y = xy(a)
        ids = []
        for ox, oy, (ex, ey) in relative[_VECTORS[seg]]:
            sx, sy = x + ox, y + oy
            if on_board(sx, sy) and on_board(sx + ex, sy + ey):
                ids.append(SEGMENT_ID[(cell(sx, sy), cell(sx + ex, sy + ey))])
        crossing.append(tuple(sorted(ids)))
    return tuple(crossing)


CROSSING: tuple[tuple[int, ...], ...] = _crossing_table()  # segment id -> ids it crosses
CROSSING_MASK: tuple[int, ...] = tuple(sum(1 << s for s in ids) for ids in CROSSING)


def segment_ids(mask: int):
    """Yields the segment ids whose bit is set in ``mask``, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
