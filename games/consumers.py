"""The match WebSocket: receives moves, pushes each viewer their own fragment.

Thin by design: moves go through ``services.move_play`` like the HTTP path, and
group notices carry no board, so each connection renders its own viewer's view.
"""

from __future__ import annotations

import contextlib
import json
import time

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games import fragments, services
from games.models import Match, Presence
from games.rendering import board_html, cached_board_html, fragment_key


class TokenBucket:
    """Allows ``burst`` frames at once and ``rate`` per second after that, per connection."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class MatchConsumer(AsyncWebsocketConsumer):
    seat: int | None = None
    invite = ""  # the match's invite token, part of every fragment key (games.fragments)
    sent: tuple | None = None  # cache key of the fragment this connection shows now
    shown_ply = -1  # the newest position this connection was sent

    async def dispatch(self, message):
        """Runs the handler for ``message`` without Channels' detour through the sync thread.

        Channels' own dispatch first closes stale database connections in the one
        thread that runs all database work, so every push to every viewer queued
        behind moves being recorded and rendered. Here only database_sync_to_async
        touches the database, and it closes stale connections itself.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.bucket = TokenBucket(settings.FRAMES_PER_SECOND, settings.FRAME_BURST)
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        html = await database_sync_to_async(self._arrive)()
        if html is None:
            await self.close(code=4404)
            return
        self.group = services.group_name(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # Send the whole fragment on every (re)connect: whatever was missed is caught up.
        await self.send(text_data=html)

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await database_sync_to_async(self._leave)()

    async def receive(self, text_data=None, bytes_data=None):
        if bytes_data is not None or text_data is None:
            await self.send_board("Send moves as text frames.")
            return
        if len(text_data.encode()) > settings.MAX_FRAME_BYTES:
            await self.send_board("That message is too large.")
            return
        if not self.bucket.take():
            await self.send_board("Too many messages: slow down a little.")
            return
        try:
            frame = json.loads(text_data)
            if not isinstance(frame, dict):
                raise ValueError
        except ValueError:
            await self.send_board("That message is not valid JSON.")
            return
        if "sync" in frame:
            await self.resync(frame.get("sync"), frame.get("status"))
            return
        try:
            await database_sync_to_async(services.move_play)(
                match_id=self.match_id,
                user=self.scope["user"],
                ply=frame.get("ply"),
                move=frame.get("move"),
            )
        except services.Refused as error:
            await self.send_board(str(error))
        # On success the group notice (sent after commit) re-renders every viewer, this one too.

    async def resync(self, ply, status):
        """The page, quiet for a while, says which position it shows: a missed notice is made
        good by sending the board, and nothing is sent when the page is up to date."""
        if (ply, status) != await database_sync_to_async(self._position)():
            await self.send_board()

    async def match_updated(self, event):
        if event["ply"] < self.shown_ply:
            return  # a notice overtaken by a newer one (they are sent without waiting)
        cache_key = fragments.key(
            self.match_id, self.invite, event["ply"], event["status"], self.seat
        )
        if cache_key is not None and cache_key == self.sent:
            return  # this connection already shows that position
        html = await fragments.aget(cache_key)
        if html is None:
            await self.send_board()
            return
        self.sent, self.shown_ply = cache_key, event["ply"]
        await self.send(text_data=html)

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Sends unless the viewer already left: a push can cross their closing handshake.

        Daphne raises Disconnected then, and an exception in a consumer makes Daphne
        fail the closing socket with code 1011 instead of finishing the close cleanly.
        """
        with contextlib.suppress(Disconnected):  # their disconnect event follows and cleans up
            await super().send(text_data, bytes_data, close)

    async def send_board(self, message: str | None = None):
        html = await database_sync_to_async(self._render)(message)
        await self.send(text_data=html)

    def _arrive(self) -> str | None:
        """Counts this viewer in and returns its fragment; None when there is no such match."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        html = self._fragment(match, None)
        Presence.objects.create(match=match, channel_name=self.channel_name, seat=self.seat)
        return html

    def _position(self) -> tuple[int, str] | None:
        return Match.objects.filter(pk=self.match_id).values_list("ply", "status").first()

    def _leave(self):
        Presence.objects.filter(channel_name=self.channel_name).delete()

    def _render(self, message):
        match = Match.objects.get(pk=self.match_id)
        return self._fragment(match, message)

    def _fragment(self, match: Match, message: str | None) -> str:
        self.seat, self.invite = match.seat_of(self.scope["user"]), match.invite
        self.shown_ply = max(self.shown_ply, match.ply)
        if message:
            self.sent = None
            return board_html(match, self.seat, message)
        self.sent = fragment_key(match, self.seat)
        return cached_board_html(match, self.seat)
