"""The channel layers: Redis pub/sub on the scale path, an in-memory layer embedded.

Channels' ``InMemoryChannelLayer`` looks through every channel and every group
member for expired messages on each ``receive``; with hundreds of open sockets
that made each delivered message cost a scan of all of them. Expiry is a safety
net (messages live a minute), so here it runs at most once a second.
"""

from __future__ import annotations

import time
from urllib.parse import urlparse

from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


def redis_layer(url: str, site: str = "gametable") -> dict:
    """The CHANNEL_LAYERS entry for the Redis at ``url``.

    Pub/sub: a group notice is one PUBLISH, and each Daphne process hands it to its own
    sockets (channels_redis's list-based layer cost each process a sixth of its time at
    100 moves/s). A notice lost while Redis is unreachable is lost on either layer; live
    pages ask for what they missed after a quiet while (SYNC_SECONDS). Pub/sub channels
    are shared by all databases of a Redis server, so the prefix holds the database number
    of ``url`` and the ``site`` name (REDIS_PREFIX): sites (and test servers) on other
    databases or under other names never hear these notices.
    """
    database = urlparse(url).path.strip("/") or "0"
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [url], "prefix": f"asgi.{site}.{database}."},
    }


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    _cleaned_at = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()
