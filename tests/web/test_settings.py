"""The backends are chosen by environment: embedded default, or PostgreSQL and Redis."""

import os

from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.db import connection

from config.layers import ThrottledInMemoryChannelLayer


def test_database_follows_database_url(db):
    expected = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"
    assert connection.vendor == expected


def test_channel_layer_follows_redis_url():
    layer = get_channel_layer()
    expected = (
        RedisPubSubChannelLayer if os.environ.get("REDIS_URL") else ThrottledInMemoryChannelLayer
    )
    assert isinstance(layer, expected)
