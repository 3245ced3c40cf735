"""What the bots know about High Voltage: connection distance instead of 200-post playouts.

The board is public, so the view rebuilds the state exactly. A random game runs to 200
posts and says little, so the search scores a position at once by each side's connection
distance: the fewest posts still needed to join its borders through knight links that no
existing link crosses (a 0-1 breadth-first search; own linked posts cost nothing). The
tree tries the cells on either side's shortest connections first.
"""

from __future__ import annotations

import math
import random

from games.high_voltage.engine import ENGINE, PLACEABLE, SWAMP, State
from games.high_voltage.geometry import (
    CELLS,
    CROSSING,
    LAST,
    SEGMENT_ENDS,
    SIZE,
    segment_ids,
    xy,
)
from games.rules.knowledge import Knowledge

FAR = 99  # distance of a side that can no longer connect
STEEPNESS = 0.45  # logistic slope per post of distance difference
TEMPO = 0.8  # the side to move is this many posts closer in effect

USABLE = tuple(
    bytes(1 if i in {c for c, _, _ in PLACEABLE[s]} else 0 for i in range(CELLS)) for s in (0, 1)
)
# Cells on each seat's start and goal borders (x = 0 / 23 for seat 0, y = 0 / 23 for seat 1).
BORDERS = tuple(
    tuple(tuple(i for i, x, y in PLACEABLE[s] if (x if s == 0 else y) == end) for end in (0, LAST))
    for s in (0, 1)
)


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The position exactly as shown: posts alternate from the first seat."""
    posts = view["posts"]
    first = view["first"] or 0
    order = []
    for n in range(len(posts[0]) + len(posts[1])):
        mine = (first + n) % 2
        order.append(posts[mine][n // 2])
    return ENGINE.from_json(
        {
            "swamps": view["swamps"],
            "mirrored": view["mirrored"],
            "posts": order,
            "links": view["links"][0] + view["links"][1],
        }
    )


# Sets of cells are bit masks (bit i for cell i). A knight step in direction k moves a mask
# by OFFSETS[k] once the cells whose step would leave the board (outside SOURCES[k]) are
# dropped, so one shift steps every cell of a set at once.
STEP_VECTORS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
OFFSETS = tuple(dy * SIZE + dx for dx, dy in STEP_VECTORS)
SOURCES = tuple(
    sum(1 << i for i in range(CELLS) if 0 <= xy(i)[0] + dx < SIZE and 0 <= xy(i)[1] + dy < SIZE)
    for dx, dy in STEP_VECTORS
)
USABLE_MASK = tuple(sum(1 << i for i in range(CELLS) if USABLE[s][i]) for s in (0, 1))
BORDER_MASK = tuple(tuple(sum(1 << i for i in BORDERS[s][end]) for end in (0, 1)) for s in (0, 1))


def _ends(seg: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The segment as (direction, cell) from each of its ends."""
    a, b = SEGMENT_ENDS[seg]
    (ax, ay), (bx, by) = xy(a), xy(b)
    return (
        (STEP_VECTORS.index((bx - ax, by - ay)), a),
        (STEP_VECTORS.index((ax - bx, ay - by)), b),
    )


ENDS = tuple(_ends(seg) for seg in range(len(SEGMENT_ENDS)))


def _crossed_masks(seg: int) -> tuple[int, ...]:
    """Per direction, the cells whose step that way crosses ``seg``."""
    masks = [0] * 8
    for other in CROSSING[seg]:
        for k, i in ENDS[other]:
            masks[k] |= 1 << i
    return tuple(masks)


CROSSED = tuple(_crossed_masks(seg) for seg in range(len(SEGMENT_ENDS)))


class Board:
    """A position as masks: each seat's posts, the empty cells, and per direction the cells
    whose step that way is a link (``links``) or could still become one (``free``)."""

    __slots__ = ("empty", "free", "links", "posts")

    def __init__(self, state: State):
        posts = [0, 0]
        for i in state.order:
            posts[state.cells[i] - 1] |= 1 << i
        swamp, i = 0, state.cells.find(SWAMP)
        while i >= 0:
            swamp |= 1 << i
            i = state.cells.find(SWAMP, i + 1)
        crossed, links = [0] * 8, [0] * 8
        for seg in segment_ids(state.links):
            for k, mask in enumerate(CROSSED[seg]):
                crossed[k] |= mask
            for k, i in ENDS[seg]:
                links[k] |= 1 << i
        self.posts = posts
        self.empty = ALL & ~(posts[0] | posts[1] | swamp)
        self.links = links
        self.free = [SOURCES[k] & ~crossed[k] & ~links[k] for k in range(8)]

    def levels(self, seat: int, start: int, goal: int = 0) -> list[int]:
        """The cells ``seat`` reaches from its border ``start`` (0 or 1) with 0, 1, 2, ...
        posts, ends counted (a 0-1 breadth-first search on whole sets): a step onto an empty
        cell costs a post, onto an own post nothing (from an own post only along its link,
        from an empty cell only where a new link could go). With a ``goal`` mask it stops at
        the first level that reaches it."""
        usable = USABLE_MASK[seat]
        own, empty = self.posts[seat] & usable, self.empty & usable
        free, links = self.free, self.links
        border = BORDER_MASK[seat][start]
        seen = 0
        level = border & own
        found = []
        while True:
            # Own posts reached for free: along a link from an own post, or a new link's end.
            fresh = level
            while fresh:
                step = 0
                from_own, from_empty = fresh & own, fresh & empty
                for k in range(8):
                    moved = (from_own & links[k]) | (from_empty & free[k])
                    if moved:
                        offset = OFFSETS[k]
                        step |= moved << offset if offset > 0 else moved >> -offset
                fresh = step & own & ~(seen | level)
                level |= fresh
            seen |= level
            found.append(level)
            if goal & level or (not level and len(found) > 1):
                return found
            nxt = border & empty & ~seen if len(found) == 1 else 0
            for k in range(8):
                moved = level & free[k]
                if moved:
                    offset = OFFSETS[k]
                    nxt |= moved << offset if offset > 0 else moved >> -offset
            level = nxt & empty & ~seen
            if not level:
                return found


ALL = (1 << CELLS) - 1


def _bits(mask: int):
    """The cells of a mask in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def connection(board: Board, seat: int) -> int:
    """The fewest posts ``seat`` still needs to join its two borders (FAR if it cannot)."""
    goal = BORDER_MASK[seat][1]
    found = board.levels(seat, 0, goal)
    return len(found) - 1 if found[-1] & goal else FAR


def evaluate(state: State) -> list[float]:
    """Seat 0's chance from both connection distances and the tempo of the side to move."""
    if state.mirrored is None:
        return [0.5, 0.5]
    board = Board(state)
    d0, d1 = connection(board, 0), connection(board, 1)
    if d0 >= FAR and d1 >= FAR:  # nobody connects: the extents decide at 200 posts
        gap = state.scores[0] - state.scores[1]
    else:
        gap = d1 - d0 + (TEMPO if ENGINE.to_move(state) == [0] else -TEMPO)
    p = 1 / (1 + math.exp(-STEEPNESS * gap))
    return [p, 1 - p]


def _path_cells(board: Board, seat: int, slack: int) -> dict[int, int]:
    """Empty cells on a connection of ``seat`` at most ``slack`` posts longer than its best,
    each with how much longer the best connection through it is (in cell order)."""
    there = board.levels(seat, 0)
    goal = BORDER_MASK[seat][1]
    best = next((n for n, level in enumerate(there) if level & goal), FAR)
    if best >= FAR:
        return {}
    back = board.levels(seat, 1)
    by_extra = []
    for extra in range(slack + 1):  # cells n posts from one border and m from the other
        total = best + 1 + extra  # n + m - 1 = best + extra
        mask = 0
        for n, level in enumerate(there[: total + 1]):
            if 0 <= total - n < len(back):
                mask |= level & back[total - n]
        by_extra.append(mask & board.empty)
    found = {}
    for i in _bits(_union(by_extra)):
        found[i] = next(extra for extra, mask in enumerate(by_extra) if mask >> i & 1)
    return found


def _union(masks: list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Cells on near-shortest connections of either side, those on both and on the best first."""
    if state.mirrored is None:
        return [{"type": "keep"}, {"type": "mirror"}]
    board = Board(state)
    mine = _path_cells(board, seat, 1)
    theirs = _path_cells(board, 1 - seat, 1)
    usable = USABLE[seat]
    ranked = []
    for i in set(mine) | set(theirs):
        if usable[i]:
            rank = mine.get(i, 3) + theirs.get(i, 3)
            ranked.append((rank, rng.random(), i))
    ranked.sort()
    moves = [{"type": "post", "at": list(xy(i))} for _, _, i in ranked[:40]]
    return moves or [ENGINE.random_move(state, seat, rng)]


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    iterations=(20, 90, 700),
    candidates=candidates,
    evaluate=evaluate,
    horizon=0,
    widening=1.5,
)
