"""Embedded default only: positions that another process recorded reach this one's viewers.

With the in-memory channel layer a notice reaches the sockets of its own process only,
but the background worker (bots moving, flags falling) is a process of its own. So each
web process looks, twice a second, at the positions of the matches its sockets show and
tells their viewers about any it did not record itself (``told``). The same look asks the
feature apps what they watch (``games.features.watched``: a tournament's page its version),
so one poller per event loop serves them all. On the scale path Redis carries every notice
between processes and this is not started.
"""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from games import features, messages
from games.groups import group_name
from games.models import Match, Presence

_seen: dict[int, tuple[int, str]] = {}  # match id -> (ply, status) last looked at
# A match that moved several plies between two looks (a loaded machine, a quick computer) is
# told each of them, the newest this many: a spectator at their own pace (static/js/pace.js)
# sees every position in turn.
CATCH_UP_PLIES = 16
_watchers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
_server: list[str] = []  # this process's name in its sockets' rows, once a match socket opened


def changed_positions(server: str) -> list[tuple[int, int, str]]:
    """(match id, ply, status) of this process's watched matches that moved since last time:
    every ply since the last look (at most ``CATCH_UP_PLIES``), oldest first."""
    watched = Presence.objects.filter(server=server).values_list("match_id", flat=True)
    rows = Match.objects.filter(pk__in=watched).values_list("pk", "ply", "status")
    # A match seen for the first time counts as changed: its sockets may have opened on an
    # older position than the one now stored (a viewer ignores a notice it already shows).
    changed = []
    for pk, ply, status in rows:
        before = _seen.get(pk)
        if before == (ply, status):
            continue
        if before is not None:
            first = max(before[0] + 1, ply - CATCH_UP_PLIES + 1)
            changed += [(pk, between, Match.Status.ACTIVE.value) for between in range(first, ply)]
        changed.append((pk, ply, status))
    _seen.clear()
    _seen.update({pk: (ply, status) for pk, ply, status in rows})
    return changed


def told(match_id: int, ply: int, status: str) -> None:
    """This process recorded ``ply`` of a match it watches and told its viewers itself: the
    next look leaves it out (every running match moves about once a second, and each look
    at one of them woke every one of its sockets for nothing). A match not looked at yet
    stays new to the watcher, for the reason ``changed_positions`` gives."""
    if match_id in _seen:
        _seen[match_id] = (ply, status)


def start(server: str | None = None) -> None:
    """Starts this event loop's watcher once, unless a shared channel layer carries notices;
    ``server`` (games.presence's name of this process) once a match socket opens here."""
    if server is not None and not _server:
        _server.append(server)
    if settings.FRAGMENT_REDIS_URL:
        return
    loop = asyncio.get_running_loop()
    task = _watchers.get(loop)
    if task is None or task.done():
        for old in [old for old in _watchers if old.is_closed()]:
            del _watchers[old]
        _watchers[loop] = loop.create_task(_watch_forever())


def notice(ply: int, status: str) -> dict:
    """What the watcher tells a match's sockets: only the stored position (``looked``), so a
    socket that shows it sends nothing, a waiting match's too, whose fragment has no key to
    compare (games/live/socket_play.py)."""
    return messages.match_looked(ply, status)


def look() -> list[tuple[str, dict]]:
    """The notices of one look, (group, notice): the matches' moved positions, then what
    each feature app watches."""
    sent = [(group_name(pk), notice(ply, status)) for pk, ply, status in _matches()]
    for watched in features.watched:
        sent += watched()
    return sent


def _matches() -> list[tuple[int, int, str]]:
    return changed_positions(_server[0]) if _server else []


async def _watch_forever() -> None:
    layer = get_channel_layer()
    while True:
        await asyncio.sleep(settings.WATCH_SECONDS)
        for group, message in await database_sync_to_async(look)():
            await layer.group_send(group, message)
