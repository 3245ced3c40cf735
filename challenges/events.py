"""What the challenge services announce once a change is committed (as games/events.py does
for matches); who listens is not their business. Reactions connect in
``ChallengesConfig.ready``.

Every signal is sent with ``sender=Challenge`` and the keyword ``challenge``.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

#: A new challenge waits for its answer.
challenge_created = Signal()
#: The challenged accepted: ``challenge.match`` is the new match, both seated.
challenge_accepted = Signal()
#: The challenged declined (``challenge.decline_reason``).
challenge_declined = Signal()
#: The challenger took it back.
challenge_canceled = Signal()
#: Nobody answered in time.
challenge_expired = Signal()


def announce_on_commit(signal: Signal, challenge) -> None:
    """Sends ``signal`` for ``challenge`` after the commit; a receiver that fails is logged
    and the others still run."""

    def send():
        for receiver, result in signal.send_robust(type(challenge), challenge=challenge):
            if isinstance(result, Exception):
                log.error("%s failed", getattr(receiver, "__qualname__", receiver), exc_info=result)

    transaction.on_commit(send)
