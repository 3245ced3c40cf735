"""High Voltage's bot measures connections on whole sets of cells at once (bit masks); here
the same distances are counted cell by cell, as a plain 0-1 breadth-first search, over
seeded random positions: the connection distance and the cells near a shortest connection
must agree."""

from __future__ import annotations

import random
from collections import deque

from games.high_voltage.bot import (
    BORDERS,
    FAR,
    USABLE,
    Board,
    _path_cells,
    connection,
)
from games.high_voltage.engine import EMPTY, ENGINE
from games.high_voltage.geometry import CELLS, CROSSING, KNIGHT, segment_ids


def plain_distances(state, seat: int, start: int) -> list[int]:
    """Posts needed to reach each cell from ``seat``'s border ``start``, cell by cell."""
    blocked = {other for seg in segment_ids(state.links) for other in CROSSING[seg]}
    cells, own, usable = state.cells, seat + 1, USABLE[seat]
    dist = [FAR] * CELLS
    queue = deque()
    for i in BORDERS[seat][start]:
        if cells[i] == own:
            dist[i] = 0
            queue.appendleft(i)
        elif cells[i] == EMPTY:
            dist[i] = 1
            queue.append(i)
    while queue:
        u = queue.popleft()
        for v, seg in KNIGHT[u]:
            if not usable[v]:
                continue
            if cells[v] == own:
                linked = state.links >> seg & 1
                if (linked if cells[u] == own else seg not in blocked) and dist[u] < dist[v]:
                    dist[v] = dist[u]
                    queue.appendleft(v)
            elif cells[v] == EMPTY and seg not in blocked and dist[u] + 1 < dist[v]:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def plain_path_cells(state, seat: int, slack: int) -> dict[int, int]:
    there, back = plain_distances(state, seat, 0), plain_distances(state, seat, 1)
    best = min(there[i] for i in BORDERS[seat][1])
    if best >= FAR:
        return {}
    extra = {
        i: there[i] + back[i] - 1 - best
        for i in range(CELLS)
        if state.cells[i] == EMPTY and there[i] < FAR and back[i] < FAR
    }
    return {i: e for i, e in extra.items() if e <= slack}


def test_set_search_agrees_with_a_cell_by_cell_search():
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.apply(ENGINE.setup(2, seed), 0, {"type": "keep"})
        while ENGINE.to_move(state):
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
            if len(state.order) % 9 == 0:
                board = Board(state)
                for s in (0, 1):
                    best = min(plain_distances(state, s, 0)[i] for i in BORDERS[s][1])
                    assert connection(board, s) == best
                    assert list(_path_cells(board, s, 1).items()) == list(
                        plain_path_cells(state, s, 1).items()
                    )
                checked += 1
    assert checked > 50
