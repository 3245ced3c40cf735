"""Link previews computed from a view dict, for the board's hover and tap-to-preview.

The board only ever sees ``engine.view(state, seat)``; this rebuilds, from the
posts and links that view shows, what ``ENGINE.preview_links`` computes from the
state: the links a post would make now, plus the would-be links that an existing
line blocks (so the board can show why a knight neighbour stays unjoined).
"""

from __future__ import annotations

from games.rules.high_voltage.geometry import CROSSING_MASK, KNIGHT, SEGMENT_ID, cell, xy


def link_mask(view: dict) -> int:
    """Bit mask of every link on the board (either colour), as ``State.links`` holds it."""
    mask = 0
    for seat_links in view["links"]:
        for a, b in seat_links:
            mask |= 1 << SEGMENT_ID[(cell(*a), cell(*b))]
    return mask


def own_posts(view: dict, seat: int) -> set[int]:
    return {cell(x, y) for x, y in view["posts"][seat]}


def preview(at, own: set[int], links: int) -> tuple[list, list]:
    """(made, blocked) for a post at ``at``: each a list of [[x, y], [nx, ny]].

    ``made`` matches ``ENGINE.preview_links`` for a free cell the seat may use,
    in the same order; ``blocked`` lists the own knight neighbours whose link
    would cross a line already standing.
    """
    x, y = at
    made, blocked = [], []
    for n, seg in KNIGHT[cell(x, y)]:
        if n in own:
            (blocked if links & CROSSING_MASK[seg] else made).append([[x, y], list(xy(n))])
    return made, blocked


def previews(view: dict, seat: int, cells) -> dict[tuple[int, int], tuple[list, list]]:
    """Preview of every cell in ``cells`` (e.g. the mover's legal posts) for ``seat``."""
    own, links = own_posts(view, seat), link_mask(view)
    return {tuple(at): preview(at, own, links) for at in cells}
