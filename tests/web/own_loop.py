"""Running a coroutine in a fresh event loop of its own thread, from a synchronous test.

pytest-django orders tests without a database after the browser tests, whose Playwright
session keeps an event loop marked as running in the main thread, so ``asyncio.run``
there fails; a thread of its own has no loop.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_in_own_loop(coroutine):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def in_own_loop(coroutine_function):
    """Makes an async test function a synchronous test that runs it in its own loop."""

    def test(*args, **kwargs):
        run_in_own_loop(coroutine_function(*args, **kwargs))

    test.__name__ = coroutine_function.__name__
    return test
