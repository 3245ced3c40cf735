"""The chat's half of the match socket (games/live/consumers.py routes to it; ``ChatConfig.ready``
plugs it in): lines said and rooms opened, closed and muted over the socket, and the lines
of the rooms it reads pushed to it.

A seat's sockets read the players' room (and the spectators' once opened), any other socket
the spectators' room. The socket's attributes kept here: ``chat_rooms`` (the rooms whose
lines reach it) and ``chat_bucket`` (its budget of lines).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from chat import rendering, selectors, services
from chat.messages import CHAT_LINE, ChatLine, CloseRoom, Mute, OpenRoom, Say, Unmute
from games import guard
from games.errors import Refused
from games.features import SocketPart
from games.groups import chat_group
from games.guard import TokenBucket


async def opened(socket) -> None:
    """Joins the rooms the socket reads and, when they hold a line newer than the page's
    (``?chat=<id>`` of its socket URL), sends them whole."""
    socket.chat_bucket = TokenBucket(
        settings.CHAT_SOCKET_PER_SECOND, settings.CHAT_SOCKET_BURST, socket.clock
    )
    socket.chat_rooms = {"player" if socket.seat is not None else "spectator"}
    for room in socket.chat_rooms:
        await socket.join(chat_group(socket.match_id, room))
    html = await database_sync_to_async(_catch_up)(socket)
    if html:
        await socket.send(text_data=html)


def _catch_up(socket) -> str:
    query = parse_qs(socket.scope.get("query_string", b"").decode("latin1"))
    shown = guard.whole_number(query.get("chat", [""])[0], low=0, high=10**12) or 0
    rooms = sorted(socket.chat_rooms)
    if selectors.newest_id(socket.match_id, rooms) <= shown:
        return ""
    user = socket.scope["user"]
    return socket.in_language(
        lambda: "".join(rendering.room_html(socket.match_id, room, user) for room in rooms)
    )


async def say(socket, frame: Say) -> None:
    """``{"t": "chat", "text": …, "room": …}``: through the chat service, which announces the
    line to its room's sockets (this one too, when it reads that room)."""
    if not socket.chat_bucket.take():
        await socket.refuse(_("Too many chat lines: wait a moment."))
        return
    try:
        # In the viewer's language: the service's refusals are theirs to read.
        await database_sync_to_async(socket.in_language)(
            services.chat_say,
            match_id=socket.match_id,
            user=socket.scope["user"],
            room=frame.room,
            text=frame.text,
        )
    except Refused as error:
        await socket.refuse(str(error))


async def open_room(socket, frame: OpenRoom) -> None:
    """``{"t": "chat_open", "room": "spectator"}``: a player reads the spectators' room too;
    its lines come along."""
    await _room(socket, frame.room, opening=True)


async def close_room(socket, frame: CloseRoom) -> None:
    """``{"t": "chat_close", "room": "spectator"}``: a player stops reading it."""
    await _room(socket, frame.room, opening=False)


async def _room(socket, room, *, opening: bool) -> None:
    """Other sockets read the spectators' room anyway; the players' room opens to no one."""
    if room != "spectator" or socket.seat is None:
        await socket.refuse(_("That chat room cannot be opened or closed here."))
        return
    group = chat_group(socket.match_id, room)
    if opening and room not in socket.chat_rooms:
        socket.chat_rooms.add(room)
        await socket.join(group)
    elif not opening and room in socket.chat_rooms:
        socket.chat_rooms.discard(room)
        await socket.leave(group)
    if opening:
        html = await database_sync_to_async(socket.in_language)(
            rendering.room_html, socket.match_id, room, socket.scope["user"]
        )
        await socket.send(text_data=html)


async def mute(socket, frame: Mute) -> None:
    """``{"t": "chat_mute", "alias": …}``: hides an author's lines (named by their alias in
    this match) from this socket's user."""
    await _mute(socket, services.chat_mute, frame.alias)


async def unmute(socket, frame: Unmute) -> None:
    """``{"t": "chat_unmute", "alias": …}``."""
    await _mute(socket, services.chat_unmute, frame.alias)


async def _mute(socket, change, alias) -> None:
    """Answers with the rooms the socket reads and the list of muted names, rendered anew."""
    try:
        await database_sync_to_async(socket.in_language)(
            change, user=socket.scope["user"], match_id=socket.match_id, alias=alias
        )
    except Refused as error:
        await socket.refuse(str(error))
        return
    await socket.send(text_data=await database_sync_to_async(_rooms_html)(socket))


def _rooms_html(socket) -> str:
    user = socket.scope["user"]
    rooms = sorted(socket.chat_rooms)

    def render():
        parts = [rendering.room_html(socket.match_id, room, user) for room in rooms]
        return "".join([*parts, rendering.muted_html(user, socket.match_id)])

    return socket.in_language(render)


async def line(socket, event: ChatLine) -> None:
    """``chat.line``: a line said in a room: rendered for this socket's reader, unless it does
    not read that room or they muted its author."""
    if event["room"] not in socket.chat_rooms:
        return
    if socket.user_id is not None and event["author_id"] is not None:
        muted = await database_sync_to_async(selectors.is_muted)(socket.user_id, event["author_id"])
        if muted:
            return
    await socket.send(
        text_data=socket.in_language(rendering.pushed_line_html, event, socket.user_id)
    )


PART = SocketPart(
    frames={
        Say: say,
        OpenRoom: open_room,
        CloseRoom: close_room,
        Mute: mute,
        Unmute: unmute,
    },
    notices={CHAT_LINE: line},
    opened=opened,
)
