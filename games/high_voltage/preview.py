"""Link previews computed from a view dict, for the board's hover and tap-to-preview.

The board only ever sees ``engine.view(state, seat)``; this rebuilds, from the
posts and links that view shows, what ``ENGINE.preview_links`` computes from the
state: the links a post would make now, plus the would-be links that an existing
line blocks (so the board can show why a knight neighbour stays unjoined).
"""

from __future__ import annotations

from games.high_voltage.geometry import CELLS, CROSSING_MASK, KNIGHT, SEGMENT_ID, cell, xy


# cell -> ((knight neighbour, this cell's place in the neighbour's KNIGHT, crossing mask of
# the link between them, that link as the board script reads it: "nx,ny,x,y"): walked from
# the seat's own posts, a preview visits the few cells next to them, not the eight
# neighbours of each of some 500 free cells, lists them in KNIGHT's order, and writes no
# number on a move (the mover's board is rendered on every move).
def _around() -> tuple[tuple[tuple[int, int, int, str], ...], ...]:
    around: list[list] = [[] for _ in range(CELLS)]
    for n in range(CELLS):
        nx, ny = xy(n)
        for rank, (m, seg) in enumerate(KNIGHT[n]):
            mx, my = xy(m)
            around[m].append((n, rank, CROSSING_MASK[seg], f"{nx},{ny},{mx},{my}"))
    return tuple(map(tuple, around))


_AROUND = _around()


def link_mask(view: dict) -> int:
    """Bit mask of every link on the board (either colour), as ``State.links`` holds it."""
    mask = 0
    for seat_links in view["links"]:
        for a, b in seat_links:
            mask |= 1 << SEGMENT_ID[(cell(*a), cell(*b))]
    return mask


def previews(view: dict, seat: int) -> dict[tuple[int, int], tuple[str, str]]:
    """(made, blocked) for a post by ``seat`` at each free cell next to one of its posts
    (any other cell would make and block nothing), each as the board script reads links:
    ``x1,y1,x2,y2;...`` in cell coordinates, the new post first. ``made`` matches
    ``ENGINE.preview_links`` for a free cell the seat may use, in the same order;
    ``blocked`` lists the own knight neighbours whose link would cross a line already
    standing."""
    links = link_mask(view)
    taken = {cell(x, y) for seat_posts in view["posts"] for x, y in seat_posts}
    near: dict[int, list] = {}
    for x, y in view["posts"][seat]:
        for n, rank, crossing, text in _AROUND[cell(x, y)]:
            if n in taken:  # a post stands there: no target, no preview
                continue
            found = near.get(n)
            entry = (rank, bool(links & crossing), text)
            if found is None:
                near[n] = [entry]
            else:
                found.append(entry)
    out = {}
    for n, found in near.items():
        if len(found) == 1:
            _, blocked, text = found[0]
            out[xy(n)] = ("", text) if blocked else (text, "")
        else:
            found.sort()
            made = ";".join(text for _, blocked, text in found if not blocked)
            out[xy(n)] = (made, ";".join(text for _, blocked, text in found if blocked))
    return out
