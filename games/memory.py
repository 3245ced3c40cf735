"""A bounded, thread-safe map that forgets the least recently used entry first.

The per-process memories of the hot path use it (rendered fragments, the move logs of the
match page and of the API, the power companies' cell markup): Daphne's event loop and its
database thread share them. Besides a number of entries, a map can be bounded by the total
of ``weigh(value)``: fragments run from a few KiB to 80 KiB, so a count alone bounds memory
poorly.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


class LRU:
    def __init__(
        self,
        max_entries: int,
        max_weight: int | None = None,
        weigh: Callable[[Any], int] = lambda value: 0,
    ):
        self.max_entries, self.max_weight, self.weigh = max_entries, max_weight, weigh
        self.weight = 0
        self._lock = threading.Lock()
        self._entries: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key) -> Any | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        with self._lock:
            if key in self._entries:
                self.weight -= self.weigh(self._entries[key])
            self._entries[key] = value
            self._entries.move_to_end(key)
            self.weight += self.weigh(value)
            while len(self._entries) > self.max_entries or (
                self.max_weight is not None and self.weight > self.max_weight
            ):
                _, dropped = self._entries.popitem(last=False)
                self.weight -= self.weigh(dropped)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.weight = 0
