"""What the bridge says to a program, in the shapes of the season's server (socha-sdk's
protocol classes and plugin2020's XStream aliases): ``joined``, the ``welcomeMessage``, the
``memento`` with the whole state, the ``MoveRequest``, ``error``, ``result`` and ``left``.

The memento is built from the Bot API's ``view`` of Hive (docs/rules.md §4) alone.
"""

from __future__ import annotations

from clients.sc2020 import coords
from clients.sc2020.markup import message

COLOURS = ("RED", "BLUE")  # seat 0 is red and starts, as in the season
# The season's hand was written "QSSSGGBBAAA"; the memento lists the pieces in hand in that
# order of kinds (bee, spiders, grasshoppers, beetles, ants), however many there are.
HAND_ORDER = ("BEE", "SPIDER", "GRASSHOPPER", "BEETLE", "ANT")
MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"
# The season's score definition: match points (0 lost, 1 draw, 2 won) and the free fields
# around the bee, averaged over a contest (U+2205, as the season's plugin wrote it).
POINTS = {"lost": 0, "draw": 1, "won": 2}
FRAGMENTS = (("Gewinner", "SUM"), ("\u2205 freie Felder", "AVERAGE"))


def _room(room: str, data) -> str:
    return message(("room", [("roomId", room)], [data]))


def joined(room: str) -> str:
    return message(("joined", [("roomId", room)], None))


def welcome(room: str, seat: int) -> str:
    return _room(
        room, ("data", [("class", "welcomeMessage"), ("color", COLOURS[seat].lower())], None)
    )


def move_request(room: str) -> str:
    return _room(room, ("data", [("class", MOVE_REQUEST)], None))


def error(room: str, text: str) -> str:
    """A refused message, as the season's server wrapped its ProtocolErrorMessage."""
    return _room(room, ("data", [("class", "error"), ("message", text)], None))


def refusal(text: str) -> str:
    """A join refused, before the program is in any room: the bare ProtocolErrorMessage."""
    return message(("error", [("message", text)], None))


def left(room: str) -> str:
    return message(("left", [("roomId", room)], None))


def _xyz(name: str, field) -> tuple:
    x, y, z = coords.theirs(field)
    return (name, [("x", str(x)), ("y", str(y)), ("z", str(z))], None)


def _piece(seat: int, kind: str) -> tuple:
    return ("piece", [("owner", COLOURS[seat]), ("type", kind)], None)


def _board(view: dict) -> tuple:
    """11 ``fields`` columns (x = -5..5) of 11 entries (y = -5..5), ``null`` off the hexagon."""
    stacks = {coords.theirs(entry["field"]): entry["stack"] for entry in view["board"]}
    blocked = {coords.theirs(field) for field in view["blocked"]}
    columns = []
    for x in range(-coords.RADIUS, coords.RADIUS + 1):
        entries = []
        for y in range(-coords.RADIUS, coords.RADIUS + 1):
            z = -x - y
            if abs(z) > coords.RADIUS:
                entries.append(("null", [], None))
                continue
            attributes = [("x", str(x)), ("y", str(y)), ("z", str(z))]
            attributes.append(("isObstructed", "true" if (x, y, z) in blocked else "false"))
            pieces = [_piece(p["seat"], p["piece"]) for p in stacks.get((x, y, z), [])]
            entries.append(("field", attributes, pieces))
        columns.append(("fields", [], entries))
    return ("board", [], columns)


def _hand(view: dict, seat: int) -> list:
    """The seat's pieces in hand in the season's order; the table's view counts every kind,
    none in hand as 0, so a kind missing is a broken view and fails here."""
    reserve = view["reserves"][seat]
    return [_piece(seat, kind) for kind in HAND_ORDER for _ in range(reserve[kind])]


def _last_move(view: dict):
    last = view.get("last")
    if last is None:
        return None
    if last["type"] == "skip":
        return ("lastMove", [("class", "skipmove")], None)
    if last["type"] == "drag":
        body = [_xyz("start", last["from"]), _xyz("destination", last["to"])]
        return ("lastMove", [("class", "dragmove")], body)
    top = next(e["stack"][-1] for e in view["board"] if e["field"] == list(last["to"]))
    body = [_piece(top["seat"], top["piece"]), _xyz("destination", last["to"])]
    return ("lastMove", [("class", "setmove")], body)


def state(view: dict, names: list[str]) -> tuple:
    """The season's ``state`` of the position ``view`` shows; ``names`` of red and blue."""
    turn = sum(view["moves_made"])
    attributes = [
        ("class", "state"),
        ("startPlayerColor", COLOURS[0]),
        ("turn", str(turn)),
        ("currentPlayerColor", COLOURS[turn % 2]),
    ]
    body = [
        ("red", [("color", "RED"), ("displayName", names[0])], None),
        ("blue", [("color", "BLUE"), ("displayName", names[1])], None),
        _board(view),
        ("undeployedRedPieces", [], _hand(view, 0)),
        ("undeployedBluePieces", [], _hand(view, 1)),
    ]
    last = _last_move(view)
    if last is not None:
        body.append(last)
    return ("state", attributes, body)


def memento(room: str, view: dict, names: list[str]) -> str:
    return _room(room, ("data", [("class", "memento")], [state(view, names)]))


def result(room: str, scores: list[dict], winners: list[int], names: list[str]) -> str:
    """The end: ``scores`` per seat (red, blue) as {"cause", "reason", "points", "free"}."""
    definition = [
        (
            "fragment",
            [("name", name)],
            [("aggregation", [], aggregation), ("relevantForRanking", [], "true")],
        )
        for name, aggregation in FRAGMENTS
    ]
    body = [("definition", [], definition)]
    for score in scores:
        parts = [("part", [], str(score["points"])), ("part", [], str(score["free"]))]
        body.append(("score", [("cause", score["cause"]), ("reason", score["reason"])], parts))
    for seat in winners:
        attributes = [("class", "player"), ("color", COLOURS[seat]), ("displayName", names[seat])]
        body.append(("winner", attributes, None))
    return _room(room, ("data", [("class", "result")], body))
