"""A tournament page's WebSocket: a router like the match socket's (games/live/consumers.py), with
one notice and one frame. ``tournament.updated`` (a new version) sends the page the live part
of that version, rendered once per process and language, and to a player's page their own
part, which carries their new match for the page to go to. ``{"t": "sync", "version": n}``
asks for the live part again when the page missed a notice, once per version: a page that
claims again to be behind is sent nothing more until the next version.

Every socket of the table keeps the same rules (issue #55 item 4): counted in under the caps
per session and per address (``games.presence.arrive``, refused with 4429), the match
socket's frame budget and JSON guard, and a frame refused costs nothing (no answer). A
change costs one read and one render per process and language however many spectators'
sockets are open (``_shared_live``): beyond that, only the sends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from config.language import language_of
from games import guard, presence
from tournaments import rendering, selectors, watcher
from tournaments.groups import tournament_group
from tournaments.messages import TOURNAMENT_UPDATED, Sync, TournamentUpdated
from tournaments.models import Tournament

log = logging.getLogger(__name__)


# (tournament id, version heard, language) -> the one read and render under way in this
# process: the spectators' sockets that hear one notice all wait for it.
_renders: dict[tuple, asyncio.Future] = {}


def _live_now(tournament_id: int, language: str) -> tuple[int, str] | None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    return tournament.version, rendering.live_html(tournament, language)


async def _shared_live(socket: TournamentSocket, version: int) -> tuple[int, str] | None:
    """The live part of ``version`` (or newer) in the socket's language: from this process's
    cache, else from the one render every socket hearing that version waits for."""
    html = rendering.cached_live(socket.tournament_id, socket.public_id, version, socket.language)
    if html is not None:
        return version, html
    key = (socket.tournament_id, version, socket.language)
    pending = _renders.get(key)
    if pending is None:
        pending = asyncio.ensure_future(
            database_sync_to_async(_live_now)(socket.tournament_id, socket.language)
        )
        _renders[key] = pending
        pending.add_done_callback(lambda _: _renders.pop(key, None))
    return await asyncio.shield(pending)


async def _updated(socket: TournamentSocket, notice: TournamentUpdated) -> None:
    """A newer version: a spectator gets the live part rendered once for every spectator of
    this process, a player their own part too."""
    version = notice["version"]
    if version <= socket.version:
        return
    if socket.user is not None:
        await socket.push()
        return
    live = await _shared_live(socket, version)
    if live is not None and live[0] > socket.version:
        socket.version = live[0]
        await socket.send(text_data=live[1])


async def _sync(socket: TournamentSocket, frame: Sync) -> None:
    """The page shows ``version``: behind what was sent, it gets the current part again, once
    per version sent; otherwise a newer version, if any."""
    version = frame.version
    if version is None:
        return
    if version < socket.version:
        if socket.resent == socket.version:
            return  # sent again already: a page that still claims to be behind gets nothing
        socket.resent = socket.version
        await socket.push(force=True)
    else:
        await socket.push()


class TournamentSocket(AsyncWebsocketConsumer):
    notices = {TOURNAMENT_UPDATED: _updated}
    frames = {Sync.kind: (Sync.parse, _sync)}
    version = -1
    resent = -1  # the version last sent again on a page's sync
    watching = False
    counted = False  # its viewer row is in (games.presence)
    tournament_id = 0
    public_id = ""
    user = None
    csrf_token = ""
    language = settings.LANGUAGE_CODE
    clock = staticmethod(time.monotonic)

    async def __call__(self, scope, receive, send):
        """Whatever ends the socket, its viewer row goes."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.counted:
                await database_sync_to_async(presence.leave)(self.channel_name)

    async def dispatch(self, message):
        """A notice goes straight to its handler (as the match socket's do)."""
        if notice := self.notices.get(message["type"]):
            await notice(self, message)
            return
        await super().dispatch(message)

    async def connect(self):
        self.bucket = guard.TokenBucket(
            settings.FRAMES_PER_SECOND, settings.FRAME_BURST, self.clock
        )
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        self.shown = int(query["v"][0]) if query.get("v", [""])[0].isdigit() else -1
        invite = query.get("invite", [None])[0]
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        try:
            tournament = await database_sync_to_async(self._arrive)(public_id, invite)
        except presence.TooManySockets:
            await self.close(code=4429)
            return
        if tournament is None:
            await self.close(code=4404)
            return
        presence.keep_alive()
        await self.channel_layer.group_add(tournament_group(self.tournament_id), self.channel_name)
        self.groups.append(tournament_group(self.tournament_id))
        await self.accept()
        self.version = self.shown
        await self.push()
        watcher.watch(self.tournament_id, self.version)
        self.watching = True

    def _arrive(self, public_id: str, invite: str | None) -> Tournament | None:
        user = self.scope.get("user")
        tournament = selectors.visible(public_id, invite, user)
        if tournament is None:
            return None
        self.tournament_id, self.public_id = tournament.pk, tournament.public_id
        headers = dict(self.scope.get("headers") or ())
        accept = headers.get(b"accept-language", b"").decode("latin1")
        self.language = language_of(user, self.scope.get("cookies"), accept)
        self.user = user if user is not None and user.is_authenticated else None
        self.csrf_token = (self.scope.get("cookies") or {}).get(settings.CSRF_COOKIE_NAME, "")
        session = self.scope.get("session")
        viewer, address = presence.viewer_of(
            self.scope, session.session_key if session is not None else None
        )
        presence.arrive(
            match=None, channel_name=self.channel_name, seat=None, viewer=viewer, address=address
        )
        self.counted = True
        return tournament

    async def disconnect(self, code):
        if self.watching:
            watcher.unwatch(self.tournament_id)

    async def push(self, force: bool = False) -> None:
        """Sends the live part of the current version unless the page shows it already
        (``force``: send anyway), and a player their own part."""
        parts = await database_sync_to_async(self._render)(force)
        for html in parts:
            await self.send(text_data=html)

    def _render(self, force: bool) -> list[str]:
        tournament = Tournament.objects.filter(pk=self.tournament_id).first()
        if tournament is None or (tournament.version <= self.version and not force):
            return []
        self.version = tournament.version
        parts = [rendering.live_html(tournament, self.language)]
        if self.user is not None:
            parts.append(rendering.you_html(tournament, self.user, self.language, self.csrf_token))
        return parts

    async def receive(self, text_data=None, bytes_data=None):
        if not self.bucket.take() or text_data is None:
            return
        try:
            frame = guard.loads(text_data, max_bytes=settings.MAX_FRAME_BYTES, what="message")
        except guard.BadJSON:
            return
        kind = frame.get("t") if isinstance(frame, dict) else None
        declared = self.frames.get(kind) if isinstance(kind, str) else None
        if declared is not None:
            parse, handler = declared
            await handler(self, parse(frame))
        else:
            await self.send(text_data=json.dumps({"error": "unknown message"}))
