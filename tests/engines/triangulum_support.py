"""Position builders for the Triangulum tests; holds no tests itself.

Every position is reached by real moves through ``apply``. Secrets that a test
does not care about are "parked": written on free points of the two bottom rows
y = 0, 1 at x = 28..44, away from every triangle the tests draw, and never on a
point already taken or already written, so revealing them changes nothing else.
"""

from __future__ import annotations

from games.triangulum.engine import ENGINE

PASS = {"type": "pass"}
PARK = [(x, y) for y in (0, 1) for x in range(28, 45)]


def place(at, secret):
    return {"type": "place", "open": list(at), "secret": list(secret)}


def tri(a, b, c):
    return {"type": "triangulate", "points": [list(a), list(b), list(c)]}


def mover(state) -> int:
    return ENGINE.to_move(state)[0]


def park(state, avoid=()):
    """A parking point nobody stands on or has written (and not in ``avoid``)."""
    data = ENGINE.to_json(state)
    taken = {tuple(p) for s in (0, 1) for p in data["points"][s] + data["secrets"][s]}
    return next(p for p in PARK if p not in taken and p not in avoid)


def put(state, at, secret=None):
    """The seat to move sets ``at`` openly and writes ``secret`` (default: a parked point)."""
    return ENGINE.apply(state, mover(state), place(at, secret or park(state, avoid=(at,))))


def play(state, *moves):
    """Applies moves in turn order, each for the seat to move."""
    for move in moves:
        state = ENGINE.apply(state, mover(state), move)
    return state


def lay(state, mine=(), theirs=(), secrets=None):
    """The seat to move sets ``mine``, the other ``theirs``, alternately.

    The shorter list is padded with parked open points, so afterwards the same
    seat is to move again. ``secrets`` optionally maps an open point to the
    secret written with it.
    """
    mine, theirs = list(mine), list(theirs)
    secrets = secrets or {}
    for n in range(max(len(mine), len(theirs))):
        for points in (mine, theirs):
            at = points[n] if n < len(points) else park(state)
            state = put(state, at, secrets.get(at))
    return state


def start():
    return ENGINE.setup(2, 1)


def points(state, seat) -> set:
    return {tuple(p) for p in ENGINE.view(state, None)["points"][seat]}


def leg_triangle(x, y, n, flip=False):
    """The right triangle with legs n along the axes from corner (x, y); area n(n+1)/2.

    ``flip`` points the legs to the left and up instead of right and down.
    """
    d = -n if flip else n
    return (x, y), (x + d, y), (x, y + d)


def score(state, triangle, other=()):
    """The seat to move lays out and scores ``triangle``; the other seat lays ``other``.

    Afterwards the other seat is to move (the triangulation was the last turn).
    """
    state = lay(state, triangle, other)
    return play(state, tri(*triangle))
