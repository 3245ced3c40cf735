"""The embedded channel layer delivers like Channels' own and still expires old messages."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from config import layers
from config.layers import ThrottledInMemoryChannelLayer


def in_own_loop(coroutine_function):
    """Runs the test in a fresh event loop of its own thread.

    These tests need no database, so pytest-django orders them after the browser tests,
    whose Playwright session keeps an event loop marked as running in the main thread.
    """

    def test(*args, **kwargs):
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, coroutine_function(*args, **kwargs)).result()

    test.__name__ = coroutine_function.__name__
    return test


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
