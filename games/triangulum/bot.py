"""What the bots know about Triangulum: the opponent's hidden points, and where area lies.

The only secret is the opponent's hidden list; the view shows its length, and a hidden
point may be written anywhere, so a determinization draws that many points uniformly.
Moves number in the millions, so the tree tries a handful of sensible ones: the largest
triangles valid now, open points that would close a large triangle with two own points or
that knock out an opponent's corner, each with its secret point written onto an opponent's
point (which the next reveal removes), and passing. Playouts stop after a few plies and
the match and partie totals decide.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from games.rules.knowledge import Knowledge
from games.triangulum.engine import (
    ALL_POINTS,
    ENGINE,
    State,
    meets_scored,
    partie_points,
)
from games.triangulum.geometry import cross
from games.triangulum.rows import covers, rows

TRIANGLES = 3  # largest valid triangles tried
CLOSERS = 4  # open points that would close a large triangle
PROBES = 24  # free points tested as closers
ALL_TRIPLES = 14  # up to this many own points every triple is tried, else a sample
SCALE = 120.0  # match points that make the evaluation ~73 % sure


def sampler(view: dict, seat: int) -> Callable[[random.Random], State]:
    """``determinize`` bound to one view: the board is read once, each draw only writes the
    opponent's hidden points (reading the view was a tenth of a Hard iteration)."""
    other = 1 - seat
    count = view["secret_counts"][other]
    own = tuple(tuple(p) for p in view["my_secrets"])
    outcome = view["outcome"]
    board = ENGINE.from_json(
        {
            "partie": view["partie"],
            "turns": view["turn"],
            "passes": view["pass_streak"],
            "points": view["points"],
            "triangles": [
                {"seat": s, "points": t["points"], "area": t["area"]}
                for s in (0, 1)
                for t in view["triangles"][s]
            ],
            "secrets": [[], []],
            "match": view["match_scores"],
            "history": view["history"],
            "last_move": view["last_move"],
            "reveal": view["last_reveal"],
            "result": None
            if outcome is None
            else {"winners": outcome["winners"], "reason": outcome["reason"]},
        }
    )

    def draw(rng: random.Random) -> State:
        size, below = len(ALL_POINTS), rng.randrange
        hidden = tuple(ALL_POINTS[below(size)] for _ in range(count))
        return replace(board, secrets=(own, hidden) if seat == 0 else (hidden, own))

    return draw


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The board as shown; the opponent's hidden points drawn uniformly over the board."""
    return sampler(view, seat)(rng)


def _free(state: State, seat: int) -> list:
    """Own open points that may still be corners (not fixed), in a stable order."""
    return sorted(state.points[seat] - state.fixed)


def best_triangles(state: State, seat: int, rng: random.Random, count: int) -> list:
    """Up to ``count`` valid triangles of ``seat``, the largest first (a sample when many)."""
    own = _free(state, seat)
    if len(own) < 3:
        return []
    if len(own) <= ALL_TRIPLES:
        triples = list(combinations(own, 3))
    else:
        extremes = sorted(
            {min(own, key=f) for f in _DIRECTIONS} | {max(own, key=f) for f in _DIRECTIONS}
        )
        triples = list(combinations(extremes, 3)) + sampled_triples(rng, own, 200)
    triples.sort(key=_area_first)
    found = []
    bits = rows(state.points[1 - seat], state.fixed)
    for tri in triples:
        if cross(*tri) and allowed(bits, state.triangles, tri):
            found.append(tri)
            if len(found) == count:
                break
    return found


def allowed(bits: list[int], triangles, tri) -> bool:
    """``triangle_allowed`` for a triangle of three own points not on one line, where
    ``bits`` are the ``rows`` of the opponent's points and the scored corners: none of
    them in it, and no scored triangle met. The rows where it is widest refuse most
    triangles at once, so they are tested before the scored triangles and the other rows
    (the engine's check tests the opponent's points one by one)."""
    return not (covers(bits, tri, widest=True) or meets_scored(triangles, tri) or covers(bits, tri))


def _area_first(tri) -> int:
    """Sorts the largest triangle first (``-abs(cross(*tri))`` written out)."""
    (ax, ay), (bx, by), (cx, cy) = tri
    return -abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))


def sampled_triples(rng: random.Random, own: list, count: int) -> list[tuple]:
    """``[tuple(rng.sample(own, 3)) for _ in range(count)]``, drawn the same way (the
    ``getrandbits`` calls of ``Random.sample``'s two methods for three of ``len(own)``,
    written out): Hard samples two hundred triples a node."""
    n, bits = len(own), rng.getrandbits
    k0, k1, k2 = n.bit_length(), (n - 1).bit_length(), (n - 2).bit_length()
    triples = []
    if n <= 21:  # ``sample`` draws from a shrinking pool
        for _ in range(count):
            pool = list(own)
            j = bits(k0)
            while j >= n:
                j = bits(k0)
            a, pool[j] = pool[j], pool[n - 1]
            j = bits(k1)
            while j >= n - 1:
                j = bits(k1)
            b, pool[j] = pool[j], pool[n - 2]
            j = bits(k2)
            while j >= n - 2:
                j = bits(k2)
            triples.append((a, b, pool[j]))
    else:  # ``sample`` draws indices again until a new one comes
        for _ in range(count):
            i = bits(k0)
            while i >= n:
                i = bits(k0)
            j = bits(k0)
            while j >= n or j == i:
                j = bits(k0)
            k = bits(k0)
            while k >= n or k in (i, j):
                k = bits(k0)
            triples.append((own[i], own[j], own[k]))
    return triples


_DIRECTIONS = (
    lambda p: p[0],
    lambda p: p[1],
    lambda p: p[0] + p[1],
    lambda p: p[0] - p[1],
)


def _closers(state: State, seat: int, rng: random.Random) -> list:
    """Free points that would make the largest valid triangle with two own points."""
    own = _free(state, seat)
    taken = state.points[0] | state.points[1] | state.fixed
    probes = [p for p in (rng.choice(ALL_POINTS) for _ in range(PROBES)) if p not in taken]
    if len(own) < 2:
        return probes[:CLOSERS]
    pairs = [tuple(rng.sample(own, 2)) for _ in range(12)]
    bits = rows(state.points[1 - seat], state.fixed)
    scored = []
    for p in probes:
        best = 0
        for a, b in pairs:
            area = abs(cross(a, b, p))
            if area > best and allowed(bits, state.triangles, (a, b, p)):
                best = area
        scored.append((-best, p))
    scored.sort()
    return [p for _, p in scored[:CLOSERS]]


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """The largest valid triangles, places that build or spoil triangles, and passing."""
    moves = [
        {"type": "triangulate", "points": [list(p) for p in tri]}
        for tri in best_triangles(state, seat, rng, TRIANGLES)
    ]
    threats = [p for tri in best_triangles(state, 1 - seat, rng, 2) for p in tri]
    targets = threats or sorted(state.points[1 - seat] - state.fixed)
    opens = _closers(state, seat, rng) + [p for p in threats if p not in state.fixed][:2]
    for at in opens:
        secret = rng.choice(targets) if targets else rng.choice(ALL_POINTS)
        moves.append({"type": "place", "open": list(at), "secret": list(secret)})
    moves.append({"type": "pass"})
    return moves


def evaluate(state: State) -> list[float]:
    """Seat 0's chance from the match totals plus what the running partie would give now."""
    t0, t1 = state.totals
    m0, m1 = state.match
    if t0 > t1:
        m0 += partie_points(t0, t1)
    elif t1 > t0:
        m1 += partie_points(t1, t0)
    p = 1 / (1 + math.exp(-(m0 - m1) / SCALE))
    return [p, 1 - p]


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    secrets=True,
    sampler=sampler,
    iterations=(10, 50, 360),
    candidates=candidates,
    evaluate=evaluate,
    horizon=4,
    widening=1.5,
)
