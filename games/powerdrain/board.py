"""Layout for the Powerdrain SVG: a 5×5 grid with potentials on the left and top."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from games.boards import Words, move_attr
from games.powerdrain.engine import COLUMNS

# A seat that is not to move and has no moves is drawn as a spectator is, when its view is
# theirs (games.live.rendering ``Position.layout`` then lays the board out once for both).
OFF_TURN_AS_SPECTATOR = True

SEATS = [
    {"name": gettext_noop("Positive (+)"), "colour": "#e8590c", "sign": "+"},
    {"name": gettext_noop("Negative (−)"), "colour": "#1971c2", "sign": "−"},
]
CELL = 100
MARGIN = 70  # room for the potentials
LABELS = 36  # room for the cell names' letters (below) and numbers (right): a1 … e5


def context(view: dict, seat: int | None, legal: list[dict]) -> dict:
    """Returns the cells (position, plug, voltages) and the clickable targets for the viewer."""
    by_cell: dict[tuple[int, int], list[dict]] = {}
    for move in legal:
        by_cell.setdefault(tuple(move["at"]), []).append(move)
    cells = []
    for r, line in enumerate(view["cells"]):
        for c, cell in enumerate(line):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            item = {"r": r, "c": c, "x": x, "y": y, "cx": x + CELL // 2, "cy": y + CELL // 2}
            if cell:
                style = SEATS[cell["seat"]]
                sign = style["sign"]
                item.update(
                    plug=cell,
                    digits=" ".join(cell["plug"]),
                    volts=f"{sign}{cell['base']} → {sign if cell['final'] else ''}{cell['final']}",
                    colour=style["colour"],
                    active=cell["final"] > 0,
                    last=view["last"] == [r, c],
                )
            targets = by_cell.get((r, c), [])
            if targets and not view["draft"]:
                item["move"] = move_attr(targets[0])
            item["draft_targets"] = [
                {"plug": m["plug"], "move": move_attr(m)} for m in targets if view["draft"]
            ]
            cells.append(item)
    size = MARGIN + 5 * CELL + LABELS
    return {
        "cells": cells,
        "rows": [
            {"y": MARGIN + i * CELL + CELL / 2, "value": v} for i, v in enumerate(view["rows"])
        ],
        "cols": [
            {"x": MARGIN + i * CELL + CELL / 2, "value": v} for i, v in enumerate(view["cols"])
        ],
        "size": size,
        "margin": MARGIN,
        "grid_end": MARGIN + 5 * CELL,
        "label_at": MARGIN + 5 * CELL + LABELS // 2,
        "letters": [{"x": MARGIN + i * CELL + CELL // 2, "name": COLUMNS[i]} for i in range(5)],
        "numbers": [{"y": MARGIN + i * CELL + CELL // 2, "name": i + 1} for i in range(5)],
        "preview": " ".join(view["current"]) if view["current"] else "",
        "mover_colour": SEATS[view["to_move"][0]]["colour"] if view["to_move"] else "#888",
        "choosable": sorted({m["plug"] for m in legal if "plug" in m}),
    }


OPTIONS = [
    {
        "name": "draft",
        "label": gettext_noop("Draft: the mover picks any remaining plug"),
        "type": "bool",
    }
]


def describe(move: dict, before: dict, after: dict) -> Words:
    """Names the plug placed and its square, in the letters and numbers round the grid."""
    r, c = move["at"]
    plug = after["cells"][r][c]
    name = plug["plug"] if plug else move.get("plug", "?")
    return Words(gettext_noop("plug %(plug)s at %(at)s"), plug=name, at=f"{COLUMNS[c]}{r + 1}")
