"""The analysis's reactions (connected in ``AnalysisConfig.ready``): a request queues slices
in the analysis lane; a position stored tells the sockets of the match's pages (a small notice on
its group, never HTML: analysis/socket.py says it to the pages that asked)."""

from __future__ import annotations

from analysis import tasks
from analysis.messages import Progressed, progressed
from analysis.selectors import progress_of
from games.groups import group_name
from games.live.push import send_to_group


def on_requested(sender, analysis, **kwargs) -> None:
    tasks.queue_slices()


def on_progressed(sender, analysis, **kwargs) -> None:
    send_to_group(group_name(analysis.match_id), progress_notice(analysis))


def progress_notice(analysis) -> Progressed:
    return progressed(progress_of(analysis))
