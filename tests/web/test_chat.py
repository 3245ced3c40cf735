"""Match chat: real WebSocket round trips through the ASGI app (channels.testing).

Players talk in the players' room, spectators in theirs; a spectators' line reaches a
player's socket only once that socket opened the spectators' room."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.test import override_settings

from accounts.models import User
from chat import services as chat_services
from chat.models import ChatLine, ChatMute
from games import services
from games.bot_accounts import free_bot
from games.errors import Refused
from tests.web.support import connected

pytestmark = pytest.mark.django_db(transaction=True)


async def opened(match, user=None):
    """A socket on ``match`` whose first fragment (the board) was read."""
    socket = await connected(match, user)
    assert 'id="board"' in await socket.receive_from(timeout=3)
    return socket


async def say(socket, text, room):
    await socket.send_to(text_data=json.dumps({"t": "chat", "text": text, "room": room}))


async def heard(socket) -> str:
    return await socket.receive_from(timeout=3)


# "Nothing arrives" is shown by a later line that must arrive, and arrives first: a room's line
# reaches every socket of its room before the test goes on (all at once, in the order sent),
# and each socket handles what reaches it in order, so a line that wrongly reached a socket
# would be the first thing it heard.


@override_settings(CHAT_SOCKET_BURST=10)
async def test_each_room_reaches_its_own_sockets_only(match, alice, bob, carol):
    a, b = await opened(match, alice), await opened(match, bob)
    c, anon = await opened(match, carol), await opened(match)

    await say(c, "hello from the stands", "spectator")
    for spectator in (c, anon):
        line = await heard(spectator)
        assert 'id="chat-lines-spectator" hx-swap-oob="beforeend"' in line
        assert "hello from the stands" in line and "carol" in line

    await say(a, "good luck", "player")
    for player in (a, b):  # first: never disturbed by the stands
        line = await heard(player)
        assert 'id="chat-lines-player"' in line and "good luck" in line

    # Alice opens the spectators' room: its lines so far come along, and new ones reach her.
    await a.send_to(text_data=json.dumps({"t": "chat_open", "room": "spectator"}))
    room = await heard(a)
    assert 'id="chat-lines-spectator" class="chat-lines" hx-swap-oob="true"' in room
    assert "hello from the stands" in room
    await say(c, "nice move", "spectator")
    assert "nice move" in await heard(a)
    # First for the stands too: the players' room is the players'.
    assert "nice move" in await heard(c) and "nice move" in await heard(anon)

    # Closed again: the stands are quiet for her.
    await a.send_to(text_data=json.dumps({"t": "chat_close", "room": "spectator"}))
    await say(c, "anyone there?", "spectator")
    assert "anyone there?" in await heard(c)
    await heard(anon)
    await say(b, "still here", "player")
    assert "still here" in await heard(a)  # first: the stands are quiet for her
    assert "still here" in await heard(b)  # first: bob opened the stands neither time

    # A spectator cannot open the players' room, nor talk in it.
    await c.send_to(text_data=json.dumps({"t": "chat_open", "room": "player"}))
    assert "cannot be opened" in await heard(c)
    await say(c, "let me in", "player")
    assert "Only the match" in await heard(c)
    await say(b, "bye", "player")
    assert "bye" in await heard(a)  # first: the refused line went nowhere
    for socket in (a, b, c, anon):
        await socket.disconnect()


async def test_anonymous_spectators_read_but_only_logged_in_people_write(match, carol):
    anon = await opened(match)
    await say(anon, "hi", "spectator")
    assert "Log in or play as a guest" in await heard(anon)
    assert not await sync_to_async(ChatLine.objects.exists)()
    await anon.disconnect()


@pytest.mark.parametrize(
    ("text", "forbidden", "shown"),
    [
        ("<script>alert(1)</script>", "<script", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ('"><svg onload=alert(1)>', "<svg", "&quot;&gt;&lt;svg onload=alert(1)&gt;"),
        ("see https://evil.example now", "<a ", "see https://evil.example now"),
        ("bell\x07 and\nnew\u202eline", "\x07", "bell and newline"),
    ],
)
async def test_a_line_is_plain_text(match, alice, bob, text, forbidden, shown):
    a, b = await opened(match, alice), await opened(match, bob)
    await say(a, text, "player")
    line = await heard(b)
    assert forbidden not in line and "\u202e" not in line
    assert shown in line
    for socket in (a, b):
        await socket.disconnect()


def test_lines_are_cleaned_bounded_and_refused_when_empty(match, alice):
    said = chat_services.chat_say(match_id=match.pk, user=alice, room="player", text=" a\tb\x00 ")
    assert said.text == "a b"
    assert (
        len(
            chat_services.chat_say(
                match_id=match.pk, user=alice, room="player", text="x" * 140
            ).text
        )
        == 140
    )
    for bad in ("x" * 141, "  \x01 ", None, 42):
        with pytest.raises(Refused):
            chat_services.chat_say(match_id=match.pk, user=alice, room="player", text=bad)
    with pytest.raises(Refused, match="no such chat room"):
        chat_services.chat_say(match_id=match.pk, user=alice, room="lobby", text="hi")


def test_the_tables_computer_says_nothing_and_guests_talk_where_they_sit(alice):
    bot = free_bot("easy", set())
    match = services.match_create(game="powerdrain", creator=alice, seat=0, bots={1: "easy"})
    with pytest.raises(Refused, match="computer"):
        chat_services.chat_say(match_id=match.pk, user=bot, room="player", text="beep")
    guest = User.objects.create_user("guesty", is_guest=True)
    waiting = services.match_create(game="hive", creator=alice, seat=0)
    with pytest.raises(Refused, match="players"):
        chat_services.chat_say(match_id=waiting.pk, user=guest, room="player", text="hi")
    chat_services.chat_say(match_id=waiting.pk, user=guest, room="spectator", text="hi all")
    services.match_join(match_id=waiting.pk, user=guest, invite=waiting.invite)
    line = chat_services.chat_say(match_id=waiting.pk, user=guest, room="player", text="hi alice")
    assert line.author_name == guest.display_name


async def test_each_socket_has_a_short_budget_of_lines(match, alice, bob):
    a, b = await opened(match, alice), await opened(match, bob)
    for n in range(3):  # CHAT_SOCKET_BURST
        await say(a, f"line {n}", "player")
        assert f"line {n}" in await heard(b)
        await heard(a)
    await say(a, "one too many", "player")
    assert "Too many chat lines" in await heard(a)
    await say(b, "my turn", "player")
    assert "my turn" in await heard(b)  # first: the line over budget went nowhere
    for socket in (a, b):
        await socket.disconnect()


@override_settings(CHAT_LINES_PER_MINUTE=2)
async def test_each_user_has_a_budget_across_sockets(match, alice, bob):
    first, second, b = (
        await opened(match, alice),
        await opened(match, alice),
        await opened(match, bob),
    )
    await say(first, "one", "player")
    assert "one" in await heard(b)
    await say(second, "two", "player")
    assert "two" in await heard(b)
    await say(first, "three", "player")
    refusal = await heard(first)
    while "three" not in refusal and "Too many" not in refusal:  # the earlier lines first
        refusal = await heard(first)
    assert "Too many chat lines" in refusal
    await say(b, "calm down", "player")
    assert "calm down" in await heard(b)  # first: "three" went nowhere
    assert await sync_to_async(ChatLine.objects.filter(author=alice).count)() == 2
    for socket in (first, second, b):
        await socket.disconnect()


async def test_a_player_mutes_a_spectator_for_good(match, alice, bob, carol, client):
    a, c = await opened(match, alice), await opened(match, carol)
    await a.send_to(text_data=json.dumps({"t": "chat_open", "room": "spectator"}))
    await heard(a)
    await say(c, "first", "spectator")
    line = await heard(a)
    alias = re.search(r'data-chat-mute="([^"]*)"', line).group(1)  # a spectator's line can be muted
    assert f'data-author="{alias}"' in line
    # The page is never told a user id: the alias is a keyed hash, never the number itself.
    assert alias and not alias.isdigit() and f'data-author="{carol.pk}"' not in line
    await heard(c)
    await a.send_to(
        text_data=json.dumps({"t": "chat_mute", "alias": str(carol.pk)})
    )  # an id names nobody
    assert "There is nobody like that to mute." in await heard(a)
    await a.send_to(text_data=json.dumps({"t": "chat_mute", "alias": alias}))
    answer = await heard(a)
    assert "first" not in answer and "Unmute" in answer and "carol" in answer
    assert f'data-chat-unmute="{alias}"' in answer
    await say(c, "second", "spectator")
    assert "second" in await heard(c)
    await say(a, "noted", "player")
    assert "noted" in await heard(a)  # first: "second" was left out (muted)
    assert await sync_to_async(ChatMute.objects.filter(owner=alice, muted=carol).exists)()

    # A reload, and another tab, keep it: the page leaves carol's lines out.
    await sync_to_async(client.force_login)(alice)
    page = (await sync_to_async(client.get)(f"/m/{match.public_id}/")).content.decode()
    assert "Unmute" in page
    a2 = await opened(match, alice)
    await a2.send_to(text_data=json.dumps({"t": "chat_open", "room": "spectator"}))
    assert "second" not in await heard(a2)

    await a.send_to(text_data=json.dumps({"t": "chat_unmute", "alias": alias}))
    assert "second" in await heard(a)  # the room comes back whole
    for socket in (a, a2, c):
        await socket.disconnect()


async def test_a_reconnecting_page_gets_the_lines_it_missed(match, alice, bob):
    await sync_to_async(chat_services.chat_say)(
        match_id=match.pk, user=bob, room="player", text="said while you were away"
    )
    a = await connected(match, alice, query="?ply=0&status=active&chat=0")
    assert "said while you were away" in await heard(a)
    await a.disconnect()
    latest = await sync_to_async(ChatLine.objects.latest)("id")
    a = await connected(match, alice, query=f"?ply=0&status=active&chat={latest.pk}")
    # Its connect is over, and sent nothing: a frame's answer comes after all it sent then (a
    # line said before the connect's catch-up ran would rightly come in the whole room).
    await a.send_to(text_data=json.dumps({"t": "no-such-kind"}))
    assert "of no kind" in await heard(a)
    await sync_to_async(chat_services.chat_say)(
        match_id=match.pk, user=bob, room="player", text="said once you were back"
    )
    line = await heard(a)  # first: the page shows the line it had already
    assert "said once you were back" in line and "while you were away" not in line
    await a.disconnect()


def test_the_page_and_the_replay_show_each_reader_their_rooms(match, alice, bob, carol, client):
    chat_services.chat_say(match_id=match.pk, user=alice, room="player", text="between us")
    chat_services.chat_say(match_id=match.pk, user=carol, room="spectator", text="from the stands")
    client.force_login(alice)
    page = client.get(f"/m/{match.public_id}/").content.decode()
    assert "between us" in page and "from the stands" not in page  # opened on request only
    client.force_login(carol)
    page = client.get(f"/m/{match.public_id}/").content.decode()
    assert "from the stands" in page and "between us" not in page

    services.match_resign(match_id=match.pk, user=bob)
    replay = f"/m/{match.public_id}/replay/"
    assert "from the stands" in client.get(replay).content.decode()
    assert "between us" not in client.get(replay).content.decode()
    client.logout()
    assert "from the stands" in client.get(replay).content.decode()
    client.force_login(bob)
    shown = client.get(replay).content.decode()
    assert "between us" in shown and "from the stands" in shown


def test_an_authors_alias_holds_within_a_match_only(alice):
    from chat.selectors import author_alias

    assert author_alias(1, alice.pk) == author_alias(1, alice.pk) != author_alias(2, alice.pk)
    assert author_alias(1, None) == ""  # a line of nobody (a deleted account) names nobody
