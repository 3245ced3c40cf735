"""What every handler of the match socket sees of it (games/live/consumers.py routes frames and
notices to the handlers; ``games.features.SocketPart``): sending, refusing, joining and
leaving groups, ending it for who it was, and its viewer's language.

The attributes every part may read: ``match_id``, ``seat`` (None: a spectator), ``user_id``
(None: a visitor), ``language``, ``ended``, ``clock`` (the frame budgets' clock) and
Channels' ``scope``; each part documents the ones it keeps itself.
"""

from __future__ import annotations

import contextlib
import time

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from games.live.socket_play import refusal


class Socket(AsyncWebsocketConsumer):
    seat: int | None = None
    invite = ""
    sent: tuple | None = None
    shown_ply = -1
    showing: tuple | None = None
    expires = None
    identity: tuple | None = None
    checked: int | None = None
    session_key = None
    user_id = None
    language = settings.LANGUAGE_CODE
    ended = False  # closed for who it was: nothing more is read or sent
    clock = staticmethod(time.monotonic)  # the frame budgets' clock (tests move it by hand)

    async def join(self, group: str) -> None:
        self.groups.append(group)
        await self.channel_layer.group_add(group, self.channel_name)

    async def leave(self, group: str) -> None:
        self.groups.remove(group)
        await self.channel_layer.group_discard(group, self.channel_name)

    async def end(self, code: int):
        """Closes the socket for who it was: no frame of it is read, nothing is pushed to it."""
        self.ended = True
        for group in self.groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        await self.close(code=code)

    def in_language(self, render, *args, **kwargs):
        """``render(*args, **kwargs)`` in this socket's viewer's language."""
        with translation.override(self.language):
            return render(*args, **kwargs)

    async def refuse(self, message):
        """Answers a refused frame with its line; a lazy ``message`` (``gettext_lazy``) is
        written in the viewer's language."""
        with translation.override(self.language):
            await self.send(text_data=refusal(str(message)))

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Sends unless the viewer already left: a push can cross their closing handshake, and
        Daphne's Disconnected then would fail the closing socket with 1011."""
        if self.ended:
            return
        with contextlib.suppress(Disconnected):  # their disconnect event follows and cleans up
            await super().send(text_data, bytes_data, close)
