"""A player's page of a finished tournament match goes to their next match of that
tournament when it starts, over the match socket (tournaments/socket.py), by either carrier
of a tournament's change: the reaction's notice (the scale path) or the embedded default's
watcher (the worker, another process, made the round)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tournaments.support import finish, finish_round, make, members, next_round, running
from tests.tournaments.support import start as start_tournament
from tests.web.support import connected

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["notice", "watcher"])
def carrier(request, monkeypatch, settings):
    """Each carrier alone: the notice with the watcher asleep, or the watcher with the
    reaction's notice lost."""
    if request.param == "notice":
        settings.WATCH_SECONDS = 3600
    elif settings.FRAGMENT_REDIS_URL:
        pytest.skip("the scale path's Redis carries every notice: no watcher runs there")
    else:
        monkeypatch.setattr("tournaments.reactions.send_to_group", lambda *args: None)
    return request.param


async def _next_match_told(socket) -> str:
    """The page's next match, skipping the other pushes (the finished board)."""
    while True:
        html = await socket.receive_from(timeout=5)
        if html.startswith('<div id="next-match"'):
            return html


def _swiss(clock):
    players = members(2)
    tournament = start_tournament(make(players[0], players=players), clock)
    pairing = running(tournament)[0]
    return tournament, pairing, players


async def test_a_swiss_player_s_finished_match_page_goes_to_the_next_round(clock, carrier):
    tournament, pairing, players = await sync_to_async(_swiss)(clock)
    await sync_to_async(finish)(pairing)
    pages = [await connected(pairing.match, user) for user in players]
    spectator = await connected(pairing.match)
    for page in pages:
        await page.receive_from(timeout=5)  # the finished board
    await spectator.receive_from(timeout=5)

    await sync_to_async(next_round)(tournament, clock)

    second = (await sync_to_async(running)(tournament, 2))[0]
    for page in pages:
        told = await _next_match_told(page)
        assert f'data-go="{second.match.get_absolute_url()}"' in told
    assert await spectator.receive_nothing(timeout=1.2)  # a spectator stays
    for socket in (*pages, spectator):
        await socket.disconnect()


def _arena(clock):
    players = members(4)
    tournament = start_tournament(make(players[0], format="arena", players=players), clock)
    return tournament, running(tournament), players


async def test_an_arena_player_s_finished_match_page_goes_to_the_next_pairing(clock, carrier):
    tournament, pairings, players = await sync_to_async(_arena)(clock)
    first = pairings[0]
    user = next(p for p in players if p.pk == first.seats[0])
    await sync_to_async(finish)(first)
    page = await connected(first.match, user)
    await page.receive_from(timeout=5)

    await sync_to_async(finish_round)(tournament, 0)  # every table ends: all four wait

    mine = await sync_to_async(lambda: [p for p in running(tournament) if user.pk in p.seats])()
    assert mine
    told = await _next_match_told(page)
    assert f'data-go="{mine[0].match.get_absolute_url()}"' in told
    await page.disconnect()


async def test_a_running_tournament_match_s_page_stays(clock, carrier):
    tournament, pairings, players = await sync_to_async(_arena)(clock)
    playing = pairings[1]
    user = next(p for p in players if p.pk == playing.seats[0])
    page = await connected(playing.match, user)
    await page.receive_from(timeout=5)
    await sync_to_async(finish)(pairings[0])  # another table ends and is paired again
    assert await page.receive_nothing(timeout=1.2)
    await page.disconnect()
