"""What the challenge services announce once a change is committed (as games/events.py does
for matches); who listens is not their business. Reactions live in challenges/reactions.py
and connect in ``ChallengesConfig.ready``. An accepted challenge is announced as the match it
makes (games/events.py ``match_started``).

Every signal is sent with ``sender=Challenge`` and the keyword ``challenge``.
"""

from __future__ import annotations

from django.dispatch import Signal

from games.announce import send_on_commit

#: A new challenge waits for its answer.
challenge_created = Signal()
#: The challenged declined (``challenge.decline_reason``).
challenge_declined = Signal()
#: The challenger took it back.
challenge_canceled = Signal()
#: Nobody answered in time.
challenge_expired = Signal()


def announce_on_commit(signal: Signal, challenge) -> None:
    """Sends ``signal`` for ``challenge`` after the commit."""
    send_on_commit(type(challenge), (signal, {"challenge": challenge}))
