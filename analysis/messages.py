"""The analysis's messages on the match socket, each declared once (``games.messages`` says
why): the frame a replay page sends to follow an analysis, the group's notice of one more
position stored, and the progress the socket sends the page."""

from __future__ import annotations

import json
from typing import TypedDict

from games.messages import Frame, frame


@frame("analysis_watch")
class Watch(Frame):
    """``{"t": "analysis_watch"}``: the page follows the match's analysis."""


ANALYSIS_PROGRESS = "analysis.progress"


class Progress(TypedDict):
    """How far an analysis is (``analysis.selectors.progress_of``)."""

    done: int
    total: int
    status: str
    ahead: int


class Progressed(Progress):
    """The notice on the match's group: ``Progress`` with its type."""

    type: str


def progressed(progress: dict) -> Progressed:
    return {"type": ANALYSIS_PROGRESS, **progress}


def progress_frame(progress: Progress) -> str:
    """What the page gets: ``{"t": "analysis", "done": n, "total": m, "status": …, "ahead": k}``."""
    return json.dumps({"t": "analysis", **progress})
