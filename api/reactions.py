"""The event streams hear of matches: a reaction to ``events.match_started`` and
``events.match_finished`` (connected in ``ApiConfig.ready``).

Each player of the match gets a ``gameStart`` or ``gameFinish`` line on every event stream
they have open, in any process: the event goes to their ``user_events_group``. On the
embedded default the worker's announcements (a computer's winning move, a flag) reach no web
process; an event stream there asks after its running matches itself (``api.streams``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from api.models import ApiToken
from api.selectors import game_event
from games.groups import user_events_group
from games.models import Match

log = logging.getLogger(__name__)


def send_event(user_id: int, event: dict) -> None:
    """Puts ``event`` on every open event stream of user ``user_id`` (the agreed contract:
    any process may do the same, docs/api.md). From a thread that Daphne's event loop
    handed sync work to, it is handed back to that loop without waiting (as games/push.py
    does); elsewhere (the worker, a shell, a test) it is sent before returning."""
    layer = get_channel_layer()
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
        log.error("API event not sent", exc_info=sent.exception())


def _tell_players(match: Match, kind: str) -> None:
    """Only players with a live token can have an event stream open: the others cost one
    query, not an event each."""
    users = {s.user_id: s.user for s in match.seat_list() if s.user_id and not s.user.is_bot}
    with_tokens = set(
        ApiToken.objects.filter(user_id__in=users, revoked=None).values_list("user_id", flat=True)
    )
    for user_id in sorted(with_tokens):
        user = users[user_id]
        event = game_event(match, user, kind)
        if event is not None:
            send_event(user.pk, event)


def on_started(match: Match, **_signal) -> None:
    _tell_players(match, "gameStart")


def on_finished(match: Match, **_signal) -> None:
    _tell_players(match, "gameFinish")
