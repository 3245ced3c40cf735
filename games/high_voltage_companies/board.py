"""Layout for the High Voltage (power companies) SVG: the 7×7 grid of line cards inside
the distributor frame, whose outer band is the companies' score track.

Everything comes from the viewer's ``view``: face-down cards have no face there, the
revealed card in hand has one only in the mover's view, and the view names only the
viewer's own company until the end. The full move list is far too long to print
(up to ~35,000 swaps), so the board script builds moves from the cards' data
attributes and the server validates each one.
"""

from __future__ import annotations

import math

from django.utils.translation import gettext, gettext_noop, ngettext_lazy
from markupsafe import Markup

from games.boards import Joined, Words, move_attr
from games.high_voltage_companies.cards import COLOURS, NEW_ROTATIONS
from games.high_voltage_companies.grid_svg import cells_svg, coords_svg, face_paths, track_svg
from games.rules import LEAVE_NOTATION, LEAVE_REASONS

SEATS = [
    {"name": "Volta", "colour": "#7048e8"},
    {"name": "Ampère", "colour": "#c2255c"},
    {"name": "Ohm", "colour": "#8c5a2b"},
    {"name": "Tesla", "colour": "#495057"},
]
OPTIONS: list[dict] = []
LIST_LEGAL_MOVES = False

SIZE = 7
CELL = 80
TRACK = 30  # outer band of the frame: the score track
FRAME = 76  # whole frame: track band + distributor band
GRID = SIZE * CELL
TOTAL = GRID + 2 * FRAME
LAP = 32  # track spaces round the frame: 4 corners + 28 distributors
COLOUR_HEX = {"red": "#e03131", "yellow": "#f5b700", "green": "#2f9e44", "blue": "#1c7ed6"}
COLOUR_NAMES = {c: c.capitalize() for c in COLOURS}
EDGE_POINT = {"N": (40, 0), "E": (80, 40), "S": (40, 80), "W": (0, 40)}
CORNER = {
    frozenset("NE"): (80, 0),
    frozenset("ES"): (80, 80),
    frozenset("SW"): (0, 80),
    frozenset("NW"): (0, 0),
}
REASONS = {
    "energy": gettext_noop("the last energy chip was placed"),
    "cards": gettext_noop("the last face-down card was placed"),
    "quiet": gettext_noop("a full round passed without a reveal or a declaration"),
    **dict.fromkeys(LEAVE_REASONS, gettext_noop("only one player was left in the match")),
}


def context(view: dict, seat: int | None, legal: list[dict]) -> dict:
    """Returns the SVG layout and the mover's controls for ``seat`` (None: a spectator)."""
    phase = view["phase"]
    over = view["outcome"] is not None
    mover = seat is not None and not over and seat in view["to_move"]
    # A finished board marks nothing of the turn that ended it: it must not look playable.
    touched = set() if over else {tuple(p) for p in view["touched"]}
    declared_places = {tuple(p) for line in view["declared"] for p in line["cards"]}
    last_turn = view.get("last_turn") or {"seat": None, "touched": [], "declared": []}
    last = set() if over else {tuple(p) for p in last_turn["touched"]} - touched
    last_ends = {end for line in last_turn["declared"] for end in (line["from"], line["to"])}
    gap = tuple(view["gap"])
    hand = view["hand"]
    hand_from = tuple(hand["from"]) if hand else None

    cells = []
    for r, row in enumerate(view["grid"]):
        for c, cell in enumerate(row):
            x, y = _xy(r, c)
            item = {"r": r, "c": c, "x": x, "y": y, "at": f"{r},{c}"}
            if cell is None:
                item["empty"] = True
                item["gap"] = (r, c) == gap
                item["lifted"] = (r, c) == hand_from
                item["place_target"] = mover and phase == "place"
            elif cell["face_down"]:
                item["down"] = True
                if mover and phase == "action":
                    item["move"] = move_attr({"type": "reveal", "at": [r, c]})
            else:  # its face is worked out only when its look is new (grid_svg)
                item.update(card=cell["card"], rotation=cell["rotation"], chip=cell["chip"])
                item["shown"] = cell
                item["touched"] = (r, c) in touched
                item["declared"] = (r, c) in declared_places
                item["last"] = (r, c) in last
                item["pickable"] = mover and phase == "action"
            cells.append(item)

    hand_card = None
    if hand and hand["card"]:
        x, y = _xy(*hand_from)
        hand_card = {**_face({**hand["card"], "chip": None}), "x": x, "y": y}
        hand_card["face"] = Markup(face_paths(hand_card))

    lines = [
        {
            "index": i,
            "from": line["from"],
            "to": line["to"],
            "path": _line_path(line),
            "cards": len(line["cards"]),
            "points": line["points"],
            "colours": [{"hex": COLOUR_HEX[c], "name": c} for c in line["colours"]],
            "move": move_attr({"type": "declare", "from": line["from"]}),
        }
        for i, line in enumerate(view["closable"])
    ]
    declared = [{"path": _line_path(line), **line} for line in view["declared"]]

    players = view["players"]
    trays = [
        {
            "index": s,
            "colour": SEATS[s]["colour"],
            "role": SEATS[s]["name"],
            "actions": [i < view["action_chips"][s] for i in range(5)],
            "actions_left": view["action_chips"][s],
            "special": view["special_available"][s],
            "points": view["point_chips"][s],
            "current": not over and s == view["current"],
            "company": (view["companies"] or [None] * players)[s],
        }
        for s in range(players)
    ]
    company = view["company"]
    return {
        "size": TOTAL,
        "frame": FRAME,
        "track_band": TRACK,
        "grid_size": GRID,
        "cells": cells_svg(cells, _face),
        "hand": hand_card,
        "hand_from": "{},{}".format(*hand_from) if hand_from else "",
        "gap": "{},{}".format(*gap),
        "gap_xy": _xy(*gap),
        "distributors": _distributors(view, last_ends),
        "track": TRACK_SVG,
        "coords": COORDS_SVG,
        "markers": _markers(view),
        "scores": [
            {"colour": c, "name": COLOUR_NAMES[c], "hex": COLOUR_HEX[c], "points": view["track"][c]}
            for c in COLOURS
        ],
        "lines": lines,
        "declared": declared,
        "trays": trays,
        "mover": mover,
        "phase": phase,
        "actions_left": view["action_chips"][seat] if mover else 0,
        "special_left": bool(view["special_available"][seat]) if mover else False,
        "double": (
            move_attr({"type": "double"})
            if mover and phase == "declare" and view["can_double"]
            else ""
        ),
        "end": move_attr({"type": "end"}) if mover and phase == "declare" else "",
        "company": (
            {"colour": company, "name": COLOUR_NAMES[company], "hex": COLOUR_HEX[company]}
            if company
            else None
        ),
        "mover_colour": SEATS[view["current"]]["colour"],
        "last_colour": SEATS[last_turn["seat"]]["colour"]
        if last_turn["seat"] is not None and not over
        else "",
        "last_seat": last_turn["seat"],
        "mover_role": SEATS[view["current"]]["name"],
        "ranking": _ranking(view) if over else [],
        "reason": gettext(REASONS.get(view["outcome"]["reason"], "")) if over else "",
    }


def _xy(r: int, c: int) -> tuple[int, int]:
    return FRAME + c * CELL, FRAME + r * CELL


def _face(cell: dict) -> dict:
    """A face-up card: its two segments as SVG paths in a 80×80 box, chips and flags."""
    segments = []
    for seg in cell["segments"]:
        a, b = seg["edges"]
        (x1, y1), (x2, y2) = EDGE_POINT[a], EDGE_POINT[b]
        if {a, b} in ({"N", "S"}, {"E", "W"}):
            path = f"M{x1} {y1}L{x2} {y2}"
            straight = True
        else:
            cx, cy = CORNER[frozenset((a, b))]
            delta = math.atan2(y2 - cy, x2 - cx) - math.atan2(y1 - cy, x1 - cx)
            delta = (delta + math.pi) % (2 * math.pi) - math.pi
            path = f"M{x1} {y1}A40 40 0 0 {1 if delta > 0 else 0} {x2} {y2}"
            straight = False
        segments.append(
            {
                "path": path,
                "colour": seg["colour"],
                "hex": COLOUR_HEX[seg["colour"]],
                "straight": straight,
            }
        )
    return {
        "card": cell["card"],
        "rotation": cell["rotation"],
        "shape": cell["shape"],
        "segments": segments,
        "bridge": cell["shape"] == "cross",
        "printed_danger": cell["danger"],
        "chip": cell["chip"],
        "danger": cell["danger"] or cell["chip"] == "danger",
        "new_rotations": ",".join(str(k) for k in NEW_ROTATIONS[cell["card"]][cell["rotation"]]),
        "title": " and ".join(
            f"{s['colour']} {'straight' if s['straight'] else 'curve'}" for s in segments
        ),
    }


def _distributor_xy(name: str) -> tuple[float, float, float, float]:
    """(x, y) of the distributor's plug and (x, y) where its line meets the grid."""
    side, i = name[0], int(name[1:])
    mid = FRAME + i * CELL + CELL / 2
    plug = TRACK + (FRAME - TRACK) / 2 - 4
    if side == "N":
        return mid, plug, mid, FRAME
    if side == "S":
        return mid, TOTAL - plug, mid, TOTAL - FRAME
    if side == "W":
        return plug, mid, FRAME, mid
    return TOTAL - plug, mid, TOTAL - FRAME, mid


def _distributors(view: dict, lit: set) -> list[dict]:
    result = []
    for d in view["distributors"]:
        px, py, gx, gy = _distributor_xy(d["id"])
        result.append(
            {
                "id": d["id"],
                "hex": COLOUR_HEX[d["colour"]],
                "colour": d["colour"],
                "px": px,
                "py": py,
                "gx": gx,
                "gy": gy,
                "lit": d["id"] in lit,
            }
        )
    return result


def _track_space(position: int) -> tuple[float, float, float, float]:
    """The rectangle (x, y, w, h) of track space ``position`` (0 = top-left corner, clockwise)."""
    side, i = divmod(position % LAP, 8)
    far = TOTAL - TRACK
    if i == 0:  # a corner
        return [(0, 0), (TOTAL - FRAME, 0), (TOTAL - FRAME, TOTAL - FRAME), (0, TOTAL - FRAME)][
            side
        ] + (FRAME, FRAME)
    k = i - 1
    if side == 0:
        return FRAME + k * CELL, 0, CELL, TRACK
    if side == 1:
        return far, FRAME + k * CELL, TRACK, CELL
    if side == 2:
        return FRAME + (SIZE - 1 - k) * CELL, far, CELL, TRACK
    return 0, FRAME + (SIZE - 1 - k) * CELL, TRACK, CELL


def _track() -> list[dict]:
    spaces = []
    for p in range(LAP):
        x, y, w, h = _track_space(p)
        corner = p % 8 == 0
        # Corner numbers sit in the corner's outer quarter, beside the track bands.
        tx, ty = (x + w / 2, y + h / 2) if not corner else _corner_label(p, x, y)
        spaces.append(
            {"p": p, "x": x, "y": y, "w": w, "h": h, "corner": corner, "tx": tx, "ty": ty}
        )
    return spaces


def _corner_label(p: int, x: float, y: float) -> tuple[float, float]:
    dx = TRACK / 2 if p in (0, 24) else FRAME - TRACK / 2
    dy = TRACK / 2 if p in (0, 8) else FRAME - TRACK / 2
    return x + dx, y + dy


TRACK_SVG = track_svg(_track())


def _markers(view: dict) -> list[dict]:
    """One marker per company on the track space of its score (laps of 32 shown by the number)."""
    markers = []
    for slot, colour in enumerate(COLOURS):
        points = view["track"][colour]
        x, y, w, h = _track_space(points)
        if w == h:  # a corner: a 2×2 block
            cx = x + FRAME / 2 + (slot % 2 - 0.5) * 24
            cy = y + FRAME / 2 + (slot // 2 - 0.5) * 24
        elif w > h:
            cx, cy = x + w / 2 + (slot - 1.5) * 19.5, y + h / 2
        else:
            cx, cy = x + w / 2, y + h / 2 + (slot - 1.5) * 19.5
        markers.append(
            {
                "colour": colour,
                "name": COLOUR_NAMES[colour],
                "hex": COLOUR_HEX[colour],
                "cx": cx,
                "cy": cy,
                "points": points,
            }
        )
    return markers


def _line_path(line: dict) -> str:
    """A path from one distributor's plug through the centres of the line's cards to the other."""
    px, py, _, _ = _distributor_xy(line["from"])
    qx, qy, _, _ = _distributor_xy(line["to"])
    points = [(px, py)]
    points += [(x + CELL / 2, y + CELL / 2) for x, y in (_xy(r, c) for r, c in line["cards"])]
    points.append((qx, qy))
    return "M" + "L".join(f"{x:g} {y:g}" for x, y in points)


def _ranking(view: dict) -> list[dict]:
    """The final reveal: every seat's company, track points, point chips and total, best first
    by the outcome's ranking (players who left below the others, with how they left)."""
    outcome = view["outcome"]
    left = dict(outcome["left"])
    rows = []
    for s, colour in enumerate(view["companies"]):
        rows.append(
            {
                "index": s,
                "role": SEATS[s]["name"],
                "colour": SEATS[s]["colour"],
                "company": colour,
                "company_name": COLOUR_NAMES[colour],
                "hex": COLOUR_HEX[colour],
                "track": view["track"][colour],
                "chips": view["point_chips"][s],
                "total": outcome["scores"][s],
                "winner": s in outcome["winners"],
                "rank": outcome["ranking"][s],
                "left": LEAVE_NOTATION[left[s]] if s in left else None,
            }
        )
    rows.sort(key=lambda row: (row["rank"], row["index"]))
    return rows


def place_name(at) -> str:
    """A place as the grid's edges print it: column letter a–g, row 1–7 from the top."""
    r, c = at
    return f"{'abcdefg'[c]}{r + 1}"


def _coords() -> list[dict]:
    """Column letters above and below the grid, row numbers left and right of it, as
    ``place_name`` writes places: each beside its column's or row's distributor line, so the
    move list's "c4" can be found, and the phone zoom can say what is in sight."""
    near, far, beside = FRAME - 9, TOTAL - FRAME + 9, CELL / 2 + 22
    labels = []
    for i in range(SIZE):
        at = FRAME + i * CELL + beside
        column, row = place_name((0, i))[0], str(i + 1)
        labels += [{"axis": "col", "name": column, "x": at, "y": y} for y in (near, far)]
        labels += [{"axis": "row", "name": row, "x": x, "y": at} for x in (near, far)]
    return labels


COORDS_SVG = coords_svg(_coords())


def _turned(rotation: int) -> str:
    return ("", " ↻", " ↻↻", " ↺")[rotation]


# The companies' colours in the move list's words.
COLOUR_WORDS = {
    "red": gettext_noop("red"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
    "blue": gettext_noop("blue"),
}


# Made once: each ngettext_lazy call builds a class of its own (about 33 KiB), so a move's
# words hold a reference to this, never a new one (games.boards.Words).
POINT_CHIPS = ngettext_lazy("%(count)d point chip", "%(count)d point chips", "count")


def describe(move: dict, before: dict, after: dict) -> Words | str:
    """One move of a turn; the list joins a turn's moves ("revealed c4, placed it at c4 ↻")."""
    kind = move["type"]
    special = bool(move.get("special"))
    if kind == "reveal":
        return Words(gettext_noop("revealed %(at)s"), at=place_name(move["at"]))
    if kind == "place":
        at = f"{place_name(move['to'])}{_turned(move['rotation'])}"
        if list(move["to"]) == list(before["gap"]):
            return Words(gettext_noop("placed it in the gap at %(at)s"), at=at)
        return Words(gettext_noop("placed it at %(at)s"), at=at)
    if kind == "rotate":
        return Words(
            gettext_noop("turned %(at)s"), at=f"{place_name(move['at'])}{_turned(move['rotation'])}"
        )
    if kind == "move":
        to = f"{place_name(before['gap'])}{_turned(move['rotation'])}"
        text = (
            gettext_noop("moved %(at)s to %(to)s with the special chip")
            if special
            else gettext_noop("moved %(at)s to %(to)s")
        )
        return Words(text, at=place_name(move["from"]), to=to)
    if kind == "swap":
        text = (
            gettext_noop("swapped %(a)s ↔ %(b)s with the special chip")
            if special
            else gettext_noop("swapped %(a)s ↔ %(b)s")
        )
        return Words(text, a=place_name(move["a"]), b=place_name(move["b"]))
    if kind == "declare":
        line = after["declared"][-1] if after["declared"] else {"from": move["from"], "to": "…"}
        gains: list = [
            Joined(
                [
                    Words(COLOUR_WORDS[colour]),
                    f"+{after['track'][colour] - before['track'][colour]}",
                ],
                " ",
            )
            for colour in COLOURS
            if after["track"][colour] > before["track"][colour]
        ]
        seat = before["current"]
        chips = after["point_chips"][seat] - before["point_chips"][seat]
        if chips:
            gains.append(Words(POINT_CHIPS, count=chips))
        return Words(
            gettext_noop("declared %(line)s (%(gains)s)"),
            line=f"{line['from']}→{line['to']}",
            gains=Joined(gains),
        )
    if kind == "double":
        return Words(gettext_noop("took a double turn"))
    return {"end": ""}[kind]
