"""Programs' event streams hear of challenges: a reaction to challenges/events.py that puts
lichess's events on both players' groups (``games.groups.user_events_group``), which the API
app's ``GET /api/stream/event`` relays: ``challenge`` when one is made,
``challengeCanceled`` when it is taken back or expires, ``challengeDeclined``. The match of
an accepted one is the stream's ``gameStart``, which the API app sends when the match starts.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from challenges.models import Challenge
from challenges.selectors import challenge_json
from games.groups import user_events_group

log = logging.getLogger(__name__)


def send_event(user_id: int, event: dict) -> None:
    """Puts ``event`` on every event stream of ``user_id``. From a thread that Daphne's event
    loop handed sync work to (a view), it is handed back to that loop without waiting, as
    games/push.py does; elsewhere (the worker, a shell, a test) it is sent before returning."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "api.event", "event": event}
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or not loop.is_running():
        async_to_sync(layer.group_send)(user_events_group(user_id), message)
        return
    sent = asyncio.run_coroutine_threadsafe(
        layer.group_send(user_events_group(user_id), message), loop
    )
    sent.add_done_callback(_log_failure)


def _log_failure(sent: concurrent.futures.Future) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error("challenge event not sent", exc_info=sent.exception())


def _to_both(kind: str, challenge: Challenge) -> None:
    for user in (challenge.challenger, challenge.challenged):
        send_event(user.pk, {"type": kind, "challenge": challenge_json(challenge, for_user=user)})


def on_created(challenge: Challenge, **_signal) -> None:
    _to_both("challenge", challenge)


def on_canceled(challenge: Challenge, **_signal) -> None:
    """Taken back, or expired unanswered: either way the challenge is gone."""
    _to_both("challengeCanceled", challenge)


def on_declined(challenge: Challenge, **_signal) -> None:
    _to_both("challengeDeclined", challenge)
