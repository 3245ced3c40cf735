"""A bounded, thread-safe map that forgets the least recently used entry first.

The per-process memories of the hot path (rendered fragments, seats of started
matches) use it: Daphne's event loop and its database thread share them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class LRU:
    def __init__(self, max_entries: int):
        self.max_entries = max_entries
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
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
