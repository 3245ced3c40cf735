"""The embedded channel layer: Channels' in-memory layer, cleaning up less often.

Channels' ``InMemoryChannelLayer`` looks through every channel and every group
member for expired messages on each ``receive``; with hundreds of open sockets
that made each delivered message cost a scan of all of them. Expiry is a safety
net (messages live a minute), so here it runs at most once a second.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    _cleaned_at = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()
