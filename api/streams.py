"""The API's NDJSON streams: asynchronous generators fed by the channel layer (docs/api.md).

Each stream is a coroutine on Daphne's event loop, never a thread: it takes a channel of its
own and joins the groups that concern it (a game stream: its match's chat rooms; the event
stream: its user's ``user_events_group``; both: its token's, told when the token is
revoked). The "match.updated" notices every move sends to the match's group reach the game
streams of a process through one listener per match (``MatchNotices``). Between messages
it sends an empty line every ``API_KEEPALIVE_SECONDS`` and checks that its token is still
live. Database work runs in the loop's shared thread pool.

On the embedded default (in-memory channel layer) moves the worker records reach a web
process only through ``games.watcher``, which watches matches with ``Presence`` rows: a game
stream holds one, like a page's socket, so it is watched too, and a player's stream counts as
that player being here (docs/rules.md §7.4). Redis carries every notice between processes on
the scale path.

Open streams are counted per token and per address (``OpenStream`` rows, renewed by their
process and expired when it dies) for the caps ``API_STREAMS_PER_TOKEN`` and
``API_STREAMS_PER_ADDRESS``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

from asgiref.sync import SyncToAsync
from channels.db import DatabaseSyncToAsync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api import selectors
from api.models import ApiToken, OpenStream
from api.tokens import REVOKED, revoked_group, still_valid
from chat.messages import CHAT_LINE
from games import presence
from games.groups import chat_group, group_name, user_events_group
from games.memory import LRU
from games.messages import API_EVENT, MATCH_UPDATED
from games.models import Match, Presence, Seat

log = logging.getLogger(__name__)

#: The groups are joined again this often: a layer forgets a group membership after a day.
REJOIN_SECONDS = 3600.0

_renewers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
# The channels of this process's streams that are running: only their rows are renewed, so
# a row whose stream never began (the client left at once) expires like a dead process's.
_live: set[str] = set()


class TooManyStreams(Exception):
    """A token or an address already has as many streams open as it may."""


def db(function):
    """``function`` run in the loop's shared pool of threads, with Django's connection
    handling (never a thread of the stream's own)."""
    return DatabaseSyncToAsync(function, thread_sensitive=False)


def line(data: dict) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode() + b"\n"


def release_request_thread() -> None:
    """Django's ASGI handler runs a request's synchronous work (middleware, signals) on a
    thread it keeps until the response is over: for a stream, as long as it stays open.
    Once the stream has begun that thread has nothing left to do, so it is let go; the
    little that runs at the end gets a thread for that moment."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    if context is None:
        return
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        executor.shutdown(wait=False)


# --- Counting open streams -----------------------------------------------------------------


def fresh_since():
    return timezone.now() - timedelta(seconds=settings.PRESENCE_SECONDS)


def stream_open(token: ApiToken, channel_name: str, address: str) -> None:
    """Counts a stream in, or raises TooManyStreams. The token's row is locked so streams
    opened at once count one by one."""
    with transaction.atomic():
        list(ApiToken.objects.select_for_update().filter(pk=token.pk).values_list("pk"))
        fresh = OpenStream.objects.filter(seen_at__gte=fresh_since())
        if fresh.filter(token=token).count() >= settings.API_STREAMS_PER_TOKEN:
            raise TooManyStreams(
                f"This token has {settings.API_STREAMS_PER_TOKEN} streams open, the most it may."
            )
        if fresh.filter(address=address).count() >= settings.API_STREAMS_PER_ADDRESS:
            raise TooManyStreams(
                f"Your address has {settings.API_STREAMS_PER_ADDRESS} streams open, the most "
                "it may."
            )
        OpenStream.objects.create(
            token=token,
            channel_name=channel_name,
            address=address,
            server=presence.SERVER,
            seen_at=timezone.now(),
        )


def stream_closed(channel_name: str) -> None:
    OpenStream.objects.filter(channel_name=channel_name).delete()


def renew(live: list[str]) -> None:
    """The streams ``live`` are open; rows nobody renewed in time (a dead process, a stream
    that never began) go."""
    now = timezone.now()
    for start in range(0, len(live), 500):
        OpenStream.objects.filter(channel_name__in=live[start : start + 500]).update(seen_at=now)
    OpenStream.objects.filter(seen_at__lt=fresh_since()).delete()


async def _renew_forever() -> None:
    while True:
        await asyncio.sleep(settings.PRESENCE_SECONDS / 3)
        try:
            await db(renew)(sorted(_live))
        except Exception:  # a database hiccup must not stop the renewals for good
            log.exception("renewing the API streams failed")


def keep_alive() -> None:
    """Starts this event loop's renewer once; and the presence renewer, which also starts
    the watcher on the embedded default."""
    loop = asyncio.get_running_loop()
    task = _renewers.get(loop)
    if task is None or task.done():
        for old in [old for old in _renewers if old.is_closed()]:
            del _renewers[old]
        _renewers[loop] = loop.create_task(_renew_forever())
    presence.keep_alive()


# --- Game streams --------------------------------------------------------------------------


def game_arrive(match: Match, seat: int | None, channel_name: str, token: ApiToken, address):
    """A game stream is a viewer like a page's socket: a ``Presence`` row of this process,
    so the watcher watches its match, and its player counts as here."""
    Presence.objects.create(
        match=match,
        channel_name=channel_name,
        seat=seat,
        viewer=f"{presence.STREAM_VIEWER}{token.pk}",
        address=address,
        server=presence.SERVER,
        seen_at=timezone.now(),
    )
    if seat is not None:
        Seat.objects.filter(match=match, index=seat).update(away_since=None)


def game_leave(channel_name: str) -> None:
    presence.leave(channel_name)
    stream_closed(channel_name)


def _game_snapshot(public_id: str, user, full: bool):
    """(match, seat, the line to send) as the match stands now."""
    match = selectors.load(public_id)
    seat = match.seat_of(user)
    data = selectors.game_full(match, seat) if full else selectors.game_state(match, seat)
    return match, seat, data


# --- One line per position and audience ----------------------------------------------------
# A notice reaches every stream of a match at once, and the streams of one audience (the
# spectators, one seat) send the same ``gameState``: it is built once per process, as a
# page's fragment is rendered once per audience. Kept: (public id, ply, status, seat) of the
# notice -> a ``Shared``, at most 16 MiB of lines.
_lines = LRU(max_entries=4096, max_weight=16 * 2**20, weigh=lambda shared: len(shared.line))
# The lines being built, per event loop: a stream that asks meanwhile waits for the same one.
_building: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Shared:
    ply: int  # the match as loaded (a later position than the notice's when moves came fast)
    status: str
    seats: dict  # user id -> seat, of the match as loaded
    seat: int | None  # the audience the line was built for
    line: bytes


def _build_state(public_id: str, user) -> Shared:
    match, seat, data = _game_snapshot(public_id, user, False)
    seats = {s.user_id: s.index for s in match.seat_list() if s.user_id}
    return Shared(match.ply, match.status, seats, seat, line(data))


def _built(building: dict, key: tuple, built: asyncio.Future) -> None:
    """A line is built: kept once for the streams that ask later, not once per waiter."""
    building.pop(key, None)
    if not built.cancelled() and built.exception() is None:
        _lines.put(key, built.result())


async def shared_state(public_id: str, user, seat: int | None, notice: tuple) -> Shared:
    """The ``gameState`` of ``user`` (in ``seat`` when last seen) after the ``notice``
    (ply, status): the one line its audience shares. A line built for another seat than
    ``user`` holds in that match (a spectator who took a seat since) is never handed over:
    the stream builds its own."""
    key = (public_id, *notice, seat)
    shared = _lines.get(key)
    if shared is None:
        building = _building.setdefault(asyncio.get_running_loop(), {})
        if key not in building:
            building[key] = asyncio.ensure_future(db(_build_state)(public_id, user))
            building[key].add_done_callback(lambda built: _built(building, key, built))
        shared = await asyncio.shield(building[key])
    if shared.seats.get(user.pk) != shared.seat:
        return await db(_build_state)(public_id, user)
    return shared


# --- One listener per match and process -------------------------------------------------------
# Every move's notice went to each stream's own channel: a message copied and queued, a
# receive and its task per stream. Now the streams of one match in a process share one
# channel in the match's group: its listener keeps the latest notice and wakes them all at
# once through one future, so what a move costs a stream is its line's lookup and its write.


class MatchNotices:
    """The latest ``(ply, status)`` notice of one match in this process, and a future done
    at the next one (``changed``). Kept while a stream of the match holds it (``users``)."""

    def __init__(self, match_pk: int):
        loop = asyncio.get_running_loop()
        self.match_pk = match_pk
        self.users = 0
        self.latest: tuple | None = None
        self.changed = loop.create_future()
        self.ready = loop.create_future()  # the listener's channel joined the group
        self.task: asyncio.Task | None = None

    def heard(self, message: dict) -> None:
        notice = (message.get("ply"), message.get("status"))
        if not isinstance(notice[0], int) or (self.latest and notice[0] < self.latest[0]):
            return  # malformed, or late
        if notice == self.latest:
            return  # heard already (the move's own notice and the watcher's look)
        self.latest = notice
        changed, self.changed = self.changed, asyncio.get_running_loop().create_future()
        changed.set_result(None)

    async def listen(self) -> None:
        layer = get_channel_layer()
        channel = await layer.new_channel("api.match.")
        group = group_name(self.match_pk)
        pending = None
        try:
            await layer.group_add(group, channel)
            self.ready.set_result(None)
            joined = time.monotonic()
            while True:
                message, pending = await _receive(layer, channel, pending, REJOIN_SECONDS)
                if message is not None and message.get("type") == MATCH_UPDATED:
                    self.heard(message)
                joined = await _rejoin_if_due(layer, channel, [group], joined)
        except Exception:  # the layer failed: its streams end (a program opens its own again)
            log.exception("listening to match %s failed", self.match_pk)
            self.changed.set_result(None)
        finally:
            if pending is not None:
                pending.cancel()
            if not self.ready.done():
                self.ready.cancel()
            await layer.group_discard(group, channel)


_notices: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # loop -> {match pk: ...}


async def notices_of(match_pk: int) -> MatchNotices:
    """The match's listener in this process, started by its first stream; each caller
    gives it back with ``notices_done``."""
    kept = _notices.setdefault(asyncio.get_running_loop(), {})
    notices = kept.get(match_pk)
    if notices is None or notices.task.done():
        notices = kept[match_pk] = MatchNotices(match_pk)
        notices.task = asyncio.ensure_future(notices.listen())
    notices.users += 1
    try:
        await asyncio.shield(notices.ready)
    except BaseException:
        notices_done(notices)
        raise
    return notices


def notices_done(notices: MatchNotices) -> None:
    """A stream is done with the match's listener: the last one stops it."""
    notices.users -= 1
    if notices.users:
        return
    kept = _notices.get(asyncio.get_running_loop(), {})
    if kept.get(notices.match_pk) is notices:
        del kept[notices.match_pk]
    notices.task.cancel()


def _gone(match_pk: int, seat):
    match = Match.objects.with_players().get(pk=match_pk)
    return selectors.opponent_gone(match, seat)


async def _rejoin_if_due(layer, channel: str, groups: list[str], joined: float) -> float:
    """Joins ``groups`` again once ``REJOIN_SECONDS`` have passed since ``joined`` (see
    there); returns when the stream last joined them."""
    if time.monotonic() - joined <= REJOIN_SECONDS:
        return joined
    for group in groups:
        await layer.group_add(group, channel)
    return time.monotonic()


async def _receive(layer, channel: str, pending: asyncio.Future | None, wait: float):
    """(message or None on timeout, the receive still pending). A receive is never cancelled
    while the stream lives: Redis's pub/sub layer unsubscribes a cancelled channel."""
    if pending is None:
        pending = asyncio.ensure_future(layer.receive(channel))
    done, _ = await asyncio.wait({pending}, timeout=wait)
    if not done:
        return None, pending
    return pending.result(), None


async def game_stream(
    token: ApiToken, match: Match, seat: int | None, address: str, channel: str
) -> AsyncIterator[bytes]:
    """``GET /api/bot/game/stream/{id}``: ``gameFull``, then a ``gameState`` after every
    change and ``opponentGone`` when the player to move comes and goes; ends after the
    match's last ``gameState``, or when the token is revoked. The caller counted it in
    (``stream_open``) and made ``channel``."""
    release_request_thread()
    layer = get_channel_layer()
    groups = [revoked_group(token.pk), chat_group(match.pk, "spectator")]
    if seat is not None:  # a player reads the players' room too (lichess's chatLine events)
        groups.append(chat_group(match.pk, "player"))
    pending = notices = None
    _live.add(channel)
    try:
        for group in groups:
            await layer.group_add(group, channel)
        notices = await notices_of(match.pk)
        await db(game_arrive)(match, seat, channel, token, address)
        keep_alive()
        match, seat, full = await db(_game_snapshot)(match.public_id, token.user, True)
        yield line(full)
        seen = (match.ply, match.status)
        if match.status == Match.Status.FINISHED:
            return
        gone = None
        joined = time.monotonic()
        quiet = 0
        heard = None  # the match's notice last acted on
        # Only a player of a real-time match can see the player to move go (§7.4).
        claims = seat is not None and match.control.realtime
        while True:
            notice = notices.latest
            if notice is not None and notice != heard:
                heard = notice
                if notice == seen or notice[0] < seen[0]:
                    continue  # shown already (a notice can come twice, or late)
                shared = await shared_state(match.public_id, token.user, seat, notice)
                seat = shared.seat
                if (shared.ply, shared.status) == seen or shared.ply < seen[0]:
                    continue
                seen = (shared.ply, shared.status)
                yield shared.line
                if shared.status == Match.Status.FINISHED:
                    return
                continue
            if pending is None:
                pending = asyncio.ensure_future(layer.receive(channel))
            done, _ = await asyncio.wait(
                {pending, notices.changed},
                timeout=settings.API_KEEPALIVE_SECONDS,
                return_when=asyncio.FIRST_COMPLETED,
            )
            if not done:  # quiet: keep the connection open, check the token
                quiet += 1
                if quiet % settings.API_TOKEN_CHECK_EVERY == 0 and not await db(still_valid)(
                    token.pk
                ):
                    return
                now_gone = await db(_gone)(match.pk, seat) if claims else None
                if now_gone is not None and now_gone != gone and (gone or now_gone["gone"]):
                    yield line(now_gone)
                gone = now_gone
                joined = await _rejoin_if_due(layer, channel, groups, joined)
                yield b"\n"
                continue
            if pending not in done:
                if notices.task.done():
                    return  # the listener failed (logged there)
                continue  # the match's notice: at the top
            message, pending = pending.result(), None
            if message.get("type") == REVOKED:
                return
            if message.get("type") == CHAT_LINE:
                yield line(chat_line(message))
    finally:
        _live.discard(channel)
        if pending is not None:
            pending.cancel()
        if notices is not None:
            notices_done(notices)
        for group in groups:
            await layer.group_discard(group, channel)
        await db(game_leave)(channel)


def chat_line(message: dict) -> dict:
    """A chat line of the match (chat/reactions.py's notice) as lichess's ``chatLine`` event."""
    return {
        "type": "chatLine",
        "room": message["room"],
        "username": message["author"],
        "text": message["text"],
    }


# --- The event stream ----------------------------------------------------------------------


def _opening(user) -> tuple[list[dict], set[int]]:
    """The lines an event stream opens with: a ``gameStart`` per running match, then the
    open challenges to and from ``user``; and the ids of those matches."""
    matches = selectors.running_matches(user)
    events = [selectors.game_event(m, user, "gameStart") for m in matches]
    events += selectors.pending_challenges(user)
    return [e for e in events if e is not None], {m.pk for m in matches}


def _finished(ids: set[int], user) -> list[tuple[int, dict]]:
    return [
        (m.pk, selectors.game_event(m, user, "gameFinish")) for m in selectors.finished_among(ids)
    ]


# --- Matches the worker started (embedded default) ------------------------------------------
# A match the worker makes (the ladder's) is announced in the worker's process alone, so on
# the embedded default each event stream looks for new ones every ``STARTS_LOOK_SECONDS`` (a
# tournament's next round, an Arena's pairing: a program hears of it within a second). The
# streams of a process share one look: the players of the matches started in the last
# ``STARTS_WINDOW`` seconds, read at most once a look (one query, not one a stream).
STARTS_WINDOW = 60.0
STARTS_LOOK_SECONDS = 0.5
_starts: dict = {"at": float("-inf"), "by_user": {}}


def _recent_starts() -> dict[int, set[int]]:
    since = timezone.now() - timedelta(seconds=STARTS_WINDOW)
    by_user: dict[int, set[int]] = {}
    seats = Seat.objects.filter(
        match__status=Match.Status.ACTIVE, match__started_at__gte=since, user__isnull=False
    )
    for match_id, user_id in seats.values_list("match_id", "user_id"):
        by_user.setdefault(user_id, set()).add(match_id)
    return by_user


def _start_events(ids: set[int], user) -> list[tuple[int, dict]]:
    matches = Match.objects.filter(pk__in=ids, status=Match.Status.ACTIVE).with_players()
    return [(m.pk, selectors.game_event(m, user, "gameStart")) for m in matches]


async def _started(running: set[int], user) -> list[tuple[int, dict]]:
    """``gameStart`` of ``user``'s matches started lately and not among ``running``."""
    now = time.monotonic()
    if now - _starts["at"] >= STARTS_LOOK_SECONDS:
        _starts["at"] = now  # before the query: the other streams meanwhile use the last look
        _starts["by_user"] = await db(_recent_starts)()
    new = _starts["by_user"].get(user.pk, set()) - running
    return await db(_start_events)(new, user) if new else []


async def event_stream(
    token: ApiToken, address: str, channel: str, embedded: bool
) -> AsyncIterator[bytes]:
    """``GET /api/stream/event``: what is pending (running matches as ``gameStart``, open
    challenges), then every event put on the user's group. ``embedded``: the worker's
    announcements reach no web process, so each quiet moment asks whether a running match
    has finished, or a new one started."""
    release_request_thread()
    layer = get_channel_layer()
    user = token.user
    groups = [user_events_group(user.pk), revoked_group(token.pk)]
    pending = None
    _live.add(channel)
    try:
        for group in groups:
            await layer.group_add(group, channel)
        keep_alive()
        opening, running = await db(_opening)(user)
        for event in opening:
            yield line(event)
        joined = time.monotonic()
        quiet = 0
        # Embedded: woken every look for the worker's new matches, the rest once a keep-alive.
        wait = STARTS_LOOK_SECONDS if embedded else settings.API_KEEPALIVE_SECONDS
        kept = time.monotonic()
        while True:
            message, pending = await _receive(layer, channel, pending, wait)
            if message is None and embedded:
                for pk, event in await _started(running, user):
                    running.add(pk)
                    if event is not None:
                        yield line(event)
                if time.monotonic() - kept < settings.API_KEEPALIVE_SECONDS:
                    continue
            if message is None:
                kept = time.monotonic()
                quiet += 1
                if quiet % settings.API_TOKEN_CHECK_EVERY == 0 and not await db(still_valid)(
                    token.pk
                ):
                    return
                if embedded and running:
                    for pk, event in await db(_finished)(running, user):
                        running.discard(pk)
                        if event is not None:
                            yield line(event)
                joined = await _rejoin_if_due(layer, channel, groups, joined)
                yield b"\n"
                continue
            if message.get("type") == REVOKED:
                return
            if message.get("type") != API_EVENT or not isinstance(message.get("event"), dict):
                continue
            event = message["event"]
            game = event.get("game") or {}
            ident = game.get("gameId")
            if event.get("type") == "gameStart" and ident:
                pk = await db(_pk_of)(ident)
                if pk in running and embedded:
                    continue  # already told by asking
                running.add(pk)
            elif event.get("type") == "gameFinish" and ident:
                pk = await db(_pk_of)(ident)
                if pk not in running and embedded:
                    continue  # already told by asking
                running.discard(pk)
            yield line(event)
    finally:
        _live.discard(channel)
        if pending is not None:
            pending.cancel()
        for group in groups:
            await layer.group_discard(group, channel)
        await db(stream_closed)(channel)


def _pk_of(public_id: str) -> int | None:
    return Match.objects.filter(public_id=public_id).values_list("pk", flat=True).first()
