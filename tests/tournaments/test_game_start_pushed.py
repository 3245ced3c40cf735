"""A program hears of its tournament match at once, not at the next keep-alive: on the
embedded default the worker makes a tournament's rounds and pairings, and its announcement
reaches no web process, so the event stream looks for new matches every
``api.streams.STARTS_LOOK_SECONDS`` (a shared look, one query per process)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from asgiref.sync import sync_to_async

from api import streams
from api.tokens import token_create
from tests.tournaments.support import make, members, start

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_tournament_match_s_game_start_reaches_the_program_within_a_second(
    clock, monkeypatch, settings
):
    if settings.FRAGMENT_REDIS_URL:
        pytest.skip("the scale path's Redis carries the worker's announcement: no look runs there")
    assert settings.API_KEEPALIVE_SECONDS >= 3  # the keep-alive alone would be too late
    # The worker's announcement is lost to this process, as on the embedded default.
    monkeypatch.setattr("api.reactions.send_user_event", lambda *args: None)
    players = await sync_to_async(members)(2)
    token, _ = await sync_to_async(token_create)(players[0], "program")
    tournament = await sync_to_async(make)(players[0], players=players)
    stream = streams.event_stream(token, "127.0.0.1", "test.stream.1", embedded=True)
    heard = asyncio.ensure_future(anext(stream))
    await asyncio.sleep(0.3)  # the stream is open and quiet: nothing is running yet
    assert not heard.done()

    began = time.monotonic()
    await sync_to_async(start)(tournament, clock)
    event = json.loads(await asyncio.wait_for(heard, timeout=1.5))
    assert event["type"] == "gameStart" and event["game"]["swissId"] == tournament.public_id
    assert time.monotonic() - began < 1.5
    await stream.aclose()
