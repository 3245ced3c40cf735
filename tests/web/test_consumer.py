"""Real WebSocket round trips through the ASGI app with channels.testing."""

import json

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import Match, Move
from tests.web.support import connect, connected

pytestmark = pytest.mark.django_db(transaction=True)


async def test_every_viewer_gets_the_board_on_connect_and_each_move_live(match, alice, bob, carol):
    a, ok_a = await connect(match, alice)
    b, ok_b = await connect(match, bob)
    spectator, ok_s = await connect(match)
    assert ok_a and ok_b and ok_s
    first = {name: await c.receive_from() for name, c in [("a", a), ("b", b), ("s", spectator)]}
    assert 'data-ply="0"' in first["a"] and "Your turn" in first["a"]
    assert "Waiting for alice" in first["b"] and "data-move" not in first["b"]
    assert "data-move" not in first["s"]

    await a.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[2,2]}', "ply": "0"})
    )
    after = {
        name: await c.receive_from(timeout=3) for name, c in [("a", a), ("b", b), ("s", spectator)]
    }
    for html in after.values():
        assert 'data-ply="1"' in html
        assert ">4 6<" in html  # the plug now sits on the board
    assert "Your turn" in after["b"] and "data-move" in after["b"]
    assert "Waiting for bob" in after["a"] and "data-move" not in after["a"]
    for c in (a, b, spectator):
        await c.disconnect()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ("{not json", "not valid JSON"),
        ('"a string"', "not valid JSON"),
        (
            json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 5}),
            "board changed",
        ),
        (
            json.dumps({"t": "move", "move": {"type": "place", "at": [7, 0]}, "ply": 0}),
            "off the board",
        ),
        (json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}}), "which position"),
        ("x" * 5000, "too large"),
    ],
)
async def test_bad_frames_get_a_clear_error_and_change_nothing(match, alice, frame, message):
    a, _ = await connect(match, alice)
    await a.receive_from()
    await a.send_to(text_data=frame)
    reply = await a.receive_from(timeout=3)
    assert message in reply and 'class="message"' in reply
    assert await a.receive_nothing(timeout=0.2)
    await a.disconnect()
    from asgiref.sync import sync_to_async

    assert await sync_to_async(Move.objects.filter(match=match).count)() == 0


async def test_a_spectator_or_the_wrong_seat_cannot_move(match, bob):
    spectator, _ = await connect(match)
    await spectator.receive_from()
    await spectator.send_to(
        text_data=json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})
    )
    assert "watching" in await spectator.receive_from(timeout=3)
    b, _ = await connect(match, bob)
    await b.receive_from()
    await b.send_to(
        text_data=json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})
    )
    assert "not your turn" in await b.receive_from(timeout=3)
    await spectator.disconnect()
    await b.disconnect()


async def test_foreign_origin_and_unknown_match_are_refused(match):
    _, connected = await connect(match, origin=b"http://evil.example")
    assert not connected
    communicator = WebsocketCommunicator(
        application, "/ws/match/zzzzzzzz/", [(b"origin", b"http://127.0.0.1")]
    )
    connected, _ = await communicator.connect()
    assert not connected


async def test_reconnecting_client_catches_up_with_missed_moves(match, alice, bob):
    from asgiref.sync import sync_to_async

    from games import services

    b, _ = await connect(match, bob)
    await b.receive_from()
    await b.disconnect()  # bob's socket drops
    await sync_to_async(services.move_play)(
        match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]}
    )
    b, _ = await connect(match, bob)
    html = await b.receive_from()
    assert 'data-ply="1"' in html and "Your turn" in html
    await b.disconnect()
    assert (await sync_to_async(Match.objects.get)(pk=match.pk)).ply == 1


async def test_frame_spam_is_rate_limited_per_connection(match, carol, settings):
    settings.FRAME_BURST, settings.FRAMES_PER_SECOND = 5, 0.01
    spammer, _ = await connect(match, carol)
    await spammer.receive_from()
    replies = []
    for _ in range(8):
        await spammer.send_to(
            text_data=json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})
        )
        replies.append(await spammer.receive_from(timeout=3) if len(replies) < 6 else None)
    assert all("watching" in r for r in replies[:5])
    assert "slow down" in replies[5]  # the first frame over the budget is answered,
    assert await spammer.receive_nothing(timeout=0.3)  # the two after it cost nothing
    other, _ = await connect(match, carol)  # a limit per connection, not per person
    await other.receive_from()
    await other.send_to(text_data="{}")
    assert "slow down" not in await other.receive_from(timeout=3)
    await spammer.disconnect()
    await other.disconnect()


async def test_a_push_crossing_the_viewers_closing_handshake_does_not_fail_the_socket():
    """Daphne raises Disconnected for a send after the viewer's close frame arrived; left to
    propagate, it made Daphne answer the close with 1011 (seen under load in bench/load.py)."""
    from autobahn.exception import Disconnected

    from games.live.consumers import MatchConsumer

    async def closed_protocol(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = MatchConsumer()
    consumer.base_send = closed_protocol
    await consumer.send(text_data="<div id='board'></div>")  # no exception: nothing to fail


async def test_a_late_notice_of_an_older_position_never_steps_a_viewer_back(match, alice, bob):
    """Notices are handed to the event loop without waiting, so two can arrive out of order."""
    from channels.layers import get_channel_layer

    from games.groups import group_name

    spectator = await connected(match)
    await spectator.receive_from()
    a, b = await connected(match, alice), await connected(match, bob)
    await a.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[2,2]}', "ply": 0})
    )
    assert 'data-ply="1"' in await spectator.receive_from(timeout=3)
    await b.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[1,1]}', "ply": 1})
    )
    assert 'data-ply="2"' in await spectator.receive_from(timeout=3)
    late = {"type": "match.updated", "ply": 1, "status": "active"}
    await get_channel_layer().group_send(group_name(match.pk), late)
    # The next move's board is the spectator's next push: a board for the late notice,
    # handled before it, would have come first.
    await a.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[3,3]}', "ply": 2})
    )
    assert 'data-ply="3"' in await spectator.receive_from(timeout=3)
    for c in (a, b, spectator):
        await c.disconnect()


async def test_the_watchers_look_at_a_waiting_match_its_page_shows_sends_nothing(alice, bob):
    """The embedded watcher tells the sockets of a match it sees for the first time its
    stored position: a waiting match's page that shows it keeps its board (it was swapped
    for the same one half a second after loading), and a join still brings the new one."""
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from games import services, watcher
    from games.groups import group_name

    waiting = await sync_to_async(services.match_create)(
        game="powerdrain", creator=alice, seat=0, players=2
    )
    maker = await connected(waiting, alice, query="?ply=0&status=waiting")
    layer = get_channel_layer()
    await layer.group_send(group_name(waiting.pk), watcher.notice(0, "waiting"))
    assert await maker.receive_nothing(timeout=0.3)
    await sync_to_async(services.match_join)(match_id=waiting.pk, user=bob)
    assert 'data-status="active"' in await maker.receive_from(timeout=3)
    await maker.disconnect()


async def test_a_page_that_missed_a_notice_gets_the_board_when_it_asks(match, alice):
    """Pages that were quiet for a while send the position they show (match.js): an old one
    gets the current board, an up-to-date one gets nothing."""
    spectator = await connected(match)
    assert 'data-ply="0"' in await spectator.receive_from()
    await spectator.send_to(text_data=json.dumps({"t": "sync", "ply": 0, "status": "active"}))
    # Nothing for it: the spectator's next push is the board of alice's move below (a reply to
    # the sync, handled first, would have come before it).

    a = await connected(match, alice)
    await a.send_to(
        text_data=json.dumps({"t": "move", "move": '{"type":"place","at":[2,2]}', "ply": 0})
    )
    assert 'data-ply="1"' in await spectator.receive_from(timeout=3)
    await spectator.send_to(
        text_data=json.dumps({"t": "sync", "ply": 0, "status": "active"})
    )  # as if lost
    html = await spectator.receive_from(timeout=3)
    assert 'data-ply="1"' in html and '<p class="message"' not in html
    for c in (a, spectator):
        await c.disconnect()


async def test_a_page_just_loaded_gets_no_second_board_and_then_only_what_changed(
    match, alice, bob
):
    from asgiref.sync import sync_to_async

    from games import services

    a, _ = await connect(match, alice, query="?ply=0&status=active")
    assert await a.receive_nothing()  # the page shows this very position
    late, _ = await connect(match, bob, query="?ply=0&status=waiting")
    assert 'data-ply="0"' in await late.receive_from()  # it was rendered before bob sat down
    for ply, (seat, at) in enumerate([(alice, [0, 0]), (bob, [1, 1])]):
        await sync_to_async(services.move_play)(
            match_id=match.pk, user=seat, ply=ply, move={"type": "place", "at": at}
        )
        html = await a.receive_from(timeout=3)
        assert f'data-ply="{ply + 1}"' in html
    # The second push updates the move list in place instead of sending all of it again.
    assert 'id="move-list"' not in html and 'hx-swap-oob="beforeend:#move-list"' in html
    assert '<li id="turn-1" data-first="1" data-last="1" hx-swap-oob="true">' in html
    for c in (a, late):
        await c.disconnect()


def count_renders(monkeypatch) -> list:
    """Every board rendered from now on (a whole fragment or a move-list update, each built
    from its ``board_page_context``) adds its seat."""
    from games.live import rendering

    renders = []
    context = rendering.board_page_context

    def counted(match, seat, *args, **kwargs):
        renders.append(seat)
        return context(match, seat, *args, **kwargs)

    monkeypatch.setattr(rendering, "board_page_context", counted)
    return renders


async def test_a_refused_frame_costs_an_error_line_never_a_board(match, alice, monkeypatch):
    """Spectators' moves, a player's move on the position shown, a claim with nobody absent:
    each is answered with its one line, and nothing is rendered for it (issue #35)."""
    spectators = [await connected(match, address=f"10.0.0.{i}") for i in range(3)]
    a = await connected(match, alice)
    for socket in (*spectators, a):
        await socket.receive_from()
    renders = count_renders(monkeypatch)
    place = {"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0}
    for socket in spectators:
        for _ in range(3):
            await socket.send_to(text_data=json.dumps(place))
            reply = await socket.receive_from(timeout=3)
            assert reply.startswith('<p id="frame-error"') and "watching" in reply
    for frame in ({**place, "ply": 5}, {"t": "claim"}, {"t": "nothing"}, {"move": 1, "ply": 0}):
        await a.send_to(text_data=json.dumps(frame))
        reply = await a.receive_from(timeout=3)
        assert reply.startswith('<p id="frame-error"') and 'id="board"' not in reply, frame
    for socket in (*spectators, a):
        assert await socket.receive_nothing(timeout=0.1)
        await socket.disconnect()
    assert renders == []


async def test_a_player_behind_gets_the_board_its_audience_shares(match, alice, bob, monkeypatch):
    """A notice lost on its way left alice's page at ply 0: her refused move brings the line
    and the board her seat's audience shares, rendered once for all of them, not for her."""
    from asgiref.sync import sync_to_async

    from games import reactions
    from tests.web.support import play_a_move

    a, b = await connected(match, alice), await connected(match, bob)
    await a.receive_from()
    await b.receive_from()
    monkeypatch.setattr(reactions, "notify_match_updated", lambda match: None)  # lost
    await sync_to_async(play_a_move)(match)  # alice's move from another tab: ply 1
    renders = count_renders(monkeypatch)
    stale = {"t": "move", "move": {"type": "place", "at": [1, 1]}, "ply": 0}
    await a.send_to(text_data=json.dumps(stale))
    assert "board changed" in await a.receive_from(timeout=3)
    board = await a.receive_from(timeout=3)
    assert 'id="board"' in board and 'data-ply="1"' in board and "board changed" not in board
    await a.send_to(text_data=json.dumps(stale))  # up to date now: the line only
    assert "board changed" in await a.receive_from(timeout=3)
    assert await a.receive_nothing(timeout=0.2)
    assert renders == []
    for c in (a, b):
        await c.disconnect()


async def test_a_spectator_is_shown_each_position_recorded_elsewhere_between_two_looks(
    match, alice, bob, monkeypatch, settings
):
    """The embedded watcher looks twice a second at what another process (the worker's
    computers) recorded; when two plies came between two looks, a spectator is shown both in
    turn (a spectator at their own pace sees every position), a player only the newest, the
    one to move in."""
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from games import reactions, watcher
    from games.groups import group_name
    from games.models import Presence
    from tests.web.support import play_a_move

    settings.WATCH_SECONDS = 3600  # the looks are this test's own
    monkeypatch.setattr(watcher, "_seen", {})
    spectator, player = await connected(match), await connected(match, alice)
    assert 'data-ply="0"' in await spectator.receive_from()
    await player.receive_from()
    server = await sync_to_async(
        lambda: Presence.objects.filter(match=match).values_list("server", flat=True)[0]
    )()
    assert await sync_to_async(watcher.changed_positions)(server) == [(match.pk, 0, "active")]
    # Recorded in another process: neither rendered nor told here.
    monkeypatch.setattr(reactions, "prerender", lambda *args: None)
    monkeypatch.setattr(reactions, "notify_match_updated", lambda match: None)
    monkeypatch.setattr(watcher, "told", lambda *position: None)
    for _ in range(2):
        await sync_to_async(play_a_move)(match)
    looked = await sync_to_async(watcher.changed_positions)(server)
    assert looked == [(match.pk, 1, "active"), (match.pk, 2, "active")]
    for pk, ply, status in looked:
        await get_channel_layer().group_send(group_name(pk), watcher.notice(ply, status))

    first, second = [await spectator.receive_from(timeout=3) for _ in range(2)]
    assert 'data-ply="1"' in first and ">4 6<" in first and ">4 4<" not in first
    assert 'data-ply="2"' in second
    board = await player.receive_from(timeout=3)
    assert 'data-ply="2"' in board and "Your turn" in board
    assert await player.receive_nothing(timeout=0.3)
    for c in (spectator, player):
        await c.disconnect()
