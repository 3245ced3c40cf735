"""The embedded layer delivers like Channels' own and still expires old messages; the Redis
layer keeps sites on other Redis databases apart."""

import asyncio
import os

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from config import layers
from config.layers import ThrottledInMemoryChannelLayer, redis_layer
from tests.web.support import in_own_loop


@in_own_loop
async def test_group_messages_reach_every_member():
    layer = ThrottledInMemoryChannelLayer()
    names = [await layer.new_channel() for _ in range(3)]
    for name in names:
        await layer.group_add("match.1", name)
    await layer.group_send("match.1", {"type": "match.updated", "ply": 4})
    received = await asyncio.gather(*(layer.receive(name) for name in names))
    assert [m["ply"] for m in received] == [4, 4, 4]


@in_own_loop
async def test_expired_messages_are_dropped_at_the_next_cleaning():
    layer = ThrottledInMemoryChannelLayer(expiry=0)  # every message is stale at once
    layer._clean_expired()  # the first cleaning runs (on nothing yet)
    await layer.group_add("match.1", "stale.inmemory!a")
    await layer.send("stale.inmemory!a", {"type": "match.updated", "ply": 1})
    await asyncio.sleep(0.01)
    layer._clean_expired()  # within the second: nothing is scanned
    assert "stale.inmemory!a" in layer.channels
    layer._cleaned_at -= layers.CLEAN_EVERY_SECONDS  # as if a second had passed
    layer._clean_expired()
    assert "stale.inmemory!a" not in layer.channels
    assert "stale.inmemory!a" not in layer.groups.get("match.1", {})


@pytest.mark.scale
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (make test-scale)")
@in_own_loop
async def test_sites_on_other_redis_databases_or_names_never_hear_each_others_notices():
    """Redis pub/sub ignores database numbers; the layer's prefix must not, nor a site's name
    (REDIS_PREFIX) on the same database."""
    base = os.environ["REDIS_URL"].rsplit("/", 1)[0]

    def layer(database, site="gametable"):
        return RedisPubSubChannelLayer(**redis_layer(f"{base}/{database}", site)["CONFIG"])

    # Databases no test process or server of the suite uses (tests/conftest.py, tooling/servers.py).
    sender, neighbour, same_site = layer(14), layer(15), layer(14)
    other_site = layer(14, "elsewhere")
    listeners = {}
    others = (("neighbour", neighbour), ("other site", other_site), ("same site", same_site))
    for name, other in others:
        listeners[name] = await other.new_channel()
        await other.group_add("match.1", listeners[name])
    await sender.group_send("match.1", {"type": "match.updated", "ply": 3})
    heard = await asyncio.wait_for(same_site.receive(listeners["same site"]), timeout=3)
    assert heard["ply"] == 3
    for name, other in others[:2]:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(other.receive(listeners[name]), timeout=0.5)
    for each in (sender, neighbour, other_site, same_site):
        await each.flush()
