"""The challenges' reactions, connected in ``ChallengesConfig.ready``: programs' event
streams hear of challenges. Each reaction to challenges/events.py puts
lichess's events on both players' groups (``games.groups.user_events_group``), which the API
app's ``GET /api/stream/event`` relays: ``challenge`` when one is made,
``challengeCanceled`` when it is taken back or expires, ``challengeDeclined``. The match of
an accepted one is the stream's ``gameStart``, which the API app sends when the match starts.
"""

from __future__ import annotations

from challenges.models import Challenge
from challenges.selectors import challenge_json
from games.live.push import send_user_event


def _to_both(kind: str, challenge: Challenge) -> None:
    for user in (challenge.challenger, challenge.challenged):
        send_user_event(
            user.pk, {"type": kind, "challenge": challenge_json(challenge, for_user=user)}
        )


def on_created(challenge: Challenge, **_signal) -> None:
    _to_both("challenge", challenge)


def on_canceled(challenge: Challenge, **_signal) -> None:
    """Taken back, or expired unanswered: either way the challenge is gone."""
    _to_both("challengeCanceled", challenge)


def on_declined(challenge: Challenge, **_signal) -> None:
    _to_both("challengeDeclined", challenge)
