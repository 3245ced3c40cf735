"""A program's move, as the season's clients sent it, read into our move code (docs/rules.md
§1.4 and §4: ``A1.-2``, ``B0.0~1.-1``, ``skip``).

``<room roomId=…><data class="setmove|dragmove|skipmove|missmove">…</data></room>``: a set
names its piece (owner and type) and ``destination``, a drag its ``start`` and
``destination``; coordinates are attributes ``x y z`` or child elements ``<x>``…, as
XStream reads both. ``missmove`` is the older clients' name of the skip. Debug hints
(``<hint content=…/>``, or ``<hint>text</hint>``) are read and passed on as the move's hint.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from clients.sc2020 import coords
from clients.sc2020.reader import ProtocolError

LETTERS = {"BEE": "Q", "SPIDER": "S", "BEETLE": "B", "GRASSHOPPER": "G", "ANT": "A"}
COLOURS = ("RED", "BLUE")


def _number(element: Element, name: str) -> int:
    text = element.get(name)
    if text is None:
        child = element.find(name)
        text = child.text if child is not None else None
    try:
        return int((text or "").strip())
    except ValueError:
        raise ProtocolError(f"<{element.tag}> needs a whole number {name}.") from None


def _field(data: Element, name: str) -> list[int]:
    element = data.find(name)
    if element is None:
        raise ProtocolError(f"A {data.get('class')} needs a <{name}> field.")
    try:
        return coords.ours(_number(element, "x"), _number(element, "y"), _number(element, "z"))
    except coords.BadField as problem:
        raise ProtocolError(f"<{name}>: {problem}") from None


def _code(field: list[int]) -> str:
    q, r, _ = field
    return f"{q}.{r}"


MAX_HINT = 300  # characters the table keeps of a move's hint (docs/api.md, Hints)


def hints(data: Element) -> list[str]:
    found = []
    for hint in data.iter("hint"):
        text = hint.get("content", hint.text or "")
        if text:
            found.append(text)
    return found


def hint(data: Element) -> str | None:
    """The move's hints as the one hint the table takes with it: joined by " · " and cut to
    ``MAX_HINT`` characters (the table refuses a longer one, and a refused move would lose
    the match); None without any."""
    found = hints(data)
    return " · ".join(found)[:MAX_HINT] if found else None


def move_data(room: Element) -> Element:
    """The ``<data>`` of a move's ``<room>``; ProtocolError for any other message."""
    if room.tag != "room":
        raise ProtocolError(f"<{room.tag}> is no move: a move is <room roomId=…><data class=…>.")
    data = room.find("data")
    if data is None:
        raise ProtocolError("A <room> message needs its <data class=…>.")
    return data


def code(data: Element, seat: int, board: list) -> str:
    """The move code of ``data`` for ``seat`` at the position whose view's ``board`` is
    given (a drag's code names the piece on top at its start)."""
    kind = data.get("class")
    if kind in ("skipmove", "missmove"):
        return "skip"
    if kind == "setmove":
        piece = data.find("piece")
        if piece is None:
            raise ProtocolError("A setmove needs its <piece owner=… type=…>.")
        if piece.get("owner") != COLOURS[seat]:
            raise ProtocolError(f"You play {COLOURS[seat]}: set only your own pieces.")
        letter = LETTERS.get(piece.get("type") or "")
        if letter is None:
            raise ProtocolError(
                f"Unknown piece type {piece.get('type')!r}; one of {', '.join(LETTERS)}."
            )
        return letter + _code(_field(data, "destination"))
    if kind == "dragmove":
        start, destination = _field(data, "start"), _field(data, "destination")
        stack = next((e["stack"] for e in board if e["field"] == start), None)
        if not stack:
            x, y, z = coords.theirs(start)
            raise ProtocolError(f"No piece stands on ({x},{y},{z}) to be dragged.")
        letter = LETTERS[stack[-1]["piece"]]
        return f"{letter}{_code(start)}~{_code(destination)}"
    raise ProtocolError(f"Unknown move class {kind!r}: a move is a setmove, dragmove or skipmove.")
