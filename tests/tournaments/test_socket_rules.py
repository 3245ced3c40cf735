"""A tournament page's socket keeps the rules of every socket of the table (issue #55 item 4):
the caps per address and per session, shared with the match sockets; a ``sync`` that claims
to be behind gets the page again once, not on every frame; and a change costs the same reads
whether one spectator's socket is open or many (beyond the sends)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection

from config.asgi import application
from tests.tournaments.support import make, members, refresh, start
from tests.web.support import cookie_for
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


async def _open(path: str, cookie=None, address="203.0.113.9"):
    headers = list(ORIGIN)
    if cookie is not None:
        headers.append((b"cookie", cookie))
    socket = WebsocketCommunicator(application, path, headers)
    socket.scope["client"] = (address, 50000)
    connected, code = await socket.connect()
    return socket, connected, code


def _arena(clock, count=4):
    players = members(count)
    return start(make(players[0], format="arena", players=players), clock), players


@pytest.fixture
def scale_carrier(settings):
    settings.FRAGMENT_REDIS_URL = "redis://unused"  # the notices alone carry a change


async def test_one_address_opens_no_more_tournament_sockets_than_its_cap(clock, settings):
    settings.SOCKETS_PER_ADDRESS = 3
    tournament, players = await sync_to_async(_arena)(clock)
    path = f"/ws/tournament/{tournament.public_id}/?v="
    opened = [await _open(path) for _ in range(3)]
    assert all(ok for _, ok, _ in opened)
    refused, ok, code = await _open(path)
    assert not ok and code == 4429
    elsewhere, ok, _ = await _open(path, address="198.51.100.4")  # another address
    assert ok
    await opened[0][0].disconnect()  # a socket that closes counts no more
    again, ok, _ = await _open(path)
    assert ok
    for socket in (*[s for s, _, _ in opened[1:]], elsewhere, again):
        await socket.disconnect()


async def test_a_session_shares_its_cap_between_match_and_tournament_sockets(clock, settings):
    settings.SOCKETS_PER_SESSION = 2
    tournament, players = await sync_to_async(_arena)(clock)
    pairing_match = await sync_to_async(
        lambda: tournament.pairings.exclude(match=None).select_related("match").first().match
    )()
    player = await sync_to_async(lambda: pairing_match.seat_list()[0].user)()
    session = await sync_to_async(cookie_for)(player)  # one browser: one session
    on_match, ok, _ = await _open(f"/ws/match/{pairing_match.public_id}/", session)
    assert ok
    page = f"/ws/tournament/{tournament.public_id}/?v="
    first, ok, _ = await _open(page, session)
    assert ok
    second, ok, code = await _open(page, session)
    assert not ok and code == 4429
    await on_match.disconnect()
    await first.disconnect()


async def test_a_sync_that_claims_to_be_behind_gets_the_page_again_once(clock, settings):
    settings.FRAME_BURST, settings.FRAMES_PER_SECOND = 10, 0.01
    tournament, _ = await sync_to_async(_arena)(clock)
    socket, ok, _ = await _open(f"/ws/tournament/{tournament.public_id}/?v=")
    assert ok and 'id="tournament-live"' in await socket.receive_from()
    for _ in range(8):
        await socket.send_to(text_data=json.dumps({"t": "sync", "version": -1}))
    assert 'id="tournament-live"' in await socket.receive_from(timeout=3)
    assert await socket.receive_nothing(timeout=0.5)  # the seven others cost nothing
    for _ in range(5):  # over the budget: not even an error line
        await socket.send_to(text_data="not json")
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()


class Queries:
    """Counts the statements run on the socket's database thread (every
    ``database_sync_to_async`` and ``sync_to_async`` of this test runs on that one thread)."""

    def __init__(self):
        self.count, self.on = 0, False

    def __call__(self, execute, sql, params, many, context):
        self.count += self.on
        return execute(sql, params, many, context)

    def install(self):
        connection.execute_wrappers.append(self)

    def remove(self):
        connection.execute_wrappers.remove(self)


async def _reads_for_one_change(clock, spectators: int, newcomer: str) -> int:
    tournament = await sync_to_async(refresh)(_state["tournament"])
    path = f"/ws/tournament/{tournament.public_id}/?v={tournament.version}"
    sockets = []
    for i in range(spectators):
        socket, ok, _ = await _open(path, address=f"198.51.100.{i + 1}")
        assert ok
        sockets.append(socket)
    queries = Queries()
    await database_sync_to_async(queries.install)()
    user = await sync_to_async(lambda: members(1, newcomer)[0])()
    queries.on = True
    await sync_to_async(services.tournament_join)(
        public_id=tournament.public_id, user=user, now=clock.now
    )
    for socket in sockets:
        assert 'id="tournament-live"' in await socket.receive_from(timeout=5)
    queries.on = False
    await database_sync_to_async(queries.remove)()
    for socket in sockets:
        await socket.disconnect()
    return queries.count


_state: dict = {}


async def test_a_change_costs_the_same_reads_for_one_spectator_or_twenty(clock, scale_carrier):
    """A join before the start, twice alike: with twenty spectators' sockets open it reads
    no more than with one (each socket read the tournament and rendered it before)."""
    players = await sync_to_async(members)(3)
    _state["tournament"] = await sync_to_async(make)(players[0], players=players)
    one = await _reads_for_one_change(clock, 1, "a")
    twenty = await _reads_for_one_change(clock, 20, "b")
    assert twenty == one, (one, twenty)
