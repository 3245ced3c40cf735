"""The High Voltage rules engine: pure, deterministic, no Django (docs/rules.md §1 and §2)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import compress

from games.high_voltage import codes
from games.high_voltage.geometry import (
    CELLS,
    COLUMN_NAMES,
    CROSSING_MASK,
    KNIGHT,
    LAST,
    SEGMENT_ENDS,
    SEGMENT_ID,
    SIZE,
    cell,
    cell_name,
    is_corner,
    segment_ids,
    xy,
)
from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.frozen import FrozenMove, frozen

MAX_POSTS = 200
SWAMP_SIZES = (3, 2, 2, 1)  # the seed's swamps: one 3×3, two 2×2, one 1×1
EMPTY, SWAMP = 0, 3  # cell codes; a post of seat s is s + 1
MAX_SWAMP_CELLS = 100  # an option may not drown the board: both seats keep room for 100 posts
MAX_SWAMPS = 8  # and may not list swamps without end (each one costs every later load)
MOVE_KEYS = {"keep": set(), "mirror": set(), "post": {"at"}}


def axis(seat: int, i: int) -> int:
    """The coordinate a seat's score measures: x for seat 0 (left–right), y for seat 1."""
    return i % SIZE if seat == 0 else i // SIZE


def _placeable(seat: int) -> tuple[tuple[int, int, int], ...]:
    """(cell, x, y) of every cell ``seat`` may ever use: no corner, no opponent border."""
    cells = []
    for i in range(CELLS):
        x, y = xy(i)
        opponent_border = y in (0, LAST) if seat == 0 else x in (0, LAST)
        if not is_corner(x, y) and not opponent_border:
            cells.append((i, x, y))
    return tuple(cells)


PLACEABLE = (_placeable(0), _placeable(1))
# The moves ``legal_moves`` lists, made once (games/rules/frozen.py): a post on each cell
# (``spot`` is the cell), and the opening's two choices.
POST = tuple(frozen({"type": "post", "at": list(xy(i))}, i) for i in range(CELLS))
OPENING = (frozen({"type": "keep"}), frozen({"type": "mirror"}))
# Per seat, a byte per cell: 1 where the seat may ever post. ``legal_moves`` ANDs it with
# the free cells as one number, and the bytes of the result pick the posts (``compress``).
USABLE = tuple(
    bytes(int(i in cells) for i in range(CELLS))
    for cells in ({c for c, _, _ in placeable} for placeable in PLACEABLE)
)
USABLE_BITS = tuple(int.from_bytes(u, "little") for u in USABLE)
FREE = bytes(int(code == EMPTY) for code in range(256))  # cells.translate: 1 where empty


@dataclass(frozen=True)
class State:
    """One position. ``lines`` maps a line's root cell to (low, high, member cells).

    ``lines``/``label`` are a union-find flattened to one label per cell: every
    post's label is the root of its line, and low/high are the line's extent on
    the owner's axis, so scores and the connection check are O(1) per post.
    """

    swamps: tuple[tuple[int, int, int], ...]  # (x, y, size) by top-left cell, as now on the board
    mirrored: bool | None  # None while seat 0 has not chosen keep or mirror
    cells: bytes  # per cell: EMPTY, SWAMP, or seat + 1 for a post
    links: int  # bit s set when segment s is a link (its owner is the owner of its ends)
    order: tuple[int, ...]  # posts in the order they were set
    label: tuple[int, ...]  # per cell: root cell of its line, or -1 without a post
    lines: dict  # root cell -> (low, high, cells) of that line
    scores: tuple[int, int]
    result: tuple[tuple[int, ...], str] | None = None  # (winners, reason) once over
    left: tuple[tuple[int, str], ...] = ()  # (seat, reason) of the seat that left

    @property
    def first(self) -> int:
        """The seat that sets the first post: seat 1 after a mirror, else seat 0."""
        return 1 if self.mirrored else 0


def swamp_cells(swamps) -> list[tuple[int, int]]:
    """Every cell covered by a swamp, sorted by (y, x); overlapping swamps count once."""
    covered = {(x + dx, y + dy) for x, y, s in swamps for dx in range(s) for dy in range(s)}
    return sorted(covered, key=lambda p: (p[1], p[0]))


def _new_links(state: State, seat: int, i: int) -> list[tuple[int, int]]:
    """(neighbour, segment) for each link a post of ``seat`` at cell ``i`` would make now.

    New links all end at ``i``, so they never cross each other; only the links
    already on the board (either colour) can block them.
    """
    own, cells, links = seat + 1, state.cells, state.links
    return [(n, seg) for n, seg in KNIGHT[i] if cells[n] == own and not links & CROSSING_MASK[seg]]


def _place(state: State, seat: int, i: int) -> State:
    """Returns ``state`` with a post of ``seat`` on empty cell ``i``, links and lines updated."""
    new = _new_links(state, seat, i)
    cells = bytearray(state.cells)
    cells[i] = seat + 1
    links = state.links
    for _, seg in new:
        links |= 1 << seg
    label = list(state.label)
    lines = dict(state.lines)
    coordinate = axis(seat, i)
    roots = {label[n] for n, _ in new}
    if roots:
        target = max(roots, key=lambda r: (len(lines[r][2]), -r))  # relabel the smaller lines
        low, high, members = lines[target]
        low, high, members = min(low, coordinate), max(high, coordinate), [*members, i]
        label[i] = target
        for root in roots - {target}:
            other_low, other_high, other = lines.pop(root)
            low, high = min(low, other_low), max(high, other_high)
            for m in other:
                label[m] = target
            members.extend(other)
        lines[target] = (low, high, tuple(members))
    else:
        low = high = coordinate
        label[i] = i
        lines[i] = (low, high, (i,))
    scores = list(state.scores)
    scores[seat] = max(scores[seat], high - low)
    order = (*state.order, i)
    return replace(
        state,
        cells=bytes(cells),
        links=links,
        order=order,
        label=tuple(label),
        lines=lines,
        scores=(scores[0], scores[1]),
        result=_result(scores, len(order)),
    )


def _result(scores, posts: int):
    """(winners, reason) once a line spans both own borders or 200 posts stand, else None."""
    for seat in (0, 1):
        if scores[seat] == LAST:  # extent 23 means the line touches both own borders
            return (seat,), "connected"
    if posts >= MAX_POSTS:
        if scores[0] == scores[1]:
            return (), "posts"
        return (0 if scores[0] > scores[1] else 1,), "posts"
    return None


def _check_swamps(swamps) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(swamps, list | tuple):
        raise ValueError("swamps must be a list of [x, y, size].")
    if len(swamps) > MAX_SWAMPS:
        raise ValueError(f"There may be at most {MAX_SWAMPS} swamps.")
    checked = []
    for swamp in swamps:
        if (
            not isinstance(swamp, list | tuple)
            or len(swamp) != 3
            or any(type(v) is not int for v in swamp)
        ):
            raise ValueError(f"Swamp {swamp!r} must be [x, y, size] in whole numbers.")
        x, y, size = swamp
        if size < 1 or x < 1 or y < 1 or x + size - 1 > LAST - 1 or y + size - 1 > LAST - 1:
            raise ValueError(f"Swamp {list(swamp)} must lie inside 1 ≤ x, y ≤ 22.")
        checked.append((x, y, size))
    if len(swamp_cells(checked)) > MAX_SWAMP_CELLS:
        raise ValueError(f"Swamps may cover at most {MAX_SWAMP_CELLS} cells.")
    return tuple(checked)


def _fresh(swamps, mirrored: bool | None) -> State:
    cells = bytearray(CELLS)
    for x, y in swamp_cells(swamps):
        cells[cell(x, y)] = SWAMP
    return State(
        swamps=tuple(swamps),
        mirrored=mirrored,
        cells=bytes(cells),
        links=0,
        order=(),
        label=(-1,) * CELLS,
        lines={},
        scores=(0, 0),
    )


class HighVoltageEngine(EngineBase):
    slug = "high-voltage"
    name = "High Voltage"
    min_players = 2
    max_players = 2
    codes = codes  # its move codes' format (docs/rules.md §1.4)

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """Returns the opening position; ``{"swamps": [[x, y, size], ...]}`` fixes the swamps."""
        if players != 2:
            raise ValueError("High Voltage is for exactly two players.")
        options = option_dict(options, {"swamps"}, "High Voltage")
        if "swamps" in options:
            swamps = _check_swamps(options["swamps"])
        else:
            rng = random.Random(seed)
            swamps = []
            for size in SWAMP_SIZES:
                x = rng.randint(1, LAST - size)
                y = rng.randint(1, LAST - size)
                swamps.append((x, y, size))
        return _fresh(tuple(swamps), None)

    def to_move(self, state: State) -> list[int]:
        if state.result is not None:
            return []
        if state.mirrored is None:
            return [0]
        return [(state.first + len(state.order)) % 2]

    def legal_moves(self, state: State, seat: int):
        """Keep and mirror during the opening, then a post for every free usable cell, lazily:
        the shared moves of ``OPENING`` and ``POST``, picked in C rather than built."""
        if seat not in self.to_move(state):
            return iter(())
        if state.mirrored is None:
            return iter(OPENING)
        free = int.from_bytes(state.cells.translate(FREE), "little") & USABLE_BITS[seat]
        return compress(POST, free.to_bytes(CELLS, "little"))

    def random_move(self, state: State, seat: int, rng: random.Random) -> dict:
        """A uniformly random legal move, without building every move dict (for playouts)."""
        if state.mirrored is None:
            return {"type": rng.choice(("keep", "mirror"))}
        # Rejection sampling is exactly uniform over the free cells, and fast: of a seat's
        # 528 usable cells at most 199 posts and MAX_SWAMP_CELLS swamp cells are ever taken.
        cells, usable = state.cells, PLACEABLE[seat]
        for _ in range(100):
            i, x, y = usable[rng.randrange(len(usable))]
            if cells[i] == EMPTY:
                return {"type": "post", "at": [x, y]}
        return rng.choice(list(self.legal_moves(state, seat)))

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat``'s move; raises IllegalMove for anything the rules refuse."""
        if (  # a listed post: its form is known, the position may refuse it
            type(move) is FrozenMove
            and (i := move.spot) is not None
            and state.result is None
            and state.mirrored is not None
            and type(seat) is int
            and seat == (state.first + len(state.order)) % 2
            and USABLE[seat][i]
            and state.cells[i] == EMPTY
        ):
            return _place(state, seat, i)
        kind = require_keys(move, MOVE_KEYS)
        if type(seat) is not int or seat not in self.to_move(state):
            raise IllegalMove("The game is over." if state.result else "It is not your turn.")
        if state.mirrored is None:
            if kind == "post":
                raise IllegalMove("First choose: keep the board and set first, or mirror it.")
            if kind == "keep":
                return replace(state, mirrored=False)
            mirrored = tuple((y, x, size) for x, y, size in state.swamps)
            return _fresh(mirrored, True)
        if kind != "post":
            raise IllegalMove("The keep-or-mirror choice has already been made.")
        x, y = int_list(move["at"], 2, "Cell", 0, LAST)
        return _place(state, seat, _check_cell(state, seat, x, y))

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason."""
        check_leave(seat, reason, 2, state.left, state.result is not None)
        return replace(state, left=((seat, reason),), result=((1 - seat,), reason))

    def preview_links(self, state: State, seat: int, at) -> list[list[list[int]]]:
        """The links a post of ``seat`` at ``at`` would create now ([] where it may not stand).

        For the board's hover preview; it does not ask whose turn it is, only that
        posts may be set (after the opening choice, before the end).
        """
        if seat not in (0, 1) or type(seat) is not int or state.mirrored is None or state.result:
            return []
        try:
            x, y = int_list(at, 2, "Cell", 0, LAST)
            i = _check_cell(state, seat, x, y)
        except IllegalMove:
            return []
        return [[[x, y], list(xy(n))] for n, _ in _new_links(state, seat, i)]

    def view(self, state: State, seat: int | None) -> dict:
        """The whole board; High Voltage has no hidden information."""
        posts = [[], []]
        for i in state.order:
            posts[state.cells[i] - 1].append(list(xy(i)))
        links = [[], []]
        for seg in segment_ids(state.links):
            a, b = SEGMENT_ENDS[seg]
            links[state.cells[a] - 1].append([list(xy(a)), list(xy(b))])
        return {
            "players": 2,
            "to_move": self.to_move(state),
            "outcome": self.outcome(state),
            "scores": list(state.scores),
            "size": SIZE,
            "column_names": COLUMN_NAMES,
            "borders": [{"axis": "x", "at": [0, LAST]}, {"axis": "y", "at": [0, LAST]}],
            "corners": [[0, 0], [LAST, 0], [0, LAST], [LAST, LAST]],
            "swamps": [list(s) for s in state.swamps],
            "swamp_cells": [list(p) for p in swamp_cells(state.swamps)],
            "opening_pending": state.mirrored is None,
            "mirrored": state.mirrored,
            "first": None if state.mirrored is None else state.first,
            "posts": posts,
            "links": links,
            "best_lines": [_best_line(state, s) for s in (0, 1)],
            "last": list(xy(state.order[-1])) if state.order else None,
            "placed": len(state.order),
            "max_posts": MAX_POSTS,
            "left": [list(entry) for entry in state.left],
        }

    def outcome(self, state: State) -> dict | None:
        """None while running; winners [] on equal scores after 200 posts."""
        if state.result is None:
            return None
        winners, reason = state.result
        return {"winners": list(winners), "scores": list(state.scores), "reason": reason}

    def notation(self, state, move: dict) -> str:
        """'keep', 'mirror' or 'post k7' (column letter a..x from the left, row 1..24 from the top)."""
        if move["type"] == "post":
            return f"post {cell_name(*move['at'])}"
        return move["type"]

    def to_json(self, state: State) -> dict:
        """Swamps, the opening choice, posts in order and links; everything else is derived."""
        return {
            "swamps": [list(s) for s in state.swamps],
            "mirrored": state.mirrored,
            "posts": [list(xy(i)) for i in state.order],
            "links": [
                [list(xy(a)), list(xy(b))]
                for a, b in map(SEGMENT_ENDS.__getitem__, segment_ids(state.links))
            ],
            "left": [list(entry) for entry in state.left],
        }

    def from_json(self, data: dict) -> State:
        """Rebuilds the position: posts alternate from the first seat, links join lines.

        The result follows from the posts, or from the seat that left.
        """
        state = _fresh(tuple(tuple(s) for s in data["swamps"]), data["mirrored"])
        cells = bytearray(state.cells)
        for n, (x, y) in enumerate(data["posts"]):
            cells[cell(x, y)] = (state.first + n) % 2 + 1
        links = 0
        for a, b in data["links"]:
            links |= 1 << SEGMENT_ID[(cell(*a), cell(*b))]
        order = tuple(cell(x, y) for x, y in data["posts"])
        label, lines, scores = _lines(cells, order, links)
        state = replace(
            state,
            cells=bytes(cells),
            links=links,
            order=order,
            label=label,
            lines=lines,
            scores=scores,
            result=_result(scores, len(order)),
        )
        for seat, reason in data.get("left", ()):
            state = self.leave(state, seat, reason)
        return state


def _check_cell(state: State, seat: int, x: int, y: int) -> int:
    """Returns the cell index if ``seat`` may set a post on (x, y), else raises IllegalMove."""
    if is_corner(x, y):
        raise IllegalMove("No post may stand on a corner.")
    if (y in (0, LAST)) if seat == 0 else (x in (0, LAST)):
        raise IllegalMove("That border belongs to your opponent.")
    i = cell(x, y)
    if state.cells[i] == SWAMP:
        raise IllegalMove("No post may stand in a swamp.")
    if state.cells[i] != EMPTY:
        raise IllegalMove("That cell already holds a post.")
    return i


def _lines(cells, order, links):
    """Labels, lines and scores computed from scratch (flood fill over the links)."""
    neighbours = {i: [] for i in order}
    for seg in segment_ids(links):
        a, b = SEGMENT_ENDS[seg]
        neighbours[a].append(b)
        neighbours[b].append(a)
    label = [-1] * CELLS
    lines = {}
    scores = [0, 0]
    for start in order:
        if label[start] != -1:
            continue
        seat = cells[start] - 1
        members, stack = [start], [start]
        label[start] = start
        while stack:
            for n in neighbours[stack.pop()]:
                if label[n] == -1:
                    label[n] = start
                    members.append(n)
                    stack.append(n)
        values = [axis(seat, m) for m in members]
        lines[start] = (min(values), max(values), tuple(members))
        scores[seat] = max(scores[seat], max(values) - min(values))
    return tuple(label), lines, (scores[0], scores[1])


def _best_line(state: State, seat: int) -> list[list[int]]:
    """Cells of the seat's line with the largest extent (ties: the line holding the lowest cell)."""
    best = None
    for low, high, members in state.lines.values():
        if state.cells[members[0]] - 1 != seat:
            continue
        candidate = (high - low, -min(members), members)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    return [] if best is None else [list(xy(i)) for i in sorted(best[2])]


ENGINE = HighVoltageEngine()
