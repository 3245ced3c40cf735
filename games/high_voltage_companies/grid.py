"""Pure board maths: the 7×7 grid, the 28 distributors and tracing power lines.

A place is an index ``row * 7 + col``. A cell is ``None`` (empty: the gap, or the
place a revealed card was lifted from) or a tuple ``(card, rotation, chip, up)``
with chip 0 = none, 1 = HIGH VOLTAGE, 2 = DANGER, and ``up`` whether it is face up.
"""

from __future__ import annotations

from typing import NamedTuple

from games.high_voltage_companies.cards import DANGER_IDS, EXITS, E, N, S, W

SIZE = 7
PLACES = SIZE * SIZE
CENTRE = 3 * SIZE + 3
START_UP = (2 * SIZE + 3, 4 * SIZE + 3, 3 * SIZE + 2, 3 * SIZE + 4)  # [2,3] [4,3] [3,2] [3,4]
NONE, HIGH_VOLTAGE, DANGER = 0, 1, 2
CHIP_NAMES = (None, "high_voltage", "danger")
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}


def _distributors():
    """id -> (colour index, first place, edge the line enters by), in frame order."""
    frame = (
        [f"N{i}" for i in range(SIZE)]
        + [f"E{i}" for i in range(SIZE)]
        + [f"S{i}" for i in reversed(range(SIZE))]
        + [f"W{i}" for i in reversed(range(SIZE))]
    )
    table = {}
    for position, name in enumerate(frame):
        side, i = name[0], int(name[1])
        row, col, edge = {
            "N": (0, i, N),
            "E": (i, SIZE - 1, E),
            "S": (SIZE - 1, i, S),
            "W": (i, 0, W),
        }[side]
        table[name] = (position % 4, row * SIZE + col, edge)
    return table


DISTRIBUTORS = _distributors()
DISTRIBUTOR_IDS = tuple(sorted(DISTRIBUTORS))


def _neighbours():
    """(place, exit edge) -> next place, or the distributor id when the edge is on the frame."""
    table = {}
    for place in range(PLACES):
        row, col = divmod(place, SIZE)
        for edge, (dr, dc) in STEP.items():
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                table[place, edge] = r * SIZE + c
            else:
                table[place, edge] = "NESW"[edge] + str(row if edge in (E, W) else col)
    return table


NEXT = _neighbours()


class Line(NamedTuple):
    """A closable power line, traced from its named end ``start`` to ``end``."""

    start: str
    end: str
    places: tuple[int, ...]  # in trace order
    colours: tuple[int, ...]  # distributor line, each card's segment, distributor line


def trace(cells, start: str) -> Line | None:
    """Follows the line from ``start``; returns it only when it is closable (docs/rules.md §3).

    Closable: it reaches a distributor on another side through face-up cards, uses at
    least 4 cards, passes no card twice, meets no DANGER (chip or printed) and
    carries at most 3 HIGH VOLTAGE chips.
    """
    colour, place, edge = DISTRIBUTORS[start]
    colours = [colour]
    places = []
    high = 0
    while True:
        cell = cells[place]
        if cell is None or not cell[3] or cell[2] == DANGER or cell[0] in DANGER_IDS:
            return None
        if place in places:
            return None
        places.append(place)
        high += cell[2]
        if high > 3:
            return None
        out, segment = EXITS[cell[0]][cell[1]][edge]
        colours.append(segment)
        nxt = NEXT[place, out]
        if type(nxt) is str:
            if nxt[0] == start[0] or len(places) < 4:
                return None
            colours.append(DISTRIBUTORS[nxt][0])
            return Line(start, nxt, tuple(places), tuple(colours))
        place, edge = nxt, (out + 2) % 4


def closable_lines(cells) -> list[Line]:
    """Every closable line once, named by the end whose id sorts first as a string."""
    lines = []
    for start in DISTRIBUTOR_IDS:
        line = trace(cells, start)
        if line is not None and start < line.end:
            lines.append(line)
    return lines


def point_chips(cards: int) -> int:
    """Point chips for the declarer: 0/1/2/3 for <5, 5–6, 7–8, >8 cards."""
    if cards < 5:
        return 0
    if cards <= 6:
        return 1
    if cards <= 8:
        return 2
    return 3
