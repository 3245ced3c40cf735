"""A tournament page's socket, end to end through the ASGI app: the live part on connect,
standings pushed when a match ends, a player's page sent to their new match, refusals."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.tournaments.support import finish, make, members, refresh, running, start
from tests.web.support import cookie_for

pytestmark = pytest.mark.django_db(transaction=True)


CSRF = "k" * 32  # the page's CSRF cookie


async def _open(tournament, user=None, query="", invite=None):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if user is not None:
        cookie = await sync_to_async(cookie_for)(user)
        headers.append((b"cookie", cookie + b"; csrftoken=" + CSRF.encode()))
    path = f"/ws/tournament/{tournament.public_id}/?v={query}"
    if invite:
        path += f"&invite={invite}"
    socket = WebsocketCommunicator(application, path, headers)
    connected, _ = await socket.connect()
    return socket, connected


def _arena(clock):
    players = members(4)
    tournament = start(make(players[0], format="arena", players=players), clock)
    return tournament, players


@pytest.fixture(params=["notice", "watcher"])
def carrier(request, monkeypatch, settings):
    """Each way a change reaches the pages, alone: the reaction's notice (the watcher off, as
    on the scale path), or the embedded default's watcher (the notices lost, as when the
    worker, another process, recorded the change)."""
    if request.param == "notice":
        settings.FRAGMENT_REDIS_URL = "redis://unused"  # the watcher stands down
    elif settings.FRAGMENT_REDIS_URL:
        pytest.skip("the scale path's Redis carries every notice: no watcher runs there")
    else:
        monkeypatch.setattr("tournaments.reactions.send_to_group", lambda *args: None)
    return request.param


async def test_a_match_end_pushes_new_standings_and_takes_the_player_to_the_next_match(
    clock, carrier
):
    tournament, players = await sync_to_async(_arena)(clock)
    pairing, other = await sync_to_async(running)(tournament)
    # The other table ends first: its two wait for the next ones free (no rematch at once).
    await sync_to_async(finish)(other)
    tournament = await sync_to_async(refresh)(tournament)
    watcher, ok = await _open(tournament)
    assert ok
    first = await watcher.receive_from()
    assert 'id="tournament-live"' in first and f'data-version="{tournament.version}"' in first
    winner = pairing.seats[0]
    player = next(p for p in players if p.pk == winner)
    mine, ok = await _open(tournament, player, query=str(tournament.version))
    assert ok
    # The page shows this version already: nothing until something changes.
    assert await mine.receive_nothing(timeout=0.3)

    await sync_to_async(finish)(pairing)

    pushed = await watcher.receive_from(timeout=5)
    assert 'id="tournament-live"' in pushed and 'class="points">2<' in pushed  # a win: 2
    live = await mine.receive_from(timeout=5)
    you = await mine.receive_from(timeout=5)
    assert 'id="tournament-live"' in live
    new = await sync_to_async(lambda: [p for p in running(tournament) if winner in p.seats])()
    assert new and f'data-match="{new[0].match.get_absolute_url()}"' in you
    # Its buttons (Withdraw, Pause) post with the page's CSRF token after the push too.
    assert f'name="csrfmiddlewaretoken" value="{CSRF}"' in you
    await watcher.disconnect()
    await mine.disconnect()


async def test_a_page_that_missed_a_notice_catches_up_when_it_syncs(clock):
    tournament, _ = await sync_to_async(_arena)(clock)
    socket, ok = await _open(tournament, query="0")
    assert ok
    assert "tournament-live" in await socket.receive_from()
    await socket.send_to(text_data=json.dumps({"t": "sync", "version": 0}))
    assert "tournament-live" in await socket.receive_from(timeout=3)
    await socket.send_to(text_data=json.dumps({"t": "move", "move": {}}))
    assert "unknown" in await socket.receive_from(timeout=3)
    await socket.disconnect()


async def test_a_private_tournament_s_socket_needs_its_invite(clock):
    players = await sync_to_async(members)(1)
    tournament = await sync_to_async(make)(players[0], private=True)
    _, ok = await _open(tournament)
    assert not ok
    socket, ok = await _open(tournament, invite=tournament.invite)
    assert ok
    await socket.disconnect()
