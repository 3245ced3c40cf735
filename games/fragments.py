"""A small in-process cache of rendered board fragments for live pushes.

Every viewer in the same seat of a match sees the same fragment at a given ply,
so a hundred spectators cost one render, not a hundred. The key always holds the
seat (None for spectators), so one seat's fragment is never served to another.
Fragments of matches still waiting for players are not cached (seats change).
"""

from __future__ import annotations

from games.memory import LRU

_entries = LRU(max_entries=4096)


def key(match_id: int, ply: int, status: str, seat: int | None) -> tuple | None:
    return None if status == "waiting" else (match_id, ply, status, seat)


def get(cache_key: tuple | None) -> str | None:
    return None if cache_key is None else _entries.get(cache_key)


def put(cache_key: tuple | None, html: str) -> None:
    if cache_key is not None:
        _entries.put(cache_key, html)


def clear() -> None:
    _entries.clear()
