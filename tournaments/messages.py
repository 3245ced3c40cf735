"""The tournaments' messages, each declared once (``games.messages`` says why): the page
socket's one frame and the notice of a tournament's new version, which its page's socket and
its players' match sockets hear."""

from __future__ import annotations

from typing import TypedDict

from games.messages import Frame, frame


@frame("sync")
class Sync(Frame):
    """``{"t": "sync", "version": n}``: the version the page shows; anything but a whole
    number is no version (None), and asks for nothing."""

    version: int | None = None

    @classmethod
    def parse(cls, raw: dict) -> Sync:
        version = raw.get("version")
        return cls(version if type(version) is int else None)


TOURNAMENT_UPDATED = "tournament.updated"


class TournamentUpdated(TypedDict):
    """The tournament moved to ``version`` (a step, a result, a join)."""

    type: str
    version: int


def tournament_updated(version: int) -> TournamentUpdated:
    return {"type": TOURNAMENT_UPDATED, "version": version}
