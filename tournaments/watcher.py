"""Embedded default only: what the tournaments' pages of this process show, for the one
poller of games/watcher.py. With the in-memory channel layer a notice reaches its own process
only, and a match's end recorded by the worker (a computer's move, a flag) moves a tournament
on there. So the poller's every look (``WATCH_SECONDS``) asks ``changed`` (plugged in through
``games.features.watched`` by ``TournamentsConfig.ready``) for the versions of the tournaments
this process's sockets show that moved. On the scale path Redis carries every notice and the
poller does not run."""

from __future__ import annotations

from collections import Counter

from games import watcher
from tournaments.groups import tournament_group
from tournaments.messages import tournament_updated
from tournaments.models import Tournament

_open: Counter = Counter()  # tournament id -> sockets open in this process
_seen: dict[int, int] = {}


def watch(tournament_id: int, version: int) -> None:
    """A socket of this process shows ``version`` of ``tournament_id``."""
    _open[tournament_id] += 1
    _seen.setdefault(tournament_id, version)
    watcher.start()


def unwatch(tournament_id: int) -> None:
    _open[tournament_id] -= 1
    if _open[tournament_id] <= 0:
        del _open[tournament_id]
        del _seen[tournament_id]


def changed() -> list[tuple[str, dict]]:
    """The notices of the watched tournaments whose version moved since the last look."""
    if not _open:
        return []
    rows = Tournament.objects.filter(pk__in=list(_open)).values_list("pk", "version")
    moved = [(pk, v) for pk, v in rows if _seen.get(pk, v) != v]
    _seen.update(dict(rows))
    return [(tournament_group(pk), tournament_updated(v)) for pk, v in moved]
