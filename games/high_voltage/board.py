"""Layout for the High Voltage SVG: a 24×24 field of holes, 10 user units per cell.

Every value comes from the viewer's ``view`` (the whole board: High Voltage has
no secrets) and the viewer's legal moves. Each legal post is one transparent
``<rect>`` with its ``data-move`` and, for the hover / tap preview, the links it
would make (``data-links``) and the ones a standing line blocks (``data-blocked``),
as ``x1,y1,x2,y2;...`` in cell coordinates.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy
from markupsafe import Markup

from games.boards import Words, move_attr
from games.high_voltage.engine import swamp_cells
from games.high_voltage.geometry import SIZE
from games.high_voltage.preview import previews

# A seat that is not to move and has no moves is drawn as a spectator is, when its view is
# theirs (games.live.rendering ``Position.layout`` then lays the board out once for both).
OFF_TURN_AS_SPECTATOR = True

SEATS = [
    {"name": gettext_noop("Blue"), "colour": "#1971c2", "direction": gettext_noop("left ↔ right")},
    {"name": gettext_noop("Red"), "colour": "#e03131", "direction": gettext_noop("top ↕ bottom")},
]
OPTIONS: list[dict] = []  # swamps are set through the lobby's custom setup JSON
CELL = 10
MARGIN = 10  # room for the column letters and row numbers


def _target(x: int, y: int) -> str:
    # data-move as move_attr writes it, without a json.dumps per cell
    return (
        f'<rect x="{x * CELL}" y="{y * CELL}" width="10" height="10" '
        f"""data-move='{{"type":"post","at":[{x},{y}]}}'"""
    )


# Every cell's target up to its previews, written once: a mover has some 500 on every move.
_TARGETS = {(x, y): _target(x, y) for x in range(SIZE) for y in range(SIZE)}


def _targets_svg(post_moves: list[dict], preview: dict) -> str:
    """The mover's clickable cells, as markup: built here because there are some 500 of them
    on every move, several times faster than a template loop. Every value is an int, so
    nothing needs escaping ("" when the viewer has no post to set). Only the cells next to
    the mover's posts have previews (``previews``)."""
    cells = []
    for move in post_moves:
        at = tuple(move["at"])
        found = preview.get(at)
        cells.append(_TARGETS[at] + (_preview_attrs(*found) if found else "") + "/>")
    return Markup("".join(cells))


def _preview_attrs(made: str, blocked: str) -> str:
    return (f' data-links="{made}"' if made else "") + (
        f' data-blocked="{blocked}"' if blocked else ""
    )


def _links_svg(links: list, best: list[set]) -> tuple[Markup, Markup]:
    """(every link, the links of each seat's best line) as markup; built here like the
    targets, since a late board has hundreds of them and every value is an int."""
    every, on_best = [], []
    for owner, seat_links in enumerate(links):
        for a, b in seat_links:
            (x1, y1), (x2, y2) = _centre(*a), _centre(*b)
            line = f'<line class="hv-seat-{owner}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
            every.append(line)
            if tuple(a) in best[owner] and tuple(b) in best[owner]:
                on_best.append(line)
    return Markup("".join(every)), Markup("".join(on_best))


def _posts_svg(posts: list, best: list[set], last: tuple | None) -> Markup:
    """Every pylon as markup (see ``_links_svg``), marked ``best`` on its seat's best line
    and ``last`` when set by the last move."""
    circles = []
    for owner, seat_posts in enumerate(posts):
        for x, y in seat_posts:
            cx, cy = _centre(x, y)
            marks = (" best" if (x, y) in best[owner] else "") + (" last" if (x, y) == last else "")
            circles.append(
                f'<circle class="hv-post hv-seat-{owner}{marks}" cx="{cx}" cy="{cy}" r="3.3" '
                f'data-at="{x},{y}" data-owner="{owner}"/>'
            )
    return Markup("".join(circles))


def _centre(x: int, y: int) -> tuple[int, int]:
    return x * CELL + CELL // 2, y * CELL + CELL // 2


def context(view: dict, seat: int | None, legal: list[dict]) -> dict:
    size = view["size"]
    last_index = size - 1
    grid = size * CELL
    best = [{tuple(p) for p in line} if len(line) > 1 else set() for line in view["best_lines"]]
    last = tuple(view["last"]) if view["last"] else None
    links, best_links = _links_svg(view["links"], best)
    post_moves = [m for m in legal if m["type"] == "post"]
    preview = previews(view, seat) if post_moves else {}
    targets = _targets_svg(post_moves, preview)
    choices = {m["type"]: move_attr(m) for m in legal if m["type"] in ("keep", "mirror")}
    mirrored = [[y, x, s] for x, y, s in view["swamps"]]
    to_move = view["to_move"][0] if view["to_move"] else None
    return {
        "grid": grid,
        "viewbox": f"{-MARGIN} {-MARGIN} {grid + 2 * MARGIN} {grid + 2 * MARGIN}",
        "edge": last_index * CELL,  # where the far border row / column starts
        "inner": grid - 2 * CELL,  # length of a border strip without its corners
        "label_near": -MARGIN // 2,
        "label_far": grid + MARGIN // 2,
        "cols": [{"x": i * CELL + CELL // 2, "name": view["column_names"][i]} for i in range(size)],
        "rows": [{"y": i * CELL + CELL // 2, "name": i + 1} for i in range(size)],
        "corners": [{"x": x * CELL, "y": y * CELL} for x, y in view["corners"]],
        "swamp_cells": [{"x": x * CELL, "y": y * CELL} for x, y in view["swamp_cells"]],
        "swamps": [{"x": x * CELL, "y": y * CELL, "w": s * CELL} for x, y, s in view["swamps"]],
        "mirror_cells": [{"x": x * CELL, "y": y * CELL} for x, y in swamp_cells(mirrored)],
        "links": links,
        "best_links": best_links,
        "posts": _posts_svg(view["posts"], best, last),
        "last": dict(zip(("cx", "cy"), _centre(*last), strict=True)) if last else None,
        "targets": targets,
        "choices": choices,
        "to_move": to_move,
        "mover_name": SEATS[to_move]["name"] if to_move is not None else "",
        "seats": [
            {**style, "index": i, "score": view["scores"][i]} for i, style in enumerate(SEATS)
        ],
        "span": last_index,
        "finished": view["outcome"] is not None,
    }


def describe(move: dict, before: dict, after: dict) -> Words:
    """A move in the move list, in the letters and numbers printed round the field."""
    if move["type"] != "post":
        choice = {
            "keep": gettext_noop("kept the field"),
            "mirror": gettext_noop("mirrored the swamps"),
        }
        return Words(choice[move["type"]])
    x, y = move["at"]
    seat = before["to_move"][0]
    made = len(after["links"][seat]) - len(before["links"][seat])
    at = f"{before['column_names'][x]}{y + 1}"
    if not made:
        return Words(gettext_noop("post %(at)s"), at=at)
    return Words(POST_LINKS, at=at, count=made)


# Made once: each ngettext_lazy call builds a class of its own (about 33 KiB), so a move's
# words hold a reference to this, never a new one (games.boards.Words).
POST_LINKS = ngettext_lazy("post %(at)s (%(count)d link)", "post %(at)s (%(count)d links)", "count")
