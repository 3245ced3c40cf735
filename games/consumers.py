"""The match WebSocket: receives moves, pushes each viewer their own fragment.

Thin by design: moves go through ``services.move_play`` like the HTTP path, and
group notices carry no board, so each connection renders its own viewer's view.

A socket holds the rights of the session it was opened with, and only while that session
is still who it was: every frame, and every push of a seat's view, first reads the session
from the store (one read) and closes the socket if it is gone or names another user or
auth hash; a change of who the user is (``games.presence``) makes every socket of theirs
also check that the hash still proves the user.

Each socket renders in its viewer's language (``config.language.language_of``: their profile,
the header switch's cookie, their browser's ``Accept-Language``, as the handshake carried
them), and every fragment key names that language.
"""

from __future__ import annotations

import contextlib
import logging
import time
from importlib import import_module
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.html import escape
from django.utils.translation import gettext as _

from chat import rendering as chat_rendering
from chat import selectors as chat_selectors
from chat import services as chat_services
from config.language import language_of
from games import fragments, guard, presence, rematches, services
from games.groups import chat_group, group_name
from games.models import Match, RematchOffer
from games.rematch_html import rematch_html
from games.rendering import board_html, cached_board_html, fragment_key

log = logging.getLogger(__name__)
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore
# Closing for a change of who the session is: htmx opens the socket again (as it does after
# a server restart) with the browser's cookie of now, so the page goes on as who it is now.
REOPEN = 1012


class TokenBucket:
    """Allows ``burst`` frames at once and ``rate`` per second after that, per connection."""

    def __init__(self, rate: float, burst: int, clock):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def refusal(message: str) -> str:
    """The short answer to a refused frame: swapped into the page's ``#frame-error``, no board."""
    return f'<p id="frame-error" class="message" role="alert">{escape(message)}</p>'


class MatchConsumer(AsyncWebsocketConsumer):
    seat: int | None = None
    invite = ""  # the match's invite token, part of every fragment key (games.fragments)
    sent: tuple | None = None  # cache key of the fragment this connection shows now
    shown_ply = -1  # the newest position this connection was sent
    expires = None  # when the session this socket was opened with ends
    identity: tuple | None = None  # (user id, auth hash) its session held when it opened
    user_id = None  # the user it was opened as (None: a visitor)
    language = settings.LANGUAGE_CODE  # its viewer's, found when it opens
    ended = False  # closed for who it was: nothing more is read or sent
    chat_rooms: set[str]  # the chat rooms whose lines reach this socket (chat/push.py)
    clock = staticmethod(time.monotonic)  # the frame budget's clock (tests move it by hand)

    async def __call__(self, scope, receive, send):
        """Whatever ends the socket (a close, an error, a cancelled task), its viewer row goes."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            if getattr(self, "channel_name", None):
                await database_sync_to_async(presence.leave)(self.channel_name)
                if self.seat is not None and self.user_id is not None:
                    await database_sync_to_async(self._left_the_table)()

    async def dispatch(self, message):
        """Runs the handler for ``message`` without Channels' detour through the sync thread.

        Channels' own dispatch first closes stale database connections in the one
        thread that runs all database work, so every push to every viewer queued
        behind moves being recorded and rendered. Here only database_sync_to_async
        touches the database, and it closes stale connections itself.

        A frame that fails unexpectedly is refused like any other bad frame: an exception
        here would end the socket with 1011.
        """
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
            await self.send(text_data=refusal("That message could not be handled."))

    async def connect(self):
        self.bucket = TokenBucket(settings.FRAMES_PER_SECOND, settings.FRAME_BURST, self.clock)
        self.chat_bucket = TokenBucket(
            settings.CHAT_SOCKET_PER_SECOND, settings.CHAT_SOCKET_BURST, self.clock
        )
        self.chat_rooms = set()
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        session = self.scope.get("session")
        self.session_key = session.session_key if session is not None else None
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
        self.groups.append(group_name(self.match_id))
        if self.session_key:
            self.groups.append(presence.session_group(self.session_key))
        if self.user_id is not None:
            self.groups.append(presence.user_group(self.user_id))
        # A seat's sockets read the players' room (the spectators' one once opened), any
        # other socket the spectators' room.
        self.chat_rooms = {"player" if self.seat is not None else "spectator"}
        self.groups.extend(chat_group(self.match_id, room) for room in self.chat_rooms)
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        # Send the whole fragment on every (re)connect, unless the page already shows this
        # position (a page just loaded): whatever was missed is caught up.
        if html:
            await self.send(text_data=html)
        chat = await database_sync_to_async(self._chat_catch_up)()
        if chat:
            await self.send(text_data=chat)
        offer = await database_sync_to_async(self._rematch_catch_up)()
        if offer:
            await self.send(text_data=offer)

    async def session_ended(self, event):
        """The session this socket was opened with was logged out: nothing more under its name."""
        await self.end(4401)

    async def session_replaced(self, event):
        """The browser logged in (as anyone): its session before is gone."""
        await self.end(REOPEN)

    async def identity_changed(self, event):
        """Who this socket's user is changed (a password, a guest made a member): it goes on
        only if its session still proves them."""
        if not await database_sync_to_async(self._still_who_it_was)(proven=True):
            await self.end(REOPEN)

    async def end(self, code: int):
        """Closes the socket for who it was: no frame of it is read, nothing is pushed to it."""
        self.ended = True
        for group in self.groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        await self.close(code=code)

    async def receive(self, text_data=None, bytes_data=None):
        """Every frame counts against the budget, refused ones too; only a frame that reaches
        the move service (or asks to sync) can cost a board."""
        if self.ended:
            return  # closed for who it was: whatever it still sends does nothing
        if not self.bucket.take():
            await self.refuse("Too many messages: slow down a little.")
            return
        if self.expires is not None and timezone.now() >= self.expires:
            await self.close(code=4401)
            return
        if not await database_sync_to_async(self._still_who_it_was)():
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
        if "sync" in frame:
            await self.resync(frame.get("sync"), frame.get("status"))
            return
        if "flag" in frame:
            # A page saw the running clock reach zero: the server's clock decides.
            await database_sync_to_async(services.clock_flag)(match_id=self.match_id)
            return
        if "chat" in frame:
            await self.chat(frame.get("chat"), frame.get("room"))
            return
        if "chat_room_open" in frame or "chat_room_close" in frame:
            await self.chat_room(frame)
            return
        if "chat_mute" in frame or "chat_unmute" in frame:
            await self.chat_mute(frame)
            return
        if "claim" in frame:
            try:
                await database_sync_to_async(services.match_claim)(
                    match_id=self.match_id, user=self.scope["user"]
                )
            except services.Refused as error:
                await self.send_board(str(error))
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

    async def chat(self, text, room):
        """A chat line: through the chat service, which announces it to its room's sockets
        (this one too, when it reads that room)."""
        if not self.chat_bucket.take():
            with translation.override(self.language):
                message = _("Too many chat lines: wait a moment.")
            await self.refuse(message)
            return
        try:
            # In the viewer's language: the service's refusals are theirs to read.
            await database_sync_to_async(self._in_language)(
                chat_services.chat_say,
                match_id=self.match_id,
                user=self.scope["user"],
                room=room,
                text=text,
            )
        except services.Refused as error:
            await self.refuse(str(error))

    async def chat_room(self, frame):
        """A player opens (``{"chat_room_open": "spectator"}``) or closes the spectators'
        room: this socket joins or leaves its group, and an opened room's lines come along.
        Other sockets read the spectators' room anyway; the players' room opens to no one."""
        opening = "chat_room_open" in frame
        room = frame.get("chat_room_open" if opening else "chat_room_close")
        if room != "spectator" or self.seat is None:
            with translation.override(self.language):
                message = _("That chat room cannot be opened or closed here.")
            await self.refuse(message)
            return
        group = chat_group(self.match_id, room)
        if opening and room not in self.chat_rooms:
            self.chat_rooms.add(room)
            self.groups.append(group)
            await self.channel_layer.group_add(group, self.channel_name)
        elif not opening and room in self.chat_rooms:
            self.chat_rooms.discard(room)
            self.groups.remove(group)
            await self.channel_layer.group_discard(group, self.channel_name)
        if opening:
            html = await database_sync_to_async(self._in_language)(
                chat_rendering.room_html, self.match_id, room, self.scope["user"]
            )
            await self.send(text_data=html)

    async def chat_mute(self, frame):
        """Mutes (``{"chat_mute": user id}``) or unmutes an author for this socket's user;
        answers with the rooms it reads and the list of muted names, rendered anew."""
        muting = "chat_mute" in frame
        change = chat_services.chat_mute if muting else chat_services.chat_unmute
        try:
            await database_sync_to_async(self._in_language)(
                change,
                user=self.scope["user"],
                muted_id=frame.get("chat_mute" if muting else "chat_unmute"),
            )
        except services.Refused as error:
            await self.refuse(str(error))
            return
        html = await database_sync_to_async(self._chat_rooms_html)()
        await self.send(text_data=html)

    async def chat_line(self, event):
        """A line said in a room this socket reads: rendered for its reader, unless they
        muted its author."""
        if self.ended or event["room"] not in self.chat_rooms:
            return
        if self.user_id is not None and event["author_id"] is not None:
            muted = await database_sync_to_async(chat_selectors.is_muted)(
                self.user_id, event["author_id"]
            )
            if muted:
                return
        html = self._in_language(chat_rendering.pushed_line_html, event, self.user_id)
        await self.send(text_data=html)

    async def rematch_changed(self, event):
        """A rematch offer of this match changed: this viewer's view of it (Accept and
        Decline, whom it waits for, the new match to go to)."""
        if self.ended:
            return
        html = await database_sync_to_async(self._in_language)(
            rematch_html, self.match_id, self.scope["user"]
        )
        await self.send(text_data=html)

    def _rematch_catch_up(self) -> str:
        """On a (re)connect to a finished match with an offer: where the offer stands now."""
        if not RematchOffer.objects.filter(match_id=self.match_id).exists():
            return ""
        return self._in_language(rematch_html, self.match_id, self.scope["user"])

    def _left_the_table(self) -> None:
        """A player's socket closed: an offer of theirs lapses once no page of theirs is left
        on the match (games/rematches.py)."""
        if self.seat not in presence.seats_here(self.match_id):
            rematches.rematch_maker_left(match_id=self.match_id, user_id=self.user_id)

    def _in_language(self, render, *args, **kwargs):
        with translation.override(self.language):
            return render(*args, **kwargs)

    def _chat_rooms_html(self) -> str:
        user = self.scope["user"]
        rooms = sorted(self.chat_rooms)
        with translation.override(self.language):
            parts = [chat_rendering.room_html(self.match_id, room, user) for room in rooms]
            return "".join([*parts, chat_rendering.muted_html(user)])

    def _chat_catch_up(self) -> str:
        """On a (re)connect: the rooms this socket reads, when they hold a line newer than
        the page's (``?chat=<id>`` of its socket URL); else nothing."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        shown = guard.whole_number(query.get("chat", [""])[0], low=0, high=10**12) or 0
        rooms = sorted(self.chat_rooms)
        if chat_selectors.newest_id(self.match_id, rooms) <= shown:
            return ""
        user = self.scope["user"]
        with translation.override(self.language):
            return "".join(chat_rendering.room_html(self.match_id, room, user) for room in rooms)

    async def refuse(self, message: str):
        await self.send(text_data=refusal(message))

    async def resync(self, ply, status):
        """The page, quiet for a while, says which position it shows: a missed notice is made
        good by sending the board, and nothing is sent when the page is up to date."""
        if (ply, status) != await database_sync_to_async(self._position)():
            await self.send_board()

    async def match_updated(self, event):
        if self.ended or event["ply"] < self.shown_ply:
            return  # closed, or a notice overtaken by a newer one (they are sent without waiting)
        ply, status = event["ply"], event["status"]
        cache_key = fragments.key(
            self.match_id, self.invite, ply, status, self.seat, language=self.language
        )
        if cache_key is not None and self.sent is not None and cache_key[:5] == self.sent[:5]:
            return  # this connection already shows that position
        if self.seat is not None and not await database_sync_to_async(self._still_who_it_was)():
            await self.end(REOPEN)  # a seat's view goes only to who still holds the seat
            return
        html = None
        if self.sent is not None and self.sent[2] == ply - 1 and self.sent[3] == "active":
            # The page shows the ply before: only what changed in the move list goes out.
            update_key = fragments.key(
                self.match_id, self.invite, ply, status, self.seat, ply - 1, self.language
            )
            html = await fragments.aget(update_key)
        if html is None:
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
        if self.ended:
            return
        with contextlib.suppress(Disconnected):  # their disconnect event follows and cleans up
            await super().send(text_data, bytes_data, close)

    async def send_board(self, message: str | None = None):
        html = await database_sync_to_async(self._render)(message)
        await self.send(text_data=html)

    def _arrive(self) -> str | None:
        """Counts this viewer in and returns its fragment ("" when the page shows it already);
        None when there is no such match."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        self.language = self._language()
        html = self._fragment(match, None)
        if self._page_shows() == (match.ply, match.status):
            html = ""
        address = (self.scope.get("client") or ("",))[0] or ""
        if self.session_key:
            session = self.scope["session"]
            self.expires = session.get_expiry_date()
            self.identity = (session.get(SESSION_KEY), session.get(HASH_SESSION_KEY))
        user = self.scope["user"]
        self.user_id = user.pk if user.is_authenticated else None
        presence.arrive(
            match=match,
            channel_name=self.channel_name,
            seat=self.seat,
            viewer=f"session:{self.session_key}" if self.session_key else f"address:{address}",
            address=address,
        )
        return html

    def _still_who_it_was(self, proven: bool = False) -> bool:
        """Whether this socket's session is still in the store and still holds the user and
        auth hash it was opened with: one read. ``proven``: also whether that hash still
        proves the user (a new password leaves the other sessions in the store until their
        next request); a session that no longer does is deleted, as Django would then."""
        if not self.session_key:
            return True  # opened without a session: no one's rights to lose
        store = SessionStore(session_key=self.session_key)
        data = store.load()
        if store.session_key is None:  # gone: logged out, replaced, expired
            return False
        if (data.get(SESSION_KEY), data.get(HASH_SESSION_KEY)) != self.identity:
            return False
        if not proven or self.user_id is None:
            return True
        user = get_user_model()._default_manager.filter(pk=self.user_id).first()
        if user is not None and getattr(user, "is_active", True):
            given = self.identity[1] or ""
            hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
            if any(constant_time_compare(given, known) for known in hashes):
                return True
        store.delete()
        return False

    def _language(self) -> str:
        """The viewer's language, from what the handshake carried (``config.language``)."""
        headers = dict(self.scope.get("headers") or ())
        accept = headers.get(b"accept-language", b"").decode("latin1")
        return language_of(self.scope.get("user"), self.scope.get("cookies"), accept)

    def _page_shows(self) -> tuple[int | None, str | None]:
        """The position the page was rendered at, which its socket URL carries
        (``?ply=…&status=…``): a page just loaded need not get its board a second time."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        ply = guard.whole_number(query.get("ply", [""])[0], low=0, high=10**9)
        return ply, query.get("status", [None])[0]

    def _position(self) -> tuple[int, str] | None:
        return Match.objects.filter(pk=self.match_id).values_list("ply", "status").first()

    def _render(self, message):
        match = Match.objects.get(pk=self.match_id)
        return self._fragment(match, message)

    def _fragment(self, match: Match, message: str | None) -> str:
        self.seat, self.invite = match.seat_of(self.scope["user"]), match.invite
        self.shown_ply = max(self.shown_ply, match.ply)
        with translation.override(self.language):
            if message:
                self.sent = None
                return board_html(match, self.seat, message)
            self.sent = fragment_key(match, self.seat)
            return cached_board_html(match, self.seat)
