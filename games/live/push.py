"""Sending notices to channel-layer groups, for the reactions of every app: a new position
to a match's sockets, a chat line to its room's, an event to a user's API streams.

A notice carries no board: every socket sends its own viewer's fragment
(games/live/consumers.py), so a secret can only reach its owner.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from games import messages
from games.groups import group_name, user_events_group
from games.models import Match

log = logging.getLogger(__name__)


def notify_match_updated(match: Match) -> None:
    """Tells every viewer of ``match`` to re-render; never carries the board itself (secrets).

    Called from a thread that Daphne's event loop handed sync work to (a consumer's
    database call, a view), the notice is handed back to that loop without waiting for
    it: the thread is free for the next move at once instead of idling until the loop
    and the channel layer got round to it. Elsewhere (a shell, a command) it is sent
    before returning.
    """
    send_to_group(group_name(match.pk), messages.match_updated(match.ply, match.status))


def send_to_group(group: str, message: dict) -> None:
    """Sends ``message`` to the channel-layer ``group``: handed to Daphne's event loop without
    waiting when called from a thread it handed sync work to, else sent before returning.
    Used by every push of a reaction (match notices, chat lines, rematch offers)."""
    layer = get_channel_layer()
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or not loop.is_running():
        async_to_sync(layer.group_send)(group, message)
        return
    sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    sent.add_done_callback(_log_failure)


def send_user_event(user_id: int, event: dict) -> None:
    """Puts ``event`` (lichess-shaped JSON) on every open API event stream of ``user_id``, in
    any process: the contract of ``games.groups.user_events_group`` (docs/api.md)."""
    send_to_group(user_events_group(user_id), messages.api_event(event))


def _log_failure(sent: concurrent.futures.Future) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error("match notice not sent", exc_info=sent.exception())
