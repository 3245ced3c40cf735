"""Game streams of one audience share one computed line per position, as pages share one
render (issue: 200 spectator streams of one account cost about 2.4 ms of CPU each per move,
and two programs fell from 26.5 to 2.0 moves/s beside them). The streams run in this
process on the in-memory layer; what is counted is how often a position's line is built."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.models import User
from api import selectors, streams
from api.tokens import token_create
from games import services
from games.groups import group_name
from games.models import Match
from games.registry import get_engine
from tooling.matches import watching

STREAMS = 12


async def _next_line(stream) -> bytes:
    """The stream's next line that is not a keep-alive."""
    while (line := await asyncio.wait_for(stream.__anext__(), 10)) == b"\n":
        pass
    return line


def _setup():
    alice = User.objects.create_user("alice", password="pw-alice-123")
    bob = User.objects.create_user("bob", password="pw-bob-123")
    fan = User.objects.create_user("fan", password="pw-fan-123")
    match = services.match_create(game="hive", creator=alice, seat=0)
    match = services.match_join(match_id=match.pk, user=bob)
    token, _ = token_create(fan)
    engine = get_engine("hive")
    move = next(iter(engine.legal_moves(engine.from_json(match.state), 0)))
    return alice, match, token, move


@pytest.mark.django_db(transaction=True)
async def test_spectator_streams_of_one_account_share_each_positions_line(monkeypatch):
    alice, match, token, move = await database_sync_to_async(_setup)()
    built = []
    game_state = selectors.game_state

    def counted(match, seat, now=None):
        built.append((match.ply, seat))
        return game_state(match, seat, now)

    monkeypatch.setattr(selectors, "game_state", counted)
    layer = get_channel_layer()
    opened = []
    try:
        for _ in range(STREAMS):
            channel = await layer.new_channel("api.game.")
            stream = streams.game_stream(token, match, None, "127.0.0.1", channel)
            opened.append(stream)
            assert b'"gameFull"' in await _next_line(stream)
        built.clear()
        await database_sync_to_async(watching)(match)
        await database_sync_to_async(services.move_play)(
            match_id=match.pk, user=alice, ply=0, move=move
        )
        lines = [await _next_line(stream) for stream in opened]
        assert len(set(lines)) == 1 and b'"ply":1' in lines[0]
        assert built == [(1, None)], f"{len(built)} lines built for {STREAMS} streams"
    finally:
        for stream in opened:
            await stream.aclose()
    assert await database_sync_to_async(Match.objects.get)(pk=match.pk)


def _second_move(match_pk: int):
    match = Match.objects.get(pk=match_pk)
    engine = get_engine("hive")
    move = next(iter(engine.legal_moves(engine.from_json(match.state), 1)))
    bob = User.objects.get(username="bob")
    services.move_play(match_id=match_pk, user=bob, ply=1, move=move)


@pytest.mark.django_db(transaction=True)
async def test_a_late_or_repeated_notice_never_sends_an_older_line(settings):
    """The line of ply 1 is kept for the streams that ask later; a stream that showed ply 2
    and then hears ply 1's notice again (the watcher and the move both announce a ply)
    sends nothing, as before lines were shared."""
    settings.API_KEEPALIVE_SECONDS = 0.2
    alice, match, token, move = await database_sync_to_async(_setup)()
    layer = get_channel_layer()
    stream = streams.game_stream(token, match, None, "127.0.0.1", await layer.new_channel())
    try:
        assert b'"gameFull"' in await _next_line(stream)
        await database_sync_to_async(services.move_play)(
            match_id=match.pk, user=alice, ply=0, move=move
        )
        assert b'"ply":1' in await _next_line(stream)
        await database_sync_to_async(_second_move)(match.pk)
        assert b'"ply":2' in await _next_line(stream)
        await layer.group_send(
            f"match.{match.pk}", {"type": "match.updated", "ply": 1, "status": "active"}
        )
        for _ in range(3):
            assert await asyncio.wait_for(stream.__anext__(), 10) == b"\n"
    finally:
        await stream.aclose()


def _members(layer, group):
    """The channels in a group, on the in-memory layer (keyed by the group) or on Redis's
    (keyed by a prefixed name ending in the group's)."""
    return {
        channel
        for key, channels in layer.groups.items()
        if key == group or key.endswith(f"__group__{group}")
        for channel in channels
    }


@pytest.mark.django_db(transaction=True)
async def test_the_streams_of_one_match_share_one_channel_in_its_group():
    """Each stream's own channel in the match's group made every move a message copied,
    queued and received per stream; the streams of a process now hear the match through
    one listener, which goes when its last stream closes."""
    alice, match, token, move = await database_sync_to_async(_setup)()
    layer = get_channel_layer()
    group = group_name(match.pk)
    opened = []
    try:
        for _ in range(STREAMS):
            stream = streams.game_stream(token, match, None, "127.0.0.1", await layer.new_channel())
            opened.append(stream)
            assert b'"gameFull"' in await _next_line(stream)
        assert len(_members(layer, group)) == 1
        listener = streams._notices[asyncio.get_running_loop()][match.pk]
        await database_sync_to_async(services.move_play)(
            match_id=match.pk, user=alice, ply=0, move=move
        )
        lines = [await _next_line(stream) for stream in opened]
        assert all(b'"ply":1' in line for line in lines)
    finally:
        for stream in opened:
            await stream.aclose()
    await asyncio.gather(listener.task, return_exceptions=True)
    assert not _members(layer, group)
    assert match.pk not in streams._notices[asyncio.get_running_loop()]
