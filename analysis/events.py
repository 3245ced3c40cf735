"""What the analysis services announce after commit (games.announce); who listens is not
their business (analysis/reactions.py)."""

from __future__ import annotations

from django.dispatch import Signal

from games.announce import send_on_commit

#: A match's analysis was asked for (queued); keyword ``analysis``.
analysis_requested = Signal()
#: One more position was estimated, or the analysis ended; keyword ``analysis``.
analysis_progressed = Signal()


def announce(signal: Signal, analysis) -> None:
    send_on_commit(type(analysis), (signal, {"analysis": analysis}))
