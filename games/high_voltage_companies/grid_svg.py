"""The power-companies grid and score track as markup, built in Python.

The 49 cells and 32 track spaces are most of the board's elements, and a move changes
only a few cells: each cell's markup is kept by everything it shows (the track never
changes), so a render joins remembered strings instead of running the template over
every card for every audience. Numbers and ids need no escaping; text and JSON do.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop
from markupsafe import Markup, escape

from games import boards
from games.memory import LRU

# A cell's markup by its look: place, card, rotation, chip and marks (a few thousand
# looks cover many matches; a miss only costs building it again), at most 8 Mi characters.
_cells = LRU(max_entries=20_000, max_weight=8 * 2**20, weigh=len)

CARD_BACK = (
    '<rect class="hvc-card-bg" x="2" y="2" width="76" height="76" rx="8"/>'
    '<rect class="hvc-back-inner" x="10" y="10" width="60" height="60" rx="5"/>'
    '<use href="#hvc-bolt" class="hvc-back-bolt" x="26" y="26" width="28" height="28"/>'
)
PRINTED_DANGER = (
    '<g class="hvc-print-danger" transform="translate(3 54)"><path d="M11.5 1 22 21H1z"/>'
    '<text x="11.5" y="14">!</text></g>'
)
CHIPS = {
    "high_voltage": (
        '<g class="hvc-chip hv" transform="translate(64 16)"><circle r="12"/>'
        '<use href="#hvc-bolt" x="-8" y="-8" width="16" height="16"/></g>'
    ),
    "danger": (
        '<g class="hvc-chip danger" transform="translate(64 16)"><circle r="12"/>'
        '<text y="1">✕</text></g>'
    ),
}
CHIP_TITLES = {
    "high_voltage": gettext_noop(", HIGH VOLTAGE chip"),
    "danger": gettext_noop(", DANGER chip"),
}
#: A card's lines as its title names them, in the viewer's language.
LINE_WORDS = {
    ("red", True): gettext_noop("red straight"),
    ("red", False): gettext_noop("red curve"),
    ("yellow", True): gettext_noop("yellow straight"),
    ("yellow", False): gettext_noop("yellow curve"),
    ("green", True): gettext_noop("green straight"),
    ("green", False): gettext_noop("green curve"),
    ("blue", True): gettext_noop("blue straight"),
    ("blue", False): gettext_noop("blue curve"),
}


def cells_svg(cells: list[dict], face) -> Markup:
    """Every cell of ``board.context``'s list, in order; ``face(shown)`` works out a face-up
    card's drawing (``board._face``) when its look is not remembered."""
    parts = []
    for cell in cells:
        key = (boards.language(), *_look(cell))  # its words are in the viewer's language
        html = _cells.get(key)
        if html is None:
            html = _cell({**cell, **face(cell["shown"])} if "shown" in cell else cell)
            _cells.put(key, html)
        parts.append(html)
    return Markup("".join(parts))


def _look(cell: dict) -> tuple:
    if cell.get("empty"):
        return ("empty", cell["r"], cell["c"], cell["gap"], cell["lifted"], cell["place_target"])
    if cell.get("down"):
        return ("down", cell["r"], cell["c"], cell.get("move"))
    return (
        "up",
        cell["r"],
        cell["c"],
        cell["card"],
        cell["rotation"],
        cell["chip"],
        cell["touched"],
        cell["declared"],
        cell["last"],
        cell["pickable"],
    )


def _cell(cell: dict) -> str:
    at, x, y = cell["at"], cell["x"], cell["y"]
    where = f'data-at="{at}" transform="translate({x} {y})"'
    row_col = gettext("row %(row)s column %(col)s") % {"row": cell["r"] + 1, "col": cell["c"] + 1}
    if cell.get("empty"):
        target = cell["place_target"] and (cell["gap"] or cell["lifted"])
        classes = "".join(
            name
            for name, on in (
                (" gap", cell["gap"]),
                (" lifted", cell["lifted"]),
                (" place-target", target),
            )
            if on
        )
        extra = " data-gap-slot" if cell["gap"] else ""
        if target:
            put = gettext("Put the card at %(at)s") % {"at": row_col}
            extra += f' data-place="{at}" tabindex="0" role="button" aria-label="{put}"'
        label = gettext("gap") if cell["gap"] else "?" if cell["lifted"] else ""
        return (
            f'<g class="hvc-empty{classes}" {where}{extra}>'
            f'<rect x="5" y="5" width="70" height="70" rx="8"/><text x="40" y="40">{label}</text></g>'
        )
    if cell.get("down"):
        move = cell.get("move")
        reveal = gettext("Reveal the card at %(at)s") % {"at": row_col}
        extra = (
            f' data-move="{escape(move)}" tabindex="0" role="button" aria-label="{reveal}"'
            if move
            else ""
        )
        return f'<g class="hvc-card down{" target" if move else ""}" {where}{extra}>{CARD_BACK}</g>'
    marks = (
        ("touched", cell["touched"]),
        ("declared", cell["declared"]),
        ("last", cell["last"]),
        ("is-danger", cell["danger"]),
        ("printed-danger", cell["printed_danger"]),
        ("pickable", cell["pickable"]),
    )
    classes = "".join(f" {name}" for name, on in marks if on)
    title = escape(_title(cell["segments"]) if "segments" in cell else cell["title"])
    card_at = gettext("Card at %(at)s: %(title)s") % {"at": row_col, "title": title}
    pick = (
        f' data-pick tabindex="0" role="button" aria-label="{card_at}"' if cell["pickable"] else ""
    )
    printed = gettext(", printed DANGER") if cell["printed_danger"] else ""
    chip = gettext(CHIP_TITLES[cell["chip"]]) if cell["chip"] in CHIP_TITLES else ""
    full_title = f"{title}{printed}{chip}"
    return (
        f'<g class="hvc-card up{classes}" data-at="{at}" data-card="{cell["card"]}"'
        f' data-rot="{cell["rotation"]}" data-new="{cell["new_rotations"]}"'
        f' data-danger="{1 if cell["danger"] else 0}" data-x="{x}" data-y="{y}"'
        f' transform="translate({x} {y})"{pick}><title>{full_title}</title>'
        f'<g class="hvc-face">{face_paths(cell)}</g>'
        f"{PRINTED_DANGER if cell['printed_danger'] else ''}{CHIPS.get(cell['chip'], '')}</g>"
    )


def _title(segments: list[dict]) -> str:
    """A card's lines in words ("yellow straight and green curve"), in the viewer's language."""
    parts = [gettext(LINE_WORDS.get((s["colour"], s["straight"]), s["colour"])) for s in segments]
    return gettext(" and ").join(parts)


def face_paths(face: dict) -> str:
    """A face-up card's background and line segments (a bridge's upper one cased)."""
    parts = ['<rect class="hvc-card-bg" x="2" y="2" width="76" height="76" rx="8"/>']
    segments = face["segments"]
    for i, seg in enumerate(segments):
        if face["bridge"] and i == len(segments) - 1:
            parts.append(f'<path class="hvc-casing" d="{seg["path"]}"/>')
        parts.append(f'<path class="hvc-seg c-{seg["colour"]}" d="{seg["path"]}"/>')
    return "".join(parts)


def track_svg(spaces: list[dict]) -> Markup:
    """The score track round the frame (``board._track``); the same on every board."""
    return Markup(
        "".join(
            f'<rect class="hvc-space{" corner" if t["corner"] else ""}{" even" if t["p"] % 2 == 0 else ""}"'
            f' x="{t["x"]}" y="{t["y"]}" width="{t["w"]}" height="{t["h"]}"/>'
            f'<text class="hvc-space-no{" corner" if t["corner"] else ""}" x="{t["tx"]}" y="{t["ty"]}">{t["p"]}</text>'
            for t in spaces
        )
    )


def coords_svg(labels: list[dict]) -> Markup:
    """The places' names on the grid's four edges (``board._coords``); the same on every board."""
    return Markup(
        "".join(
            f'<text class="hvc-coord" data-{t["axis"]}="{t["name"]}" x="{t["x"]}" y="{t["y"]}">{t["name"]}</text>'
            for t in labels
        )
    )
