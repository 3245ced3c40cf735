"""The analysis's background work (docs/computer.md, "Computer analysis"): the analysis task and the
minute sweep that finds queued or lost ones again after a restart.

An analysis is queued once (a marker in huey's storage, as a computer's turn is: the
request, the sweep and a second worker all find the same one), at the lowest priority: a
person waiting for the computer's move goes first.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY, db_periodic_task, db_task

from analysis import runner, services

log = logging.getLogger(__name__)

PRIORITY = -10  # after every computer turn (games.tasks: 10 answering a person, 0 watched)


def _queued_key(analysis_id: int) -> str:
    return f"analysis:{analysis_id}"


def queue_analysis(analysis_id: int, *, now: float | None = None) -> bool:
    """Queues the analysis unless it is queued already; returns whether it queued it."""
    now = time.time() if now is None else now
    key = _queued_key(analysis_id)
    if not HUEY.put_if_empty(key, now):
        queued_at = HUEY.get(key, peek=True)
        if queued_at is not None and now - queued_at < settings.ANALYSIS_LOST_SECONDS:
            return False
        HUEY.put(key, now)
    HUEY.enqueue(analyse.s(analysis_id, priority=PRIORITY))
    return True


@db_task()
def analyse(analysis_id: int) -> None:
    try:
        runner.run(analysis_id)
    except Exception:
        log.exception("analysis %s failed", analysis_id)
        services.analysis_fail(analysis_id=analysis_id)
    finally:
        HUEY.delete(_queued_key(analysis_id))


@db_periodic_task(crontab(minute="*"))
def analysis_sweep() -> None:
    """Once a minute, and when a worker starts: analyses queued or lost with their worker."""
    analyses_catch_up()


@HUEY.on_startup()
def analyses_catch_up() -> None:
    for analysis_id in services.lost_analyses():
        queue_analysis(analysis_id)
