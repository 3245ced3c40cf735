"""Sockets never outlive who their session was, and one address is many players (issue #24,
items 2 and 7): a guest made a member, a rejoin link revoked, a log-in as someone else and a
new password close the sockets of who the browser was; every frame and every push of a
seat's view checks the session; a socket refused for a cap never makes its player claimable."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games import presence, services
from games.live import socket_identity
from games.models import Match, Move, Presence, Seat
from games.registry import get_engine
from tests.web.support import connect, connected, cookie_for, play_a_move
from tests.web.test_guests import PASSWORD, guest_in_match, guest_of, logged_in_user, rejoin_path
from tests.web.test_time import T0, timed

pytestmark = pytest.mark.django_db(transaction=True)


def cookie_of(browser: Client) -> bytes:
    """The session cookie ``browser`` holds now."""
    return f"sessionid={browser.cookies['sessionid'].value}".encode()


def session_key(cookie: bytes) -> str:
    return cookie.decode().split("=", 1)[1]


def become_member(browser: Client, username="zoe"):
    response = browser.post(
        "/accounts/account/",
        {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302


def guest_in_secret_match(alice):
    """A guest who joined alice's two-player High Voltage companies match through its
    invite, where each seat is shown its secret company; returns (browser, match)."""
    created = services.match_create(game="high-voltage-companies", creator=alice, seat=0, players=2)
    browser = Client()
    browser.post(f"/m/join/{created.invite}/", {"nickname": "Zoë"})
    match = Match.objects.get(pk=created.pk)
    assert match.status == Match.Status.ACTIVE
    return browser, match


def a_move_for_the_mover(match) -> str:
    match.refresh_from_db()
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    move = next(iter(engine.legal_moves(state, engine.to_move(state)[0])))
    return json.dumps({"t": "move", "move": move, "ply": match.ply})


def open_pages(match, viewer: str, count: int, address="127.0.0.1") -> None:
    """``count`` sockets of ``viewer`` ("session:<key>") open on ``match`` from ``address``,
    as their consumers count them in."""
    for n in range(count):
        Presence.objects.create(
            match=match,
            channel_name=f"test-{viewer}-{n}",
            viewer=viewer,
            address=address,
            server="test",
            seen_at=timezone.now(),
        )


async def closed(socket) -> dict:
    message = await socket.receive_output(timeout=3)
    assert message["type"] == "websocket.close", message
    return message


async def said_nothing_more(socket) -> bool:
    """Whether a closed socket sent nothing after its close: its consumer is stopped, and a
    consumer handles what reached it (a frame sent to it, a notice) before the disconnect that
    comes after, so what it sends is all in its output by then, with no window to wait out."""
    await socket.disconnect()
    return await socket.receive_nothing(timeout=0)


def moves_of(match) -> int:
    return Move.objects.filter(match=match).count()


# Item 2: sockets that outlive who they were -----------------------------------------------------


async def test_a_guest_made_a_member_then_logged_out_is_pushed_no_secret_company(alice):
    browser, match = await sync_to_async(guest_in_secret_match)(alice)
    socket = await connected(match, cookie=cookie_of(browser))
    assert "Your secret company" in await socket.receive_from()
    await sync_to_async(become_member)(browser)  # the session key changes under the socket
    await closed(socket)
    await sync_to_async(browser.post)("/accounts/logout/")
    watcher = await connected(match)
    await watcher.receive_from()
    await sync_to_async(play_a_move)(match)  # alice moves: a push to every socket of the match
    # The watcher's push shows the notice reached every socket still in the match's group
    # (all at once); the closed socket's consumer was woken by it then too, if it still were.
    assert 'data-ply="1"' in await watcher.receive_from(timeout=3)
    assert await said_nothing_more(socket)
    await watcher.disconnect()
    # The page opens its socket again with the cookie of now: a spectator's, no company.
    again = await connected(match, cookie=cookie_of(browser))
    assert "Your secret company" not in await again.receive_from()
    await again.disconnect()


async def test_a_rejoin_links_socket_closes_when_the_guest_becomes_a_member(alice):
    browser, match = await sync_to_async(guest_in_match)(alice)
    guest = await sync_to_async(guest_of)(match)
    link = await sync_to_async(rejoin_path)(guest)
    await sync_to_async(play_a_move)(match)  # alice moves: the guest's turn
    leaked = Client()  # someone who got hold of the guest's rejoin link
    assert (await sync_to_async(leaked.post)(link)).status_code == 302
    socket = await connected(match, cookie=cookie_of(leaked))
    assert "Your turn" in await socket.receive_from()
    await sync_to_async(become_member)(browser)
    await closed(socket)
    await socket.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    assert await said_nothing_more(socket)
    assert await sync_to_async(moves_of)(match) == 1  # alice's only
    assert (await sync_to_async(leaked.get)(link)).status_code == 404
    assert await sync_to_async(logged_in_user)(leaked) is None


async def test_logging_in_as_someone_else_closes_the_sockets_of_who_the_browser_was(
    match, alice, bob
):
    browser = Client()
    login = {"username": "alice", "password": "pw-alice-123"}
    assert (await sync_to_async(browser.post)("/accounts/login/", login)).status_code == 302
    socket = await connected(match, cookie=cookie_of(browser))
    assert "Your turn" in await socket.receive_from()
    login = {"username": "bob", "password": "pw-bob-123"}
    assert (await sync_to_async(browser.post)("/accounts/login/", login)).status_code == 302
    await closed(socket)
    await socket.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    assert await said_nothing_more(socket)
    assert await sync_to_async(moves_of)(match) == 0
    again = await connected(match, cookie=cookie_of(browser))  # reopened: bob's seat now
    assert "Waiting for alice" in await again.receive_from()
    await again.disconnect()


async def test_a_new_password_closes_the_sockets_of_every_session_it_logged_in(match, alice, bob):
    sessions = [await connected(match, alice) for _ in range(2)]  # two browsers
    bystander = await connected(match, bob)
    for socket in [*sessions, bystander]:
        await socket.receive_from()

    def change_password():
        user = User.objects.get(pk=alice.pk)
        user.set_password("another-Passw0rd!")
        user.save()

    await sync_to_async(change_password)()
    for socket in sessions:
        await closed(socket)
    for socket in sessions:
        await socket.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
        assert await said_nothing_more(socket)
    assert await sync_to_async(moves_of)(match) == 0
    await sync_to_async(play_a_move)(match)
    assert 'data-ply="1"' in await bystander.receive_from(timeout=3)  # first: bob's goes on
    await bystander.disconnect()


async def test_every_frame_and_every_push_of_a_seats_view_checks_the_session(match, alice, bob):
    """Sessions gone from the store with no notice (say, logged out through another server
    whose notice was lost): the socket's next frame plays nothing, its next push shows no seat."""
    a, b = await connected(match, alice), await connected(match, bob)
    spectator = await connected(match)
    for socket in (a, b, spectator):
        await socket.receive_from()
    await sync_to_async(Session.objects.all().delete)()
    await a.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    await closed(a)
    assert await sync_to_async(moves_of)(match) == 0
    await sync_to_async(play_a_move)(match)
    await closed(b)  # closed instead of bob's board
    assert 'data-ply="1"' in await spectator.receive_from(timeout=3)
    await spectator.disconnect()


def rewrite_session(user, **data) -> None:
    """``user``'s session now holds ``data`` too, written through the session store (as a
    request would) and with no notice to any socket."""
    for session in Session.objects.all():
        if session.get_decoded().get(SESSION_KEY) == str(user.pk):
            store = SessionStore(session_key=session.session_key)
            store.update(data)
            store.save()


def delete_session(user) -> None:
    """``user``'s session is deleted, with no notice to any socket."""
    for session in Session.objects.all():
        if session.get_decoded().get(SESSION_KEY) == str(user.pk):
            session.delete()


async def test_a_session_written_after_its_socket_read_it_is_read_again(match, alice, bob):
    """A socket reads its session once, and again once something wrote it (here, on this
    embedded process, a row the sockets' signals saw): sessions that come to name another
    user or are deleted, with no notice, leave neither the next frame nor the next push a
    seat's rights."""
    a, b = await connected(match, alice), await connected(match, bob)
    spectator = await connected(match)
    for socket in (a, b, spectator):
        await socket.receive_from()
    await a.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))  # read: alice
    for socket in (a, b, spectator):  # b's push read bob's session
        assert 'data-ply="1"' in await socket.receive_from(timeout=3)
    await sync_to_async(delete_session)(alice)
    await sync_to_async(rewrite_session)(bob, **{SESSION_KEY: str(alice.pk)})
    await b.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    await closed(b)
    assert await sync_to_async(moves_of)(match) == 1
    await sync_to_async(play_a_move)(match)  # bob's move, through the service
    await closed(a)  # closed instead of alice's board
    assert 'data-ply="2"' in await spectator.receive_from(timeout=3)
    await spectator.disconnect()


async def test_a_move_reads_no_session_its_sockets_read_before(match, alice, bob, monkeypatch):
    """Embedded, once each socket read its session, a move (the mover's frame, each seat's
    push) reads none: they were three reads through the database thread a move."""
    if not presence.sessions_written_here():
        pytest.skip("the scale path reads the session on every frame and push (the next test)")
    a, b = await connected(match, alice), await connected(match, bob)
    for socket in (a, b):
        await socket.receive_from()
    await a.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    for socket in (a, b):
        assert 'data-ply="1"' in await socket.receive_from(timeout=3)
    reads = []
    load = socket_identity.SessionStore.load
    monkeypatch.setattr(
        socket_identity.SessionStore, "load", lambda store: reads.append(1) or load(store)
    )
    await b.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    for socket in (a, b):
        assert 'data-ply="2"' in await socket.receive_from(timeout=3)
    assert reads == []
    for socket in (a, b):
        await socket.disconnect()


async def test_where_other_processes_write_sessions_every_frame_reads_it(match, alice, monkeypatch):
    """On the scale path a session may be written where this process's signals do not see
    it: every frame reads the session from the store (here deleted behind the signals' back)."""
    monkeypatch.setattr(presence, "sessions_written_here", lambda: False)
    a = await connected(match, alice)
    await a.receive_from()
    await a.send_to(text_data=json.dumps({"t": "sync", "ply": 0, "status": "active"}))
    assert await a.receive_nothing(timeout=0.3)  # read once: still alice

    def delete_without_signals():
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {Session._meta.db_table}")

    await sync_to_async(delete_without_signals)()
    await a.send_to(text_data=await sync_to_async(a_move_for_the_mover)(match))
    await closed(a)
    assert await sync_to_async(moves_of)(match) == 0


# Item 7: one address, many players --------------------------------------------------------------


async def test_each_session_behind_one_address_has_its_own_socket_cap(match, carol):
    """Defaults: a household of five, each with its session's sockets open, behind one address."""
    for n in range(5):
        await sync_to_async(open_pages)(match, f"session:household-{n}", 8)
    cookie = await sync_to_async(cookie_for)(carol)
    socket = await connected(match, cookie=cookie)
    await sync_to_async(open_pages)(match, f"session:{session_key(cookie)}", 7)
    _, accepted = await connect(match, cookie=cookie)  # the session's ninth
    assert not accepted
    await socket.disconnect()


async def test_strangers_behind_a_players_address_cannot_keep_them_away(alice, bob, settings):
    settings.SOCKETS_PER_SESSION, settings.SOCKETS_PER_ADDRESS = 2, 4
    match = await sync_to_async(timed)(alice, bob, "5+0")  # alice to move, away since T0
    for n in range(2):
        await sync_to_async(open_pages)(match, f"session:stranger-{n}", 2, address="10.0.0.9")
    _, accepted = await connect(match, address="10.0.0.9")  # a stranger's fifth: refused
    assert not accepted
    socket = await connected(match, alice, address="10.0.0.9")  # alice's seat: never
    await socket.receive_from()
    with pytest.raises(services.Refused, match="is here"):
        await sync_to_async(services.match_claim)(match_id=match.pk, user=bob, now=T0 + 600_000)
    await socket.disconnect()


async def test_a_players_socket_refused_for_their_sessions_cap_counts_as_seen(alice, bob, settings):
    settings.SOCKETS_PER_SESSION = 1
    match = await sync_to_async(timed)(alice, bob, "5+0")  # alice to move
    now = services.server_now()
    await sync_to_async(Seat.objects.filter(match=match, index=0).update)(away_since=now - 120_000)
    cookie = await sync_to_async(cookie_for)(alice)
    await sync_to_async(open_pages)(match, f"session:{session_key(cookie)}", 1)  # another tab
    _, accepted = await connect(match, cookie=cookie)
    assert not accepted
    with pytest.raises(services.Refused, match="a minute"):
        await sync_to_async(services.match_claim)(match_id=match.pk, user=bob, now=now + 30_000)


async def test_a_socket_closed_for_who_it_was_hears_no_notice_after(match, alice):
    """Issue #53: the router drops every notice to an ended socket. Its sends are dropped
    anyway, but a handler that ran would still work and close it once more."""
    from channels.layers import get_channel_layer

    socket = await connected(match, alice)
    assert "Your turn" in await socket.receive_from()
    name = await sync_to_async(lambda: Presence.objects.get(match=match).channel_name)()
    await get_channel_layer().send(name, {"type": "session.ended"})
    assert (await closed(socket))["code"] == socket_identity.ENDED
    await get_channel_layer().send(name, {"type": "session.ended"})
    await get_channel_layer().send(name, {"type": "match.updated", "ply": 5})
    assert await socket.receive_nothing(timeout=1)  # notices come by the layer: given time
    assert await said_nothing_more(socket)
