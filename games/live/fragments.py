"""Rendered board fragments for live pushes, kept per process and, on the scale path, in Redis.

Every viewer in the same seat of a match sees the same fragment at a given ply,
so a hundred spectators cost one render, not a hundred. The key always holds the
seat (None for spectators), so one seat's fragment is never served to another,
the match's invite token, so a reused match id (a new database, a test run)
never finds an older match's fragment, and the language it is written in, so a
German viewer never gets an English fragment. Fragments of matches still waiting for
players are not kept (seats change).

With ``FRAGMENT_REDIS_URL`` set (the scale path sets it to ``REDIS_URL``), the
process that records a move stores its fragments in Redis too, so the other
Daphne processes read them instead of loading the match and rendering again.
Redis stays on the server side like the database; a fragment there is only ever
sent to a viewer of its own seat. If Redis cannot be reached, viewers are served
by rendering locally.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

import redis
import redis.asyncio
from django.conf import settings
from django.utils import translation

from games.memory import LRU

log = logging.getLogger(__name__)

# At most 4096 fragments and 64 Mi characters (markup is ASCII but for a few symbols).
_entries = LRU(max_entries=4096, max_weight=64 * 2**20, weigh=len)
# Clears a match's last position from Redis; a page that connects later renders for itself.
SHARED_SECONDS = 30


def key(
    match_id: int,
    invite: str,
    ply: int,
    status: str,
    seat: int | None,
    since: int | None = None,
    language: str | None = None,
) -> tuple | None:
    """``since``: the key of the update for a page that shows that ply, not of the whole
    fragment (``rendering.board_update``). ``language``: the one the fragment is written in
    (default: the active language, the one a render now would use)."""
    if status == "waiting":
        return None
    return (match_id, invite, ply, status, seat, since, language or translation.get_language())


def get(cache_key: tuple | None) -> str | None:
    """The fragment from this process's memory, else from Redis (sync code: renders, connects)."""
    if cache_key is None:
        return None
    html = _entries.get(cache_key)
    if html is None and (client := _sync_client()) is not None:
        html = _decoded(_guard(client.get, _redis_key(cache_key)))
        if html is not None:
            _entries.put(cache_key, html)
    return html


async def aget(cache_key: tuple | None) -> str | None:
    """Like ``get``, on the event loop (pushes), without a trip through the database thread."""
    if cache_key is None:
        return None
    html = _entries.get(cache_key)
    if html is None and (client := _async_client()) is not None:
        try:
            html = _decoded(await client.get(_redis_key(cache_key)))
        except redis.RedisError as error:
            log.warning("fragment store unavailable: %s", error)
        if html is not None:
            _entries.put(cache_key, html)
    return html


def put_many(items: list[tuple[tuple | None, str]]) -> None:
    """Keeps several fragments of one position, in one round trip to Redis.

    In Redis a position replaces the one before it: that one's notice has gone out, and
    a reader that comes too late renders the current position instead. So Redis holds
    about one position per live match (a few tens of KiB per seat), not every move of
    the last minutes; the expiry only clears the last position of a match.
    """
    items = [(k, html) for k, html in items if k is not None]
    for cache_key, html in items:
        _entries.put(cache_key, html)
    if items and (client := _sync_client()) is not None:
        pipe = client.pipeline(transaction=False)
        for cache_key, html in items:
            pipe.set(_redis_key(cache_key), html, ex=SHARED_SECONDS)
            match_id, invite, ply, _, seat, since, language = cache_key
            if ply:
                before = None if since is None else since - 1
                earlier = (match_id, invite, ply - 1, "active", seat, before, language)
                pipe.delete(_redis_key(earlier))
        _guard(pipe.execute)


def _redis_key(cache_key: tuple) -> str:
    match_id, invite, ply, status, seat, since, language = cache_key
    seat, since = ("-" if value is None else value for value in (seat, since))
    return f"{settings.REDIS_PREFIX}:fragment:{match_id}:{invite}:{ply}:{status}:{seat}:{since}:{language}"


def _decoded(value: bytes | None) -> str | None:
    return None if value is None else value.decode()


def _guard(call, *args):
    try:
        return call(*args)
    except redis.RedisError as error:
        log.warning("fragment store unavailable: %s", error)
        return None


_sync_by_url: dict[str, redis.Redis] = {}
# redis.asyncio connections belong to the event loop that opened them: clients per loop.
_async_by_loop: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _sync_client() -> redis.Redis | None:
    url = settings.FRAGMENT_REDIS_URL
    if not url:
        return None
    if url not in _sync_by_url:
        _sync_by_url[url] = redis.Redis.from_url(url, socket_timeout=2)
    return _sync_by_url[url]


def _async_client() -> redis.asyncio.Redis | None:
    url = settings.FRAGMENT_REDIS_URL
    if not url:
        return None
    clients = _async_by_loop.setdefault(asyncio.get_running_loop(), {})
    if url not in clients:
        clients[url] = redis.asyncio.Redis.from_url(url, socket_timeout=2)
    return clients[url]
