"""Embedded default only: tournament changes that the worker recorded reach this process's
pages. With the in-memory channel layer a notice reaches its own process only, and a match's
end recorded by the worker (a computer's move, a flag) moves a tournament on there. So each
web process looks, every ``WATCH_SECONDS``, at the versions of the tournaments its sockets
show and sends a notice for any that changed (as games/watcher.py does for positions). On the
scale path Redis carries every notice and this does not run."""

from __future__ import annotations

import asyncio
from collections import Counter

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from tournaments.groups import tournament_group
from tournaments.models import Tournament

_open: Counter = Counter()  # tournament id -> sockets open in this process
_seen: dict[int, int] = {}
_tasks: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def watch(tournament_id: int, version: int) -> None:
    """A socket of this process shows ``version`` of ``tournament_id``."""
    _open[tournament_id] += 1
    _seen.setdefault(tournament_id, version)
    if settings.FRAGMENT_REDIS_URL:
        return
    loop = asyncio.get_running_loop()
    task = _tasks.get(loop)
    if task is None or task.done():
        for old in [old for old in _tasks if old.is_closed()]:
            del _tasks[old]
        _tasks[loop] = loop.create_task(_watch_forever())


def unwatch(tournament_id: int) -> None:
    _open[tournament_id] -= 1
    if _open[tournament_id] <= 0:
        del _open[tournament_id]
        _seen.pop(tournament_id, None)


def changed() -> list[tuple[int, int]]:
    rows = Tournament.objects.filter(pk__in=list(_open)).values_list("pk", "version")
    moved = [(pk, v) for pk, v in rows if _seen.get(pk, v) != v]
    _seen.update(dict(rows))
    return moved


async def _watch_forever() -> None:
    layer = get_channel_layer()
    while True:
        await asyncio.sleep(settings.WATCH_SECONDS)
        if not _open:
            continue
        for pk, version in await database_sync_to_async(changed)():
            await layer.group_send(
                tournament_group(pk), {"type": "tournament.updated", "version": version}
            )
