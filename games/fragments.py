"""A small in-process cache of rendered board fragments for live pushes.

Every viewer in the same seat of a match sees the same fragment at a given ply,
so a hundred spectators cost one render, not a hundred. The key always holds the
seat (None for spectators), so one seat's fragment is never served to another.
Fragments of matches still waiting for players are not cached (seats change).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

MAX_ENTRIES = 4096

_lock = threading.Lock()
_entries: OrderedDict[tuple, str] = OrderedDict()


def key(match_id: int, ply: int, status: str, seat: int | None) -> tuple | None:
    return None if status == "waiting" else (match_id, ply, status, seat)


def get(cache_key: tuple | None) -> str | None:
    if cache_key is None:
        return None
    with _lock:
        html = _entries.get(cache_key)
        if html is not None:
            _entries.move_to_end(cache_key)
        return html


def clear() -> None:
    with _lock:
        _entries.clear()


def put(cache_key: tuple | None, html: str) -> None:
    if cache_key is None:
        return
    with _lock:
        _entries[cache_key] = html
        _entries.move_to_end(cache_key)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)
