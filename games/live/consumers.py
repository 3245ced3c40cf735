"""The match WebSocket: a router that knows no game and no feature.

Every frame names its kind (``{"t": "move", …}``, as lichess's round socket does), is parsed
once into its kind's class (``games.messages``, ``Frame``) and goes to the one handler of that
kind; every channel-layer notice (``{"type": "chat.line", …}``) goes to the one handler of
its type. The handlers live with their features: play
(games/live/socket_play.py), rematch offers (games/live/socket_rematch.py), who the socket speaks for
(games/live/socket_identity.py), and the feature apps' parts (the chat's, chat/socket.py), which
plug in through ``games.features.socket_parts``.

What the router itself keeps: the frame budget, and the rights checks every frame passes
before its handler runs (a socket closed for who it was reads nothing; its session must not
have expired nor changed hands: games/live/socket_identity.py). Each socket renders in its
viewer's language (``config.language.language_of``), found when it opens.
"""

from __future__ import annotations

import logging

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.language import language_of
from games import features, guard, presence
from games.groups import group_name
from games.live import socket_identity, socket_play, socket_rematch
from games.live.socket_base import Socket
from games.live.socket_identity import ENDED, REOPEN
from games.models import Match

log = logging.getLogger(__name__)


class MatchConsumer(Socket):
    frames: dict = {}  # a frame's kind to its parser and handler, from every part (``connect``)
    notices: dict = {}  # a notice's type to its handler

    @staticmethod
    def parts() -> tuple[features.SocketPart, ...]:
        """The games app's parts and the feature apps' (``features.socket_parts``), in the
        order a (re)connect catches up: the board, the chat, then a rematch offer."""
        return (socket_play.PART, socket_identity.PART, *features.socket_parts, socket_rematch.PART)

    async def __call__(self, scope, receive, send):
        """Whatever ends the socket (a close, an error, a cancelled task), its viewer row goes
        and every part hears of it."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            if getattr(self, "channel_name", None):
                await database_sync_to_async(self._closed)()

    def _closed(self) -> None:
        presence.leave(self.channel_name)
        for part in self.parts():
            if part.closed is not None:
                part.closed(self)

    async def dispatch(self, message):
        """Runs the handler of ``message`` without Channels' detour through the sync thread
        (which queued every push behind the moves being recorded): a notice goes to its part's
        handler, and a frame that fails unexpectedly is refused like any other bad frame (an
        exception here would end the socket with 1011)."""
        if notice := self.notices.get(message["type"]):
            if not self.ended:
                await notice(self, message)
            return
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if message["type"] != "websocket.receive":
            await handler(message)
            return
        try:
            await handler(message)
        except Exception:
            log.exception("a match frame failed")
            await self.refuse("That message could not be handled.")

    async def connect(self):
        self.frames = {
            declared.kind: (declared.parse, handler)
            for part in self.parts()
            for declared, handler in part.frames.items()
        }
        self.notices = {kind: h for part in self.parts() for kind, h in part.notices.items()}
        self.bucket = guard.TokenBucket(
            settings.FRAMES_PER_SECOND, settings.FRAME_BURST, self.clock
        )
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        socket_identity.remember(self)
        try:
            html = await database_sync_to_async(self._arrive)()
        except presence.TooManySockets:
            await self.close(code=4429)
            return
        if html is None:
            await self.close(code=4404)
            return
        presence.keep_alive()
        # Channels leaves the groups in self.groups on disconnect.
        for group in (group_name(self.match_id), *socket_identity.groups(self)):
            await self.join(group)
        await self.accept()
        # The whole fragment on every (re)connect, unless the page shows this position already.
        if html:
            await self.send(text_data=html)
        for part in self.parts():
            if part.opened is not None:
                await part.opened(self)

    def _arrive(self) -> str | None:
        """Counts this viewer in and returns its fragment; None when there is no such match."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        headers = dict(self.scope.get("headers") or ())
        accept = headers.get(b"accept-language", b"").decode("latin1")
        self.language = language_of(self.scope.get("user"), self.scope.get("cookies"), accept)
        html = socket_play.first_board(self, match)
        viewer, address = presence.viewer_of(self.scope, self.session_key)
        presence.arrive(
            match=match,
            channel_name=self.channel_name,
            seat=self.seat,
            viewer=viewer,
            address=address,
        )
        return html

    async def receive(self, text_data=None, bytes_data=None):
        """Every frame counts against the budget, refused ones too, and passes the rights
        checks before its kind's handler runs. Only the first frame over the budget is
        answered; those after it cost nothing until the budget takes one again."""
        if self.ended:
            return  # closed for who it was: whatever it still sends does nothing
        if not self.bucket.take():
            if self.bucket.refused == 1:  # said once per run of refusals: the rest cost nothing
                await self.refuse("Too many messages: slow down a little.")
            return
        if self.expires is not None and timezone.now() >= self.expires:
            await self.close(code=ENDED)
            return
        if not await socket_identity.still_holds(self):
            await self.end(REOPEN)
            return
        if bytes_data is not None or text_data is None:
            await self.refuse("Send moves as text frames.")
            return
        try:
            frame = guard.loads(text_data, max_bytes=settings.MAX_FRAME_BYTES, what="That message")
        except guard.BadJSON as error:
            await self.refuse(str(error))
            return
        if not isinstance(frame, dict):
            await self.refuse("That message is not valid JSON.")
            return
        declared = self.frames.get(frame.get("t")) if isinstance(frame.get("t"), str) else None
        if declared is not None:
            parse, handler = declared
            await handler(self, parse(frame))
            return
        await self.refuse(_("That message is of no kind this table knows."))
