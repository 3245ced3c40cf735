"""The analysis lane's work (config/lanes.py; docs/computer.md, "Computer analysis"): slices, and the
minute sweep that queues them again after a restart or a worker lost midway.

A queued slice task names no analysis: it claims the next slice in turn when it runs
(analysis/services.py: the requester served least recently first), and once done queues one
more at the back of the lane's queue while analyses wait. The lane keeps at most
``ANALYSIS_PARALLEL`` slices queued (one per analysis worker of the site), so the workers
split one match between them, or serve several members' matches in turn.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import close_db

from analysis import runner, services
from config.lanes import ANALYSIS


def queue_slices() -> int:
    """Tops the lane's queue up to ``ANALYSIS_PARALLEL`` slices while analyses wait; returns
    how many it queued (a slice that finds no work free ends without queueing another)."""
    if not services.under_way():
        return 0
    wanted = max(settings.ANALYSIS_PARALLEL - ANALYSIS.pending_count(), 0)
    for _ in range(wanted):
        ANALYSIS.enqueue(analyse.s())
    return wanted


@ANALYSIS.task()
@close_db
def analyse() -> None:
    """One slice of the analysis next in turn, then the next slice queued."""
    if runner.run(uuid.uuid4().hex) is not None:
        queue_slices()


@ANALYSIS.periodic_task(crontab(minute="*"))
@close_db
def analysis_sweep() -> None:
    """Once a minute, and when a worker starts: slices for analyses under way, whose tasks
    were lost with a worker or a restart (a lost worker's claim lapses, then it is free)."""
    queue_slices()


@ANALYSIS.on_startup()
def analyses_catch_up() -> None:
    queue_slices()
