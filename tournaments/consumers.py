"""A tournament page's WebSocket: a router like the match socket's (games/live/consumers.py), with
one notice and one frame. ``tournament.updated`` (a new version) sends the page the live part
of that version, rendered once per process and language, and to a player's page their own
part, which carries their new match for the page to go to. ``{"t": "sync", "version": n}``
asks for the live part again when the page missed a notice. Nothing is read from the page
but that frame; the budget and the JSON guard are the match socket's.
"""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from config.language import language_of
from games import guard
from tournaments import rendering, selectors, watcher
from tournaments.groups import tournament_group
from tournaments.messages import TOURNAMENT_UPDATED, Sync, TournamentUpdated
from tournaments.models import Tournament

log = logging.getLogger(__name__)


async def _updated(socket: TournamentSocket, notice: TournamentUpdated) -> None:
    """A newer version: a spectator gets the live part this process rendered for it already
    (the first socket to hear renders it), a player their own part too."""
    version = notice["version"]
    if version <= socket.version:
        return
    if socket.user is None:
        html = rendering.cached_live(
            socket.tournament_id, socket.public_id, version, socket.language
        )
        if html is not None:
            socket.version = version
            await socket.send(text_data=html)
            return
    await socket.push()


async def _sync(socket: TournamentSocket, frame: Sync) -> None:
    if frame.version is None:
        return
    await socket.push(force=frame.version < socket.version)


class TournamentSocket(AsyncWebsocketConsumer):
    notices = {TOURNAMENT_UPDATED: _updated}
    frames = {Sync.kind: (Sync.parse, _sync)}
    version = -1
    watching = False
    tournament_id = 0
    public_id = ""
    user = None
    csrf_token = ""
    language = settings.LANGUAGE_CODE
    clock = staticmethod(time.monotonic)

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
        tournament = await database_sync_to_async(self._arrive)(public_id, invite)
        if tournament is None:
            await self.close(code=4404)
            return
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
