"""Link previews computed from a view dict, for the board's hover and tap-to-preview.

The board only ever sees ``engine.view(state, seat)``; this rebuilds, from the
posts and links that view shows, what ``ENGINE.preview_links`` computes from the
state: the links a post would make now, plus the would-be links that an existing
line blocks (so the board can show why a knight neighbour stays unjoined).
"""

from __future__ import annotations

from games.rules.high_voltage.geometry import CELLS, CROSSING_MASK, KNIGHT, SEGMENT_ID, cell, xy


# cell -> ((knight neighbour, segment id, this cell's place in the neighbour's KNIGHT), ...):
# walked from the seat's own posts, a preview visits the few cells next to them, not the
# eight neighbours of each of some 500 free cells, and still lists them in KNIGHT's order.
def _around() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    around: list[list] = [[] for _ in range(CELLS)]
    for n in range(CELLS):
        for rank, (m, seg) in enumerate(KNIGHT[n]):
            around[m].append((n, seg, rank))
    return tuple(map(tuple, around))


_AROUND = _around()


def link_mask(view: dict) -> int:
    """Bit mask of every link on the board (either colour), as ``State.links`` holds it."""
    mask = 0
    for seat_links in view["links"]:
        for a, b in seat_links:
            mask |= 1 << SEGMENT_ID[(cell(*a), cell(*b))]
    return mask


def previews(view: dict, seat: int) -> dict[tuple[int, int], tuple[list, list]]:
    """(made, blocked) for a post by ``seat`` at each cell next to one of its posts (any
    other cell would make and block nothing): each a list of [[x, y], [nx, ny]]. ``made``
    matches ``ENGINE.preview_links`` for a free cell the seat may use, in the same order;
    ``blocked`` lists the own knight neighbours whose link would cross a line already
    standing."""
    links = link_mask(view)
    near: dict[int, list] = {}
    for x, y in view["posts"][seat]:
        post = cell(x, y)
        for n, seg, rank in _AROUND[post]:
            near.setdefault(n, []).append((rank, post, seg))
    out = {}
    for n, found in near.items():
        at = xy(n)
        made, blocked = [], []
        for _, post, seg in sorted(found):
            (blocked if links & CROSSING_MASK[seg] else made).append([list(at), list(xy(post))])
        out[at] = (made, blocked)
    return out
