"""Layout for the Hive SVG: 91 pointy hexes in rows (``s`` = row, ``q`` to the right).

Everything comes from the viewer's ``view`` (Hive has no secrets) and the viewer's
legal moves. A source the mover may use (a kind in hand, an own top piece that can
move) carries ``data-select``; each of its legal moves is one destination hex with
``data-group`` (the source's key) and ``data-move``, shown by the generic click
protocol in static/js/match.js.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext_noop
from markupsafe import Markup

from games.boards import Words, gettext, language, move_attr
from games.hive.grid import COORDS, DIRECTIONS, on_board
from games.hive.moves import KINDS
from games.memory import LRU

# A seat that is not to move and has no moves is drawn as a spectator is, when its view is
# theirs (games.live.rendering ``Position.layout`` then lays the board out once for both).
OFF_TURN_AS_SPECTATOR = True

SEATS = [
    {"name": gettext_noop("Red"), "colour": "#d9363e", "dark": "#8f1d22"},
    {"name": gettext_noop("Blue"), "colour": "#1f6fc5", "dark": "#123f73"},
]
OPTIONS: list[dict] = []  # the brambles can be fixed through the lobby's custom setup JSON

R = 30  # hex circumradius in SVG units
W = math.sqrt(3) * R  # hex width (pointy top)
LIFT = 6  # how far each piece of a stack sits above the one below
NAMES = {
    "BEE": gettext_noop("Bee"),
    "SPIDER": gettext_noop("Spider"),
    "BEETLE": gettext_noop("Beetle"),
    "GRASSHOPPER": gettext_noop("Grasshopper"),
    "ANT": gettext_noop("Ant"),
}
# A piece's name inside a sentence ("Set a bee"): German keeps its nouns capitalised.
NAMES_IN_TEXT = {
    "BEE": gettext_noop("bee"),
    "SPIDER": gettext_noop("spider"),
    "BEETLE": gettext_noop("beetle"),
    "GRASSHOPPER": gettext_noop("grasshopper"),
    "ANT": gettext_noop("ant"),
}


def _piece(kind: str) -> str:
    """A piece's name in the viewer's language (the board is rendered with it active)."""
    return gettext(NAMES[kind])


def _seat(index: int) -> str:
    return gettext(SEATS[index]["name"])


FRAME = 6 * W  # circumradius of the flat-topped hexagon around the board
HALF_W = FRAME + 4
TOP = FRAME * math.sqrt(3) / 2 + 4 + 2 * LIFT  # room above for a raised stack in the top row
BOTTOM = FRAME * math.sqrt(3) / 2 + 4


def _centre(field) -> tuple[float, float]:
    q, _, s = field
    return round(W * (q + s / 2), 2), round(1.5 * R * s)


ROWS = "ABCDEFGHIJK"  # the rows, top to bottom; a field is named by its row and its place in it


def _name(field) -> str:
    """A field's name as the board prints it: its row's letter (A at the top) and its place
    in the row counted from the left, e.g. "F6" for the middle field."""
    q, _, s = field
    return f"{ROWS[s + 5]}{q - max(-5, -5 - s) + 1}"


# Every render places dozens of pieces and targets on the 91 fields: look them up.
_CENTRES = {field: _centre(field) for field in COORDS}
_KEYS = {field: ",".join(str(v) for v in field) for field in COORDS}
_NAMES = {field: _name(field) for field in COORDS}


def field_name(field) -> str:
    field = tuple(field)
    return _NAMES.get(field) or _name(field)


def _row_labels() -> list[dict]:
    """Each row's letter at both of its ends, in the frame beside the outer fields."""
    labels = []
    for s in range(-5, 6):
        first, last = max(-5, -5 - s), min(5, 5 - s)
        y = round(1.5 * R * s)
        for q, side in ((first, -1), (last, 1)):
            x = W * (q + s / 2) + side * (W / 2 + 13)
            labels.append({"x": round(x, 2), "y": y, "name": ROWS[s + 5]})
    return labels


ROW_LABELS = _row_labels()


def centre(field) -> tuple[float, float]:
    field = tuple(field)
    return _CENTRES.get(field) or _centre(field)


def _key(field) -> str:
    field = tuple(field)
    return _KEYS.get(field) or ",".join(str(v) for v in field)


def _hex_points(radius: float, turn: int = -90) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k + turn)
        points.append(f"{radius * math.cos(angle):.2f},{radius * math.sin(angle):.2f}")
    return " ".join(points)


# The fields' markup by layout and language: at most 4 Mi characters (about 20 KiB each).
_fields = LRU(max_entries=1024, max_weight=4 * 2**20, weigh=len)


def _fields_svg(blocked: frozenset, bee_free: tuple) -> Markup:
    """The 91 fields as markup, each with its name (hidden under a piece), brambles and the
    dots of free fields round each bee included: built once per layout of those (a match
    changes it a few times) and language, since the fields are most of the board's
    elements."""
    key = (language(), blocked, bee_free)
    html = _fields.get(key)
    if html is None:
        html = _build_fields(blocked, bee_free)
        _fields.put(key, html)
    return html


def _build_fields(blocked: frozenset, bee_free: tuple) -> Markup:
    """Every value is a number, a key of digits or a field name: nothing needs escaping."""
    hexagon = _hex_points(R - 1.6)
    dots = dict(bee_free)
    parts = []
    for field in COORDS:
        x, y = _CENTRES[field]
        key = _KEYS[field]
        thorny = field in blocked
        parts.append(
            f'<g class="hx-field{" blocked" if thorny else ""}" data-field="{key}" '
            f'transform="translate({x} {y})"><polygon points="{hexagon}"/>'
        )
        if thorny:
            title = gettext("Brambles %(field)s") % {"field": key}
            parts.append(
                '<use href="#hx-bramble" x="-24" y="-24" width="48" height="48"/>'
                f"<title>{Markup.escape(title)}</title>"
            )
        if not thorny:
            parts.append(f'<text class="hx-field-name" y="15">{_NAMES[field]}</text>')
        owners = dots.get(field, ())
        for i, seat in enumerate(owners):
            dx = (i - (len(owners) - 1) / 2) * 12
            parts.append(f'<circle class="hx-bee-free seat-{seat}" cx="{dx}" cy="0" r="4.5"/>')
        parts.append("</g>")
    return Markup("".join(parts))


def _select_key(move: dict) -> str:
    if move["type"] == "set":
        return f"set-{move['piece']}"
    return "from-" + _key(move["from"])


def context(view: dict, seat: int | None, legal: list[dict]) -> dict:
    """Returns fields, stacks, destinations, reserves and the status lines for the viewer."""
    occupied = {tuple(f["field"]): f["stack"] for f in view["board"]}
    blocked = {tuple(b) for b in view["blocked"]}
    to_move = view["to_move"][0] if view["to_move"] else None

    groups: dict[str, list[dict]] = {}
    skip = None
    for move in legal:
        if move["type"] == "skip":
            skip = move_attr(move)
            continue
        groups.setdefault(_select_key(move), []).append(move)

    # Free fields around each bee, marked with a small dot in the bee owner's colour.
    bee_free: dict[tuple, list[int]] = {}
    for owner, bee in enumerate(view["bees"]):
        if bee is None:
            continue
        for d in DIRECTIONS:
            n = tuple(b + e for b, e in zip(bee, d, strict=True))
            if on_board(*n) and n not in blocked and n not in occupied:
                bee_free.setdefault(n, []).append(owner)

    fields = _fields_svg(
        frozenset(blocked), tuple(sorted((f, tuple(seats)) for f, seats in bee_free.items()))
    )

    last = view.get("last") or None
    last_from = tuple(last["from"]) if last and last["from"] else None
    last_to = tuple(last["to"]) if last and last["to"] else None

    stacks = []
    for field, stack in occupied.items():
        x, y = centre(field)
        height = len(stack)
        top = stack[-1]
        key = "from-" + _key(field)
        layers = [
            {
                "seat": p["seat"],
                "piece": p["piece"],
                "name": _piece(p["piece"]),
                "dy": -i * LIFT,
                "top": i == height - 1,
            }
            for i, p in enumerate(stack)
        ]
        stacks.append(
            {
                "key": _key(field),
                "x": x,
                "y": y,
                "height": height,
                "top": top,
                "top_name": _piece(top["piece"]),
                "top_label": gettext("Move the %(piece)s on %(field)s")
                % {"piece": gettext(NAMES_IN_TEXT[top["piece"]]), "field": field_name(field)},
                "top_dy": -(height - 1) * LIFT,
                "layers": layers,
                "select": key if key in groups else None,
                "last": field == last_to,
                "name": field_name(field),
                "label": gettext(" on ").join(
                    gettext("%(seat)s %(piece)s")
                    % {"seat": _seat(p["seat"]), "piece": _piece(p["piece"])}
                    for p in reversed(stack)
                )
                + f" ({field_name(field)})",
            }
        )
    # Lower rows are drawn later so a raised stack never hides under the row below it.
    stacks.sort(key=lambda st: (st["y"], st["x"]))

    targets = []
    for group, moves in groups.items():
        for move in moves:
            to = tuple(move["to"])
            x, y = centre(to)
            height = len(occupied.get(to, []))
            targets.append(
                {
                    "group": group,
                    "move": move_attr(move),
                    "key": _key(to),
                    "x": x,
                    "y": y - height * LIFT,
                    "climb": height > 0,
                    "label": (
                        gettext("Set %(piece)s on %(field)s")
                        % {"piece": gettext(NAMES_IN_TEXT[move["piece"]]), "field": field_name(to)}
                        if move["type"] == "set"
                        else (
                            gettext("Move to %(field)s (climb)")
                            if height
                            else gettext("Move to %(field)s")
                        )
                        % {"field": field_name(to)}
                    ),
                }
            )

    reserves = []
    for owner in (0, 1):
        style = SEATS[owner]
        mover = owner == to_move and seat == owner
        kinds = []
        for kind in KINDS:
            key = f"set-{kind}"
            kinds.append(
                {
                    "kind": kind,
                    "name": _piece(kind),
                    "set_label": gettext("Set a %(piece)s (%(count)d left)")
                    % {
                        "piece": gettext(NAMES_IN_TEXT[kind]),
                        "count": view["reserves"][owner][kind],
                    },
                    "count": view["reserves"][owner][kind],
                    "select": key if mover and key in groups else None,
                }
            )
        free = view["free_around_bee"][owner]
        reserves.append(
            {
                "seat": owner,
                "name": gettext(style["name"]),
                "colour": style["colour"],
                "dark": style["dark"],
                "kinds": kinds,
                "left": sum(view["reserves"][owner].values()),
                "bee_set": free is not None,
                "free": free,
                "pips": [i < (free or 0) for i in range(6)],
                "must_set_bee": view["must_set_bee"][owner] and owner == to_move,
                "to_move": owner == to_move,
                "moves_made": view["moves_made"][owner],
            }
        )

    last_text = ""
    if last and last["type"] == "skip":
        skipper = (sum(view["moves_made"]) - 1) % 2  # red moves first, turns alternate
        last_text = gettext("%(seat)s skipped.") % {"seat": _seat(skipper)}
    return {
        "viewbox": f"{-HALF_W:.1f} {-TOP:.1f} {2 * HALF_W:.1f} {TOP + BOTTOM:.1f}",
        "hex_piece": _hex_points(R - 5),
        "hex_ring": _hex_points(R - 2.5),
        "hex_target": _hex_points(R - 7),
        "frame": _hex_points(FRAME, 0),
        "fields": fields,
        "row_labels": ROW_LABELS,
        "stacks": stacks,
        "targets": targets,
        "reserves": reserves,
        "skip": skip,
        "to_move": to_move,
        "mover_name": _seat(to_move) if to_move is not None else "",
        "my_turn": seat is not None and seat == to_move and bool(legal),
        "must_set_bee": to_move is not None and view["must_set_bee"][to_move],
        "round": view["round"],
        "rounds": view["rounds"],
        "last_from": dict(zip(("x", "y"), centre(last_from), strict=True)) if last_from else None,
        "last_text": last_text,
        "finished": view["outcome"] is not None,
    }


# The pieces and seats in the move list's words (German: the seed's Bienenkönigin, Käfer, …).
PIECE_WORDS = {
    "BEE": gettext_noop("Bee"),
    "SPIDER": gettext_noop("Spider"),
    "BEETLE": gettext_noop("Beetle"),
    "GRASSHOPPER": gettext_noop("Grasshopper"),
    "ANT": gettext_noop("Ant"),
}
SEAT_WORDS = [gettext_noop("Red"), gettext_noop("Blue")]


def describe(move: dict, before: dict, after: dict) -> Words:
    """A move in words, by the field names the board prints (row letter, place in the row):
    "set Ant on E4", "moved Beetle from D3 to E4", "moved Beetle from D3 onto Red Ant at E4".
    A kind alone would not do: a seat has three grasshoppers and three ants."""
    if move["type"] == "skip":
        return Words(gettext_noop("skipped (no move)"))
    stacks = {tuple(f["field"]): f["stack"] for f in after["board"]}
    to = tuple(move["to"])
    piece = Words(PIECE_WORDS[stacks[to][-1]["piece"]])
    where = field_name(to)
    if len(stacks[to]) > 1:
        under = stacks[to][-2]
        where = Words(
            gettext_noop("%(seat)s %(piece)s at %(field)s"),
            seat=Words(SEAT_WORDS[under["seat"]]),
            piece=Words(PIECE_WORDS[under["piece"]]),
            field=where,
        )
    if move["type"] == "set":
        return Words(gettext_noop("set %(piece)s on %(where)s"), piece=piece, where=where)
    text = (
        gettext_noop("moved %(piece)s from %(from)s onto %(where)s")
        if len(stacks[to]) > 1
        else gettext_noop("moved %(piece)s from %(from)s to %(where)s")
    )
    return Words(text, piece=piece, where=where, **{"from": field_name(move["from"])})
