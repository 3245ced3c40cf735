"""Who has a match socket open: viewer rows, the caps on sockets, and closing them when who
their session is changes (log out, log in, a password or a guest's account changed).

Rows leave on every way out of a socket (``MatchConsumer.__call__``). A process that dies
cannot remove its rows, so each process renews the ``seen_at`` of its own rows while it runs
(``keep_alive``) and deletes every row nobody renewed for ``PRESENCE_SECONDS``; the first
socket of a process does that at once, so a restart cleans up after the process before it.
Counts only look at fresh rows.

A socket is opened with its session's rights. It joins the group of its session and, when
that session is a user's, the group of that user: a session that ends or is replaced closes
its sockets (``session.ended``, ``session.replaced``), and a change of who the user is asks
every socket of theirs to check that its session still proves it (``identity.changed``).
Each socket also checks its session on every frame and before every push of a seat's view
(``games.live.consumers``), so a notice that never arrived leaves no socket with a seat's rights.
Where this process writes every session (embedded: one Daphne serves every request), that
check reads the store only after the session changed: each change of a session row with a
socket open here counts (``session_changed``, from Django's signals once committed), and a
socket re-reads its session when the count moved since it last did (``session_version``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections import Counter
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from games import messages, watcher
from games.models import Match, Presence, Seat

SERVER = secrets.token_hex(8)  # this process, in the rows of its sockets
# How the row of an API game stream names its viewer (api.streams: then its token's id).
STREAM_VIEWER = "api-token."
_keepers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
# Per session key with a socket open in this process: the changes of its row seen so far,
# and how many of those sockets there are (the key is forgotten with its last socket).
_session_changes: dict[str, int] = {}
_session_sockets: Counter = Counter()
_sessions_lock = threading.Lock()


class TooManySockets(Exception):
    """A session or an address already has as many sockets open as it may."""


def session_group(session_key: str) -> str:
    return f"session.{session_key}"


def user_group(user_id) -> str:
    return f"user.{user_id}"


def fresh_since(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - timedelta(seconds=settings.PRESENCE_SECONDS)


def viewer_of(scope, session_key: str | None) -> tuple[str, str]:
    """Who a socket counts as (its session, or without one its address) and its address:
    every socket the table opens is counted the same way (``arrive``)."""
    address = (scope.get("client") or ("",))[0] or ""
    return (f"session:{session_key}" if session_key else f"address:{address}"), address


def arrive(*, match: Match | None, channel_name: str, seat, viewer: str, address: str) -> None:
    """Counts a socket in, or raises TooManySockets: every socket of the table, a match
    page's or another page's (``match`` None: a tournament's), under the same caps.

    The session's own cap comes first, so people behind one address (a household, a NAT)
    are counted apart. A visitor without a session (``viewer`` "address:…") has no session
    to count: only the address cap holds them, so a class or a family watching from behind
    one router is not refused at the session cap. The address cap, far above what a household needs, never refuses
    the first page of a seat on its own match: strangers behind the same address could
    otherwise keep that player away and then claim against them (a seat's further pages
    count as usual, so the cap still holds against a flood). A player's socket refused all
    the same counts as seen: the seat's away time starts again, and the page, which keeps
    trying, keeps it from ever becoming claimable (docs/rules.md §7.4).
    """
    fresh = Presence.objects.filter(seen_at__gte=fresh_since())
    session = viewer.startswith("session:")
    refused = session and fresh.filter(viewer=viewer).count() >= settings.SOCKETS_PER_SESSION
    if not refused and fresh.filter(address=address).count() >= settings.SOCKETS_PER_ADDRESS:
        refused = seat is None or fresh.filter(match=match, seat=seat).exists()
    if refused:
        if seat is not None:
            now = time.time_ns() // 1_000_000
            Seat.objects.filter(match=match, index=seat).exclude(away_since=None).update(
                away_since=now
            )
        raise TooManySockets
    Presence.objects.create(
        match=match,
        channel_name=channel_name,
        seat=seat,
        viewer=viewer,
        address=address,
        server=SERVER,
        seen_at=timezone.now(),
    )
    if seat is not None:
        Seat.objects.filter(match=match, index=seat).update(away_since=None)


def leave(channel_name: str) -> None:
    rows = Presence.objects.filter(channel_name=channel_name)
    gone = list(rows.exclude(seat=None).values_list("match_id", "seat"))
    rows.delete()
    _mark_away(gone)


def renew() -> None:
    """This process's rows are alive; rows nobody renewed in time (a dead process) go."""
    now = timezone.now()
    Presence.objects.filter(server=SERVER).update(seen_at=now)
    stale = Presence.objects.filter(seen_at__lt=fresh_since(now))
    gone = list(stale.exclude(seat=None).values_list("match_id", "seat"))
    stale.delete()
    _mark_away(gone)


def audiences(match_id: int, pages: bool = False) -> set[int | None]:
    """The seats of ``match_id`` with a page open now, and None when a spectator has one;
    an API game stream counts as a page of its seat, but not with ``pages``: what renders
    boards for pages asks, and a stream reads its lines, never a board.
    Asked on every move (``rendering.prerender``): one query written out, as the ORM's
    building of it cost several times the database's work."""
    fields = {f.name: f.column for f in Presence._meta.fields}
    since = connection.ops.adapt_datetimefield_value(fresh_since())
    pages_only = f" AND {fields['viewer']} NOT LIKE %s" if pages else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT {fields['seat']} FROM {Presence._meta.db_table} "
            f"WHERE {fields['match']} = %s AND {fields['seen_at']} >= %s{pages_only}",
            [match_id, since, *([f"{STREAM_VIEWER}%"] if pages else [])],
        )
        return {seat for (seat,) in cursor.fetchall()}


def seats_here(match_id: int) -> set[int]:
    """The seats of ``match_id`` whose player has a page open now."""
    return audiences(match_id) - {None}


def _mark_away(gone) -> None:
    """Seats whose last page closed are away from now on (absence claims count from here)."""
    now = time.time_ns() // 1_000_000
    for match_id, seat in set(gone):
        if seat not in seats_here(match_id):
            Seat.objects.filter(match_id=match_id, index=seat, away_since=None).update(
                away_since=now
            )


def presence_html(match_id: int, public_id: str) -> str:
    """The match page's presence element, which it asks for every few seconds (at the
    match's public id): for each seat, None while its player has a page open, else since
    when (server ms) nobody has; the computer's seats are always here, as it plays from the
    worker with no page. Who is here is public; a poll keeps it off the sockets, which carry
    only positions."""
    seats = Seat.objects.filter(match_id=match_id).values_list(
        "index", "away_since", "user__bot_level"
    )
    here = seats_here(match_id) | {index for index, _, level in seats if level}
    data = {index: None if index in here else since for index, since, _ in seats}
    return format_html(
        '<div id="presence" hx-get="{}" hx-trigger="every {}s" data-when-visible '
        'hx-swap="outerHTML" data-away="{}" hidden></div>',
        reverse("games:presence", args=[public_id]),
        settings.PRESENCE_POLL_SECONDS,
        json.dumps(data),
    )


def keep_alive() -> None:
    """Starts this event loop's renewer once (the first socket of a process)."""
    loop = asyncio.get_running_loop()
    task = _keepers.get(loop)
    if task is None or task.done():
        for old in [old for old in _keepers if old.is_closed()]:
            del _keepers[old]
        _keepers[loop] = loop.create_task(_renew_forever())
        watcher.start(SERVER)


async def _renew_forever() -> None:
    while True:
        await database_sync_to_async(renew)()
        await asyncio.sleep(settings.PRESENCE_SECONDS / 3)


def sessions_written_here() -> bool:
    """Whether every session is written by this process, so that its signals see every
    change: embedded, where one Daphne serves every request (the worker writes none), with
    sessions in the database (their rows' signals). On the scale path other processes write
    them, and a socket reads its session every time."""
    in_database = settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    return in_database and not settings.FRAGMENT_REDIS_URL


def hold_session(session_key: str) -> None:
    """A socket opened with ``session_key``: its changes are counted from now on."""
    with _sessions_lock:
        _session_sockets[session_key] += 1
        _session_changes.setdefault(session_key, 0)


def release_session(session_key: str) -> None:
    with _sessions_lock:
        left = _session_sockets[session_key] - 1
        if left > 0:
            _session_sockets[session_key] = left
        else:
            _session_sockets.pop(session_key, None)
            _session_changes.pop(session_key, None)


def session_changed(session_key: str) -> None:
    """The row of ``session_key`` was written or deleted, and that is committed."""
    with _sessions_lock:
        if session_key in _session_changes:
            _session_changes[session_key] += 1


def session_version(session_key: str) -> int | None:
    """How often the row of ``session_key`` changed while a socket here held it (None: no
    socket here holds it). Read before reading the session, so a change during the read
    counts as one after it."""
    return _session_changes.get(session_key)


def tell(group: str, kind: str) -> None:
    """Sends the notice ``kind`` to every socket of ``group`` (a session's, a user's)."""
    async_to_sync(get_channel_layer().group_send)(group, messages.told(kind))


def recheck_sockets_of_user(user_id) -> None:
    """Who ``user_id`` is changed (a password, a guest made a member and their rejoin link
    revoked, an account disabled): every socket of theirs checks that its session still
    proves them, and closes if not (``MatchConsumer.identity_changed``)."""
    tell(user_group(user_id), messages.IDENTITY_CHANGED)
