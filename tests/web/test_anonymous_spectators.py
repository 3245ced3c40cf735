"""Spectators without a session are counted under the address cap alone (games/presence.py):
a class or a family behind one router is not refused at the ninth page."""

from __future__ import annotations

import pytest

from tests.web.support import connect

pytestmark = pytest.mark.django_db(transaction=True)


async def test_anonymous_spectators_of_one_address_are_held_by_the_address_cap(match, settings):
    settings.SOCKETS_PER_SESSION, settings.SOCKETS_PER_ADDRESS = 2, 4
    opened = [await connect(match) for _ in range(5)]
    assert [accepted for _, accepted in opened] == [True] * 4 + [False]
    for socket, accepted in opened:
        if accepted:
            await socket.disconnect()
