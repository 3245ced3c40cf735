"""The worker schedules the ladders continuously: a ``tick`` runs a round of every game's
ladder that has programs on it, then queues the next tick ``LADDER_ROUND_SECONDS`` later.

One tick is pending at a time: a marker in huey's storage says one is queued (the tick
removes it when it runs, then queues the next), so two workers never run two chains; the
minute sweep starts the chain at worker start-up and again if a tick was lost with its
worker. A round locks its game's row, so even two rounds at once make every match once.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY, db_periodic_task, db_task

from ladder import services
from ladder.models import Entry

log = logging.getLogger(__name__)
PENDING = "ladder-tick"
#: A pending tick older than this many rounds is taken for lost (its worker died).
LOST_ROUNDS = 5


def queue_tick(*, now: float | None = None) -> bool:
    """Queues the next tick unless one is pending; whether it queued one."""
    now = time.time() if now is None else now
    delay = settings.LADDER_ROUND_SECONDS
    if not HUEY.put_if_empty(PENDING, now):
        queued_at = HUEY.get(PENDING, peek=True)
        if queued_at is not None and now - queued_at < LOST_ROUNDS * delay + 60:
            return False
        HUEY.put(PENDING, now)
    tick.schedule(delay=delay)
    return True


@db_task()
def tick() -> None:
    HUEY.delete(PENDING)
    try:
        games = set(
            Entry.objects.filter(state__in=[Entry.State.CHECKING, Entry.State.ON])
            .values_list("game", flat=True)
            .distinct()
        )
        for game in sorted(games):
            try:
                services.schedule_round(game)
            except Exception:  # one game's failure must not stop the others' rounds
                log.exception("ladder round of %s failed", game)
    finally:
        queue_tick()


@db_periodic_task(crontab(minute="*"))
def ladder_sweep() -> None:
    queue_tick()


@HUEY.on_startup()
def ladder_start() -> None:
    queue_tick()
