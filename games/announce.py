"""Sending what a writer announced once its transaction commits: the one loop behind every
app's announcements (games/events.py, chat/events.py, challenges/events.py).

Receivers run in the committing thread, one after another in the order they connected (in
their app's ``ready``); one that fails is logged and the others still run: a push that fails
must not lose a computer's turn, nor a mail server that is down a move.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)


def send_on_commit(sender: type, *sends: tuple[Signal, dict]) -> None:
    """Sends each ``(signal, keywords)`` of ``sends`` with ``sender``, in order, after the
    commit of the transaction running now (at once when none is)."""

    def send_all():
        for signal, kwargs in sends:
            for receiver, result in signal.send_robust(sender, **kwargs):
                if isinstance(result, Exception):
                    log.error(
                        "%s failed", getattr(receiver, "__qualname__", receiver), exc_info=result
                    )

    transaction.on_commit(send_all)
