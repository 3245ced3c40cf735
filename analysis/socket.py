"""The analysis's half of the match socket (``AnalysisConfig.ready`` plugs it in): a replay
page that shows an analysis under way asks to follow it, ``{"t": "analysis_watch"}``, and
gets ``{"t": "analysis", "done": n, "total": m, "status": …, "ahead": k}`` at once and after each
position stored, until it is done.

Each stored position is announced to the match's group (analysis/reactions.py). With the
in-memory channel layer of the embedded default a notice does not leave the worker's
process, so there the socket looks at the progress itself every ``WATCH_SECONDS`` while the
analysis runs (games/watcher.py does the same for positions). The socket's attributes kept
here: ``analysis_watch`` (it asked) and ``analysis_poll`` (that look's task).
"""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from django.conf import settings

from analysis.messages import ANALYSIS_PROGRESS, Progressed, Watch, progress_frame
from analysis.models import Analysis
from analysis.selectors import progress_of
from games.features import SocketPart

ENDED = (Analysis.Status.DONE, Analysis.Status.FAILED)


def _progress(match_id: int) -> dict | None:
    analysis = Analysis.objects.filter(match_id=match_id).first()
    return None if analysis is None else progress_of(analysis)


async def _send(socket, progress: dict) -> None:
    await socket.send(text_data=progress_frame(progress))


async def watch(socket, frame: Watch) -> None:
    """``{"t": "analysis_watch"}``: the progress now, then as it goes."""
    socket.analysis_watch = True
    progress = await database_sync_to_async(_progress)(socket.match_id)
    if progress is None:
        return
    await _send(socket, progress)
    if settings.FRAGMENT_REDIS_URL or progress["status"] in ENDED:
        return
    if getattr(socket, "analysis_poll", None) is None:
        socket.analysis_loop = asyncio.get_running_loop()
        socket.analysis_poll = asyncio.create_task(_poll(socket, progress))


async def _poll(socket, shown: dict) -> None:
    while not socket.ended:
        await asyncio.sleep(settings.WATCH_SECONDS)
        progress = await database_sync_to_async(_progress)(socket.match_id)
        if progress is None:
            return
        if progress != shown:
            await _send(socket, progress)
            shown = progress
        if progress["status"] in ENDED:
            return


async def progressed(socket, event: Progressed) -> None:
    """The group's notice of one more position stored, to the pages that follow it."""
    if getattr(socket, "analysis_watch", False):
        await _send(socket, {k: event[k] for k in ("done", "total", "status", "ahead")})


def closed(socket) -> None:
    task = getattr(socket, "analysis_poll", None)
    if task is not None:
        socket.analysis_loop.call_soon_threadsafe(task.cancel)


PART = SocketPart(
    frames={Watch: watch},
    notices={ANALYSIS_PROGRESS: progressed},
    closed=closed,
)
