"""The chat's messages on the match socket, each declared once (``games.messages`` says why):
the frames a page sends to say a line and to open, close and mute, and the notice of a line
said, which its room's sockets render and the Bot API's game stream relays as ``chatLine``.

What the fields may hold (a room, a line's text, an alias) is checked by ``chat.services``,
as for every other way in, so a bad frame is refused with the service's words."""

from __future__ import annotations

from typing import Any, TypedDict

from games.messages import Frame, frame


@frame("chat")
class Say(Frame):
    """``{"t": "chat", "room": "player" | "spectator", "text": …}``."""

    room: Any = None
    text: Any = None


@frame("chat_open")
class OpenRoom(Frame):
    """``{"t": "chat_open", "room": "spectator"}``: a player reads the spectators' room too."""

    room: Any = None


@frame("chat_close")
class CloseRoom(Frame):
    """``{"t": "chat_close", "room": "spectator"}``: a player stops reading it."""

    room: Any = None


@frame("chat_mute")
class Mute(Frame):
    """``{"t": "chat_mute", "alias": …}``: hides an author's lines from this user."""

    alias: Any = None


@frame("chat_unmute")
class Unmute(Frame):
    """``{"t": "chat_unmute", "alias": …}``."""

    alias: Any = None


CHAT_LINE = "chat.line"


class ChatLine(TypedDict):
    """A line said in ``room``: its data (``chat.selectors.line_data``), never HTML."""

    type: str
    id: int
    room: str
    author_id: int | None
    alias: str
    author: str
    text: str


def chat_line(data: dict) -> ChatLine:
    """The notice of the line ``data`` (``line_data``), its type first."""
    return {"type": CHAT_LINE, **data}
