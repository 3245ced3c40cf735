"""Rate limits kept in Django's cache: shared by every Daphne process when the cache is Redis
(REDIS_URL), in this process's memory otherwise.

A limit counts events per key in fixed windows of ``window`` seconds. The clock is an
attribute, so tests move time forward instead of sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache


class Limit:
    def __init__(self, name: str, allowed: Callable[[], int], window: Callable[[], float]):
        # Callables, so that settings changed at run time (tests) take effect.
        self.name, self.allowed, self.window = name, allowed, window
        self.clock: Callable[[], float] = time.time

    def _key(self, ident: str) -> tuple[str, int]:
        window = self.window()
        slot = int(self.clock() // window)
        return f"limit:{self.name}:{ident}:{slot}", int(window) + 1

    def count(self, ident: str) -> int:
        """Events counted for ``ident`` in the current window."""
        key, _ = self._key(ident)
        return cache.get(key, 0)

    def hit(self, ident: str) -> int:
        """Counts one event for ``ident``; returns the count in the current window."""
        key, timeout = self._key(ident)
        if cache.add(key, 1, timeout):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout)
            return 1

    def take(self, ident: str) -> bool:
        """Counts one event; whether it is within the limit."""
        return self.hit(ident) <= self.allowed()

    def exceeded(self, ident: str) -> bool:
        return self.count(ident) >= self.allowed()


def _setting(name: str) -> Callable[[], int]:
    return lambda: getattr(settings, name)


MOVE_POSTS = Limit("move-post", _setting("MOVE_POSTS_PER_MINUTE"), lambda: 60)
LOGIN_FAILURES = Limit("login", _setting("LOGIN_FAILURES"), _setting("LOGIN_WINDOW"))
IMPORTS = Limit("import", _setting("IMPORTS_PER_HOUR"), lambda: 3600)
# The API's requests a minute, per token and per client address: every endpoint counts, the
# challenge endpoints (challenges/api.py) and refused requests too.
API_REQUESTS = Limit("api-token", _setting("API_REQUESTS_PER_MINUTE"), lambda: 60)
API_ADDRESS_REQUESTS = Limit("api-address", _setting("API_REQUESTS_PER_ADDRESS"), lambda: 60)
