"""Who a match socket speaks for, and for how long: the identity half of the socket.

A socket holds the rights of the session it was opened with, and only while that session
is still who it was: every frame, and every push of a seat's view, first checks the session
(``still_holds``) and closes the socket if it is gone, expired or names another user or
auth hash; a change of who the user is (``games.presence``) makes every socket of theirs
also check that the hash still proves the user. The check reads the session from the store
(one read, ``still_who_it_was``), unless nothing wrote the session since the socket last
read it and this process would have seen such a write (``presence.session_version``).

The socket's attributes kept here: ``session_key``, ``expires`` (when the session ends),
``identity`` ((user id, auth hash) its session held when it opened), ``user_id`` and
``checked`` (the session's ``presence.session_version`` when the socket last read it).
"""

from __future__ import annotations

from importlib import import_module

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from games import presence
from games.features import SocketPart
from games.messages import IDENTITY_CHANGED, SESSION_ENDED, SESSION_REPLACED, Told
from games.presence import session_group, user_group

SessionStore = import_module(settings.SESSION_ENGINE).SessionStore
# Closing for a change of who the session is: the page (static/js/match.js) opens the socket
# again with the browser's cookie of now, so it goes on as who it is now. An application code:
# autobahn refuses to send 1012 ("service restart") and would end the socket with 1011.
REOPEN = 4012
# Closing for a session that ended (logged out, expired): the page does not reopen as it.
ENDED = 4401


def remember(socket) -> None:
    """On connect: the session and user the socket is opened with (none: a visitor)."""
    session = socket.scope.get("session")
    socket.session_key = session.session_key if session is not None else None
    if socket.session_key:
        presence.hold_session(socket.session_key)
        socket.expires = session.get_expiry_date()
        socket.identity = (session.get(SESSION_KEY), session.get(HASH_SESSION_KEY))
    user = socket.scope["user"]
    socket.user_id = user.pk if user.is_authenticated else None


def groups(socket) -> list[str]:
    """The groups whose notices reach the socket when who it speaks for changes: its
    session's, and its user's."""
    found = [session_group(socket.session_key)] if socket.session_key else []
    return found + ([user_group(socket.user_id)] if socket.user_id is not None else [])


def closed(socket) -> None:
    if socket.session_key:
        presence.release_session(socket.session_key)


async def still_holds(socket) -> bool:
    """Whether the socket still speaks for who it was opened as (``still_who_it_was``),
    without reading the session again when this process saw no write of it since the socket
    last read it, and it has not expired."""
    if not socket.session_key:
        return True  # opened without a session: no one's rights to lose
    if (
        socket.checked is not None
        and socket.checked == presence.session_version(socket.session_key)
        and presence.sessions_written_here()
        and (socket.expires is None or timezone.now() < socket.expires)
    ):
        return True
    return await database_sync_to_async(still_who_it_was)(socket)


def still_who_it_was(socket, proven: bool = False) -> bool:
    """Whether the socket's session is still in the store and still holds the user and auth
    hash it was opened with: one read. ``proven``: also whether that hash still proves the
    user (a new password leaves the other sessions in the store until their next request);
    a session that no longer does is deleted, as Django would then."""
    if not socket.session_key:
        return True  # opened without a session: no one's rights to lose
    version = presence.session_version(socket.session_key)  # before the read (see there)
    store = SessionStore(session_key=socket.session_key)
    data = store.load()
    if store.session_key is None:  # gone: logged out, replaced, expired
        return False
    if (data.get(SESSION_KEY), data.get(HASH_SESSION_KEY)) != socket.identity:
        return False
    socket.checked = version
    if not proven or socket.user_id is None:
        return True
    user = get_user_model()._default_manager.filter(pk=socket.user_id).first()
    if user is not None and getattr(user, "is_active", True):
        given = socket.identity[1] or ""
        hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
        if any(constant_time_compare(given, known) for known in hashes):
            return True
    store.delete()
    return False


async def session_ended(socket, event: Told) -> None:
    """The session this socket was opened with was logged out: nothing more under its name."""
    await socket.end(ENDED)


async def session_replaced(socket, event: Told) -> None:
    """The browser logged in (as anyone): its session before is gone."""
    await socket.end(REOPEN)


async def identity_changed(socket, event: Told) -> None:
    """Who this socket's user is changed (a password, a guest made a member): it goes on only
    if its session still proves them."""
    if not await database_sync_to_async(still_who_it_was)(socket, proven=True):
        await socket.end(REOPEN)


PART = SocketPart(
    notices={
        SESSION_ENDED: session_ended,
        SESSION_REPLACED: session_replaced,
        IDENTITY_CHANGED: identity_changed,
    },
    closed=closed,
)
