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
from collections import deque

from games.rules.high_voltage.engine import EMPTY, ENGINE, PLACEABLE, State
from games.rules.high_voltage.geometry import CELLS, CROSSING, KNIGHT, LAST, segment_ids, xy
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


def _blocked(state: State) -> bytearray:
    """Per segment: 1 when an existing link crosses it (so it can never become a link)."""
    blocked = bytearray(len(CROSSING))
    for seg in segment_ids(state.links):
        for other in CROSSING[seg]:
            blocked[other] = 1
    return blocked


def distances(state: State, seat: int, blocked: bytearray, start: int) -> list[int]:
    """Posts needed to reach each cell from ``seat``'s border ``start`` (0 or 1), ends counted."""
    cells, links, own, usable = state.cells, state.links, seat + 1, USABLE[seat]
    dist = [FAR] * CELLS
    queue: deque[int] = deque()
    for i in BORDERS[seat][start]:
        if cells[i] == own:
            dist[i] = 0
            queue.appendleft(i)
        elif cells[i] == EMPTY:
            dist[i] = 1
            queue.append(i)
    while queue:
        u = queue.popleft()
        du = dist[u]
        u_own = cells[u] == own
        for v, seg in KNIGHT[u]:
            if not usable[v]:
                continue
            cv = cells[v]
            if cv == own:
                if u_own and not links >> seg & 1:
                    continue
                if not u_own and blocked[seg]:
                    continue
                if du < dist[v]:
                    dist[v] = du
                    queue.appendleft(v)
            elif cv == EMPTY and not blocked[seg] and du + 1 < dist[v]:
                dist[v] = du + 1
                queue.append(v)
    return dist


def connection(state: State, seat: int, blocked: bytearray) -> int:
    """The fewest posts ``seat`` still needs to join its two borders (FAR if it cannot)."""
    dist = distances(state, seat, blocked, 0)
    return min((dist[i] for i in BORDERS[seat][1]), default=FAR)


def evaluate(state: State) -> list[float]:
    """Seat 0's chance from both connection distances and the tempo of the side to move."""
    if state.mirrored is None:
        return [0.5, 0.5]
    blocked = _blocked(state)
    d0, d1 = connection(state, 0, blocked), connection(state, 1, blocked)
    if d0 >= FAR and d1 >= FAR:  # nobody connects: the extents decide at 200 posts
        gap = state.scores[0] - state.scores[1]
    else:
        gap = d1 - d0 + (TEMPO if ENGINE.to_move(state) == [0] else -TEMPO)
    p = 1 / (1 + math.exp(-STEEPNESS * gap))
    return [p, 1 - p]


def _path_cells(state: State, seat: int, blocked: bytearray, slack: int) -> dict[int, int]:
    """Empty cells on a connection of ``seat`` at most ``slack`` posts longer than its best,
    each with how much longer the best connection through it is."""
    there = distances(state, seat, blocked, 0)
    back = distances(state, seat, blocked, 1)
    best = min((there[i] for i in BORDERS[seat][1]), default=FAR)
    if best >= FAR:
        return {}
    found = {}
    for i in range(CELLS):
        if state.cells[i] == EMPTY and there[i] < FAR and back[i] < FAR:
            extra = there[i] + back[i] - 1 - best
            if extra <= slack:
                found[i] = extra
    return found


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Cells on near-shortest connections of either side, those on both and on the best first."""
    if state.mirrored is None:
        return [{"type": "keep"}, {"type": "mirror"}]
    blocked = _blocked(state)
    mine = _path_cells(state, seat, blocked, 1)
    theirs = _path_cells(state, 1 - seat, blocked, 1)
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
