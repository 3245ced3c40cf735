"""Layout for the Triangulum SVG: the 46×29 point grid with y = 0 at the bottom.

The grid itself (points and helper points) is drawn by two SVG patterns, so the
fragment stays small; the board script finds the point nearest to a click. Moves
are built in ``static/board.js`` (two clicks for a place, three for a
triangle), since the move space is far too large to list.

Only ``view`` is read: a viewer's own secret points come from ``view["my_secrets"]``
(None for everyone else), and a replay's ``view["secrets"]`` shows both lists.
"""

from __future__ import annotations

import functools
import json
import math
import re

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import _json_script_escapes
from django.utils.translation import gettext, gettext_noop
from markupsafe import Markup

from games.boards import Words, move_attr

SEATS = [
    {"name": gettext_noop("Blue"), "colour": "#1971c2"},
    {"name": gettext_noop("Red"), "colour": "#e03131"},
]
OPTIONS: list[dict] = []
LIST_LEGAL_MOVES = False  # 1334 × 1334 places: the script builds moves from the view

UNIT = 10  # SVG units between two neighbouring points
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 20, 8, 8, 18
# How a part ended, as its card says it (translated where shown: a German card had read
# "two passes in a row").
REASONS = {
    "area": gettext_noop("333 reached"),
    "passes": gettext_noop("two passes in a row"),
    "turns": gettext_noop("400 turns"),
}


def _xy(p, height: int) -> tuple[int, int]:
    """SVG position of grid point p = [x, y]; y grows upwards on the board."""
    return p[0] * UNIT, (height - 1 - p[1]) * UNIT


def _label(p) -> str:
    return f"({p[0]},{p[1]})"


def _triangle(points, seat: int, area: int, height: int) -> dict:
    """A triangle's drawing: a fresh dict (callers mark the newest one), from a memory of
    the computed figures: a finished part's triangles are drawn again on every move."""
    return dict(_figures(tuple(map(tuple, points)), seat, area, height))


@functools.lru_cache(maxsize=8192)
def _figures(points: tuple, seat: int, area: int, height: int) -> dict:
    xy = [_xy(p, height) for p in points]
    (ax, ay), (bx, by), (cx, cy) = xy
    sides = sum(math.dist(xy[i], xy[(i + 1) % 3]) for i in range(3))
    double = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
    inradius = double / sides if sides else 0
    return {
        "seat": seat,
        "svg": " ".join(f"{x},{y}" for x, y in xy),
        "area": area,
        "tx": round((ax + bx + cx) / 3, 2),
        "ty": round((ay + by + cy) / 3, 2),
        "font": round(min(13.0, max(3.2, inradius * 0.95)), 1),
        "at": " ".join(f"{p[0]},{p[1]}" for p in points),
    }


def public_layout(view: dict) -> dict:
    """The layout every viewer of a position shares: the open board, the triangles, the
    last reveal and the finished parts, from the view's public parts only. The table
    computes it once per position from the spectators' view (``games.live.rendering``) instead
    of once per audience: it is most of a layout."""
    width, height = view["width"], view["height"]
    gw, gh = (width - 1) * UNIT, (height - 1) * UNIT
    last = view["last_move"] or {}
    reveal = view["last_reveal"]
    fresh_reveal = last.get("type") == "triangulate"
    fixed = {tuple(p) for p in view["fixed"]}
    last_at = tuple(last["at"]) if last.get("type") == "place" else None

    points = [
        _point_svg(x, y, s, (x, y) in fixed, (x, y) == last_at, height)
        for s in (0, 1)
        for x, y in view["points"][s]
    ]

    triangles = [
        _triangle(t["points"], s, t["area"], height) for s in (0, 1) for t in view["triangles"][s]
    ]
    if fresh_reveal and last.get("scored"):
        newest = " ".join(f"{p[0]},{p[1]}" for p in sorted(last["points"]))
        for t in triangles:
            t["last"] = t["at"] == newest

    events, attempt, reveal_text = [], None, None
    if reveal:
        for n, e in enumerate(reveal["events"], start=1):
            cx, cy = _xy(e["at"], height)
            events.append(
                {
                    "seat": e["seat"],
                    "cx": cx,
                    "cy": cy,
                    "at": f"{e['at'][0]},{e['at'][1]}",
                    "result": e["result"],
                    "n": n,
                }
            )
        if fresh_reveal and not reveal["scored"]:
            attempt = _triangle(reveal["points"], reveal["seat"], 0, height)
        reveal_text = _reveal_summary(reveal)

    last_ring = None
    if last_at is not None:
        cx, cy = _xy(last_at, height)
        last_ring = {"cx": cx, "cy": cy, "collision": last.get("collision", False)}

    to_move = view["to_move"][0] if view["to_move"] else None
    history = []
    for record in view["history"]:
        winner = record["winner"]
        history.append(
            {
                "partie": record["partie"],
                "starter": gettext(SEATS[record["starter"]]["name"]),
                "totals": record["totals"],
                "winner": None if winner is None else gettext(SEATS[winner]["name"]),
                "winner_seat": winner,
                "points": record["points"],
                "reason": gettext(REASONS[record["reason"]])
                if record["reason"] in REASONS
                else record["reason"],
                "turns": record["turns"],
                "triangles": [
                    _triangle(t["points"], t["seat"], t["area"], height)
                    for t in record["triangles"]
                ],
            }
        )
    partie_over = None
    if history and view["turn"] == 0 and not view["outcome"]:
        partie_over = history[-1]

    data = {  # the board script's data but the viewer's seat (``_data_script``)
        "width": width,
        "height": height,
        "points": view["points"],
        "triangles": [[t["points"] for t in view["triangles"][s]] for s in (0, 1)],
        "fixed": view["fixed"],
        "unit": UNIT,
        "pass_streak": view["pass_streak"],
    }
    return {
        "data_rest": json.dumps(data, cls=DjangoJSONEncoder)[1:],
        "points_svg": Markup("".join(points)),
        "triangles_svg": _triangles_svg(triangles),
        "events_svg": _events_svg(events),
        "viewbox": f"{-PAD_LEFT} {-PAD_TOP} {gw + PAD_LEFT + PAD_RIGHT} {gh + PAD_TOP + PAD_BOTTOM}",
        "gw": gw,
        "gh": gh,
        "xlabels": [{"x": x * UNIT, "text": x} for x in range(0, width, 5)],
        "ylabels": [{"y": (height - 1 - y) * UNIT, "text": y} for y in range(0, height, 5)],
        "label_x": -PAD_LEFT / 2,
        "label_y": gh + PAD_BOTTOM / 2 + 2,
        "triangles": triangles,
        "events": events,
        "fresh_reveal": fresh_reveal,
        "attempt": attempt,
        "reveal_text": reveal_text,
        "last_ring": last_ring,
        "to_move": to_move,
        "mover_colour": SEATS[to_move]["colour"] if to_move is not None else "#888",
        "starter": {**SEATS[view["starter"]], "name": gettext(SEATS[view["starter"]]["name"])},
        "history": history,
        "partie_over": partie_over,
        "pass_move": move_attr({"type": "pass"}),
        "pass_ends": view["pass_streak"] >= 1,
        "finished": bool(view["outcome"]),
    }


def context(view: dict, seat: int | None, legal: list[dict], public: dict | None = None) -> dict:
    """Everything the template draws, from the viewer's view only: ``public`` (the
    ``public_layout`` of the position, when the caller has it) and what is the viewer's
    own: its secret points (or both lists in a replay), "you" and the mover's controls."""
    public = public_layout(view) if public is None else public
    height = view["height"]
    # Secret points: the viewer's own list (live), or both lists in a replay.
    if view.get("secrets") is not None:
        secret_lists = [(s, view["secrets"][s]) for s in (0, 1)]
    elif view.get("my_secrets") is not None and seat in (0, 1):
        secret_lists = [(seat, view["my_secrets"])]
    else:
        secret_lists = []
    secrets = []
    for s, lst in secret_lists:
        for n, p in enumerate(lst, start=1):
            cx, cy = _xy(p, height)
            secrets.append({"seat": s, "cx": cx, "cy": cy, "at": f"{p[0]},{p[1]}", "n": n})

    to_move = public["to_move"]
    totals = view["partie_totals"]
    target = view["target"]
    seats = [
        {
            "index": s,
            "name": gettext(SEATS[s]["name"]),
            "colour": SEATS[s]["colour"],
            "total": totals[s],
            "match": view["match_scores"][s],
            "progress": min(100, round(100 * totals[s] / target, 1)),
            "secrets": view["secret_counts"][s],
            "moving": s == to_move,
            "you": s == seat,
            "triangles": len(view["triangles"][s]),
        }
        for s in (0, 1)
    ]
    return {
        **public,
        "secrets_svg": _secrets_svg(secrets, view.get("secrets") is not None),
        "secrets": secrets,
        "secret_owner_view": bool(secrets) and view.get("secrets") is None,
        "replay": view.get("secrets") is not None,
        "seats": seats,
        "data_script": _data_script(seat if seat in (0, 1) else None, public["data_rest"]),
        "can_move": seat is not None and seat == to_move,
    }


def _data_script(seat: int | None, rest: str) -> Markup:
    """What ``{{ data|json_script("tg-data") }}`` writes for ``{"seat": seat, **data}``,
    from the rest's text encoded once per position (``public_layout``), not per audience."""
    text = f'{{"seat": {"null" if seat is None else seat}, {rest}'.translate(_json_script_escapes)
    return Markup(f'<script id="tg-data" type="application/json">{text}</script>')


def _reveal_summary(reveal: dict) -> str:
    """One line on the last triangulation's reveal: who wrote how many, what happened."""
    counts = [0, 0]
    for e in reveal["events"]:
        counts[e["seat"]] += 1
    parts = [
        f"{gettext(SEATS[s]['name'])} {counts[s]}" for s in (reveal["seat"], 1 - reveal["seat"])
    ]
    text = gettext("Revealed secret points: %(counts)s.") % {"counts": ", ".join(parts)}
    if not reveal["scored"] and reveal.get("reason"):
        mover, other = (
            gettext(SEATS[reveal["seat"]]["name"]),
            gettext(SEATS[1 - reveal["seat"]]["name"]),
        )
        text += " " + gettext("Not scored: %(reason)s") % {
            "reason": _reason(reveal["reason"], mover, other)
        }
    return text


#: The engine's reasons against a triangle (English, stored), as the reveal line says them.
REVEAL_REASONS = (
    (
        re.compile(
            r"^Your opponent's point (\(\d+,\d+\)) lies inside the triangle or on its edge\.$"
        ),
        gettext_noop("%(other)s's point %(at)s lies inside the triangle or on its edge."),
    ),
    (
        re.compile(r"^(\(\d+,\d+\)) is not one of your points on the board\.$"),
        gettext_noop("%(at)s is no longer %(mover)s's point."),
    ),
    (
        re.compile(r"^The three points lie on one line\.$"),
        gettext_noop("The three points lie on one line."),
    ),
    (
        re.compile(r"^The triangle would touch, cross or contain a scored triangle\.$"),
        gettext_noop("The triangle would touch, cross or contain a scored triangle."),
    ),
)


def _reason(reason: str, mover: str, other: str) -> str:
    for pattern, words in REVEAL_REASONS:
        if found := pattern.match(reason):
            at = found.group(1) if found.groups() else ""
            return gettext(words) % {"at": at, "mover": mover, "other": other}
    return reason


# The many small SVG elements are built here as text: a template loop over hundreds of
# points is several times slower, and every push renders once per seat and for spectators.
# Every value is an int or a fixed word, so nothing needs escaping.


@functools.lru_cache(maxsize=16384)  # the board's 1,334 points, either seat's, fixed or not, last
def _point_svg(x: int, y: int, seat: int, fixed: bool, last: bool, height: int) -> str:
    """One open point's circle: written once per process, as a late board redraws some 900
    on every move for every audience's shared layout."""
    cx, cy = _xy((x, y), height)
    return (
        f'<circle class="tg-point seat-{seat}{" fixed" if fixed else ""}{" last" if last else ""}"'
        f' cx="{cx}" cy="{cy}" r="{3.3 if fixed else 3}" data-at="{x},{y}" data-owner="{seat}"/>'
    )


def _triangles_svg(triangles: list[dict]) -> str:
    return Markup(
        "".join(
            f'<g class="tg-tri seat-{t["seat"]}{" last" if t.get("last") else ""}" '
            f'data-triangle="{t["at"]}" data-owner="{t["seat"]}" data-area="{t["area"]}">'
            f'<polygon points="{t["svg"]}"/>'
            f'<text x="{t["tx"]}" y="{t["ty"]}" font-size="{t["font"]}">{t["area"]}</text></g>'
            for t in triangles
        )
    )


def _cross(cx: int, cy: int) -> str:
    return f'<path d="M{cx - 3} {cy - 3}l6 6m0-6l-6 6"/>'


def _events_svg(events: list[dict]) -> str:
    return Markup(
        "".join(
            f'<g class="tg-event {e["result"]} seat-{e["seat"]}" data-revealed="{e["at"]}" '
            f'data-writer="{e["seat"]}" data-result="{e["result"]}">'
            f'<circle cx="{e["cx"]}" cy="{e["cy"]}" r="5.6"/>'
            f"{_cross(e['cx'], e['cy']) if e['result'] != 'placed' else ''}</g>"
            for e in events
        )
    )


def _secrets_svg(secrets: list[dict], replay: bool) -> str:
    def title(s):
        owner = f"{SEATS[s['seat']]['name']}'s" if replay else "your"
        return f"{owner} secret point #{s['n']} ({s['at']})"

    return Markup(
        "".join(
            f'<path class="tg-secret seat-{s["seat"]}" d="M{s["cx"]} {s["cy"] - 4}l4 4-4 4-4-4z" '
            f'data-secret="{s["at"]}" data-owner="{s["seat"]}"><title>{title(s)}</title></path>'
            for s in secrets
        )
    )


def describe(move: dict, before: dict, after: dict) -> Words:
    """A turn in the move list: the open point set, or the triangle and what it scored."""
    if move["type"] == "pass":
        return Words(gettext_noop("passed"))
    if move["type"] == "place":
        last = after["last_move"] or {}
        if last.get("collision"):
            return Words(
                gettext_noop("set %(at)s (hit a point: both removed)"), at=_label(move["open"])
            )
        return Words(gettext_noop("set %(at)s"), at=_label(move["open"]))
    tri = " ".join(_label(p) for p in move["points"])
    ended = len(after["history"]) > len(before["history"])
    if ended:
        triangles = after["history"][-1]["triangles"]
    else:
        triangles = [t for seat_triangles in after["triangles"] for t in seat_triangles]
    wanted = sorted(map(list, move["points"]))
    for t in triangles:
        if sorted(t["points"]) == wanted:
            return Words(gettext_noop("triangle %(points)s: +%(area)s"), points=tri, area=t["area"])
    return Words(gettext_noop("triangle %(points)s: spoiled by the reveal"), points=tri)


def separator(before: dict, after: dict) -> Words | None:
    """A heading after the turn that ended a part: its totals and who scored."""
    if len(after["history"]) == len(before["history"]):
        return None
    r = after["history"][-1]
    totals = Words(
        gettext_noop("Blue %(blue)s : Red %(red)s"), blue=r["totals"][0], red=r["totals"][1]
    )
    if r["winner"] is None:
        return Words(
            gettext_noop("Part %(part)s over — %(totals)s, no points"),
            part=r["partie"],
            totals=totals,
        )
    return Words(
        gettext_noop("Part %(part)s over — %(totals)s, %(winner)s +%(points)s"),
        part=r["partie"],
        totals=totals,
        winner=Words(SEAT_WORDS[r["winner"]]),
        points=r["points"],
    )


SEAT_WORDS = [gettext_noop("Blue"), gettext_noop("Red")]
