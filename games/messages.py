"""The match socket's messages, each declared once (as lichess's round socket has its
``Protocol.In`` and ``Protocol.Out``): the frames a page sends, parsed once where the router
reads them into a typed value its handler receives, and the channel-layer notices the games
app sends to a match's sockets, each type string written here and nowhere else.

A frame's class names its kind (its ``"t"``) and its fields; ``Frame.parse`` takes a frame the
router already checked (JSON, a dict, a known kind) and keeps only those fields. What a field
may hold is checked where it always was: a move and its ply by ``services.move_play``, which
the HTTP path and the API share, so a bad frame is refused with the same words as a bad
request. A feature app declares its own frames and notices the same way
(``chat/messages.py``, ``analysis/messages.py``, ``tournaments/messages.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, NotRequired, TypedDict


@dataclass(frozen=True, slots=True)
class Frame:
    """A frame of a socket, as its handler receives it."""

    kind: ClassVar[str]
    #: The fields' names, filled in for each subclass (read on every frame: no ``fields()``).
    names: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def parse(cls, raw: dict) -> Frame:
        """The frame ``raw`` (a dict with this kind) as this class: its fields, absent ones
        as None, anything else it carries left out."""
        return cls(*[raw.get(name) for name in cls.names])


def frame(kind: str):
    """Declares a frame class of kind ``kind``: ``@frame("move")`` on a dataclass body."""

    def declare(cls):
        declared = dataclass(frozen=True, slots=True)(cls)
        declared.kind = kind
        declared.names = tuple(f.name for f in fields(declared))
        return declared

    return declare


# --- Frames in: the games app's parts ------------------------------------------------------


@frame("move")
class Move(Frame):
    """``{"t": "move", "move": …, "ply": n}``: the move as JSON, made on position ``ply``."""

    move: Any = None
    ply: Any = None


@frame("claim")
class Claim(Frame):
    """``{"t": "claim"}``: the absent player to move leaves (docs/rules.md §7.4)."""


@frame("flag")
class Flag(Frame):
    """``{"t": "flag"}``: a page saw the running clock reach zero."""


@frame("sync")
class Sync(Frame):
    """``{"t": "sync", "ply": n, "status": s}``: the position a quiet page shows."""

    ply: Any = None
    status: Any = None


# --- Notices out: to a match's group and its sockets' session and user groups -------------

MATCH_UPDATED = "match.updated"
REMATCH_CHANGED = "rematch.changed"
SESSION_ENDED = "session.ended"
SESSION_REPLACED = "session.replaced"
IDENTITY_CHANGED = "identity.changed"
API_EVENT = "api.event"


class MatchUpdated(TypedDict):
    """A new position of the match (no board: each socket sends its own audience's).
    ``looked``: the embedded default's poller saw it stored (games/watcher.py)."""

    type: str
    ply: int
    status: str
    looked: NotRequired[bool]


def match_updated(ply: int, status: str) -> MatchUpdated:
    return {"type": MATCH_UPDATED, "ply": ply, "status": status}


def match_looked(ply: int, status: str) -> MatchUpdated:
    return {"type": MATCH_UPDATED, "ply": ply, "status": status, "looked": True}


class RematchChanged(TypedDict):
    """A rematch offer of the match changed; each socket renders its viewer's view of it."""

    type: str
    offer: int


def rematch_changed(offer_id: int) -> RematchChanged:
    return {"type": REMATCH_CHANGED, "offer": offer_id}


class Told(TypedDict):
    """A notice that is only its type: ``session.ended``, ``session.replaced``,
    ``identity.changed`` (games/presence.py ``tell``)."""

    type: str


def told(kind: str) -> Told:
    return {"type": kind}


class ApiEvent(TypedDict):
    """A line for a user's API event streams (games.groups ``user_events_group``)."""

    type: str
    event: dict


def api_event(event: dict) -> ApiEvent:
    return {"type": API_EVENT, "event": event}
