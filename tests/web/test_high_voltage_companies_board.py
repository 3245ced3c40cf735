"""The High Voltage (power companies) board: moves on the page, secrets kept per viewer."""

import json
import re
from html import unescape

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from games import services
from games.high_voltage_companies.cards import CARDS, COLOURS, DANGER_IDS, NEW_ROTATIONS
from games.live.rendering import board_html
from games.models import Match
from tests.conftest import create_rigged
from tests.web.support import connected

SLUG = "high-voltage-companies"
NAMES = ["alice", "bob", "carol", "dave"]


def corner_setup(players: int) -> dict:
    """Four corner cards that close the line N1 → W0 once all four are face up:
    (0,0) curves 24 (S–W yellow), (0,1) cross 0 (N–S red), (1,0) curves 25 (N–E red) at
    rotation 0, and (1,1) curves 26 at rotation 3 (N–W red)."""
    cards = [24, 0, 2, 3, 4, 5, 6, 25, 26] + [
        c for c in range(48) if c not in {24, 0, 2, 3, 4, 5, 6, 25, 26}
    ]
    return {
        "cards": cards,
        "rotations": [0, 0, 0, 0],
        "companies": ["red", "yellow", "blue", "green"][:players],
        "first": 0,
    }


def start(players: int, options: dict | None = None):
    users = [User.objects.get_or_create(username=name)[0] for name in NAMES[:players]]
    options = options or corner_setup(players)
    match = create_rigged(
        game=SLUG,
        creator=users[0],
        options={k: v for k, v in options.items() if v is not None},
        seat=0,
        players=players,
    )
    for user in users[1:]:
        match = services.match_join(match_id=match.pk, user=user)
    assert match.status == Match.Status.ACTIVE
    return match, users


def play(match, user, move):
    match.refresh_from_db()
    return services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)


def a_rotation(match):
    """Some legal rotate move of a face-up card (read from the raw state, as only tests may)."""
    match.refresh_from_db()
    for place, cell in enumerate(match.state["cells"]):
        if cell and cell[3] and NEW_ROTATIONS[cell[0]][cell[1]] and cell[0] not in DANGER_IDS:
            turn = NEW_ROTATIONS[cell[0]][cell[1]][0]
            return {"type": "rotate", "at": list(divmod(place, 7)), "rotation": turn}
    raise AssertionError("no card to turn")


def html_for(match, seat):
    match = Match.objects.get(pk=match.pk)
    return board_html(match, seat)


def moves_in(page):
    return [json.loads(unescape(m)) for m in re.findall(r'data-move="([^"]+)"', page)]


def companies_in(html):
    return set(re.findall(r'data-company="(\w+)"', html))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_page_renders_for_every_seat_count_with_reveals_only_for_the_mover(client, db, players):
    match, users = start(players)
    for seat, user in enumerate(users):
        client.force_login(user)
        page = client.get(f"/m/{match.public_id}/").content.decode()
        assert 'class="board-svg high-voltage-companies"' in page
        assert "games/high-voltage-companies/board.js" in page
        assert page.count("data-tray=") == players
        moves = moves_in(page)
        if seat == 0:  # every face-down card can be revealed, nothing else yet
            assert len(moves) == 44 and {m["type"] for m in moves} == {"reveal"}
            assert page.count("data-pick") == 4  # the four face-up cards start a turn, move or swap
        else:
            assert moves == [] and "data-pick" not in page
        assert companies_in(page) == {["red", "yellow", "blue", "green"][seat]}
    client.logout()
    spectator = client.get(f"/m/{match.public_id}/").content.decode()
    assert moves_in(spectator) == [] and companies_in(spectator) == set()
    assert "Your secret company" not in spectator


def test_place_phase_offers_the_own_place_and_the_gap_and_declare_lists_the_closed_line(db):
    match, (alice, bob, carol) = start(3)
    for user, at in [(alice, [0, 0]), (bob, [0, 1]), (carol, [1, 0])]:
        play(match, user, {"type": "reveal", "at": at})
        play(match, user, {"type": "place", "to": at, "rotation": 0})
        play(match, user, {"type": "end"})
    last = re.findall(
        r'class="hvc-card up[^"]* last[^"]*" data-at="([\d,]+)"', html_for(match, None)
    )
    assert last == ["1,0"]  # carol's card from the previous turn is highlighted for everybody
    play(match, alice, {"type": "reveal", "at": [1, 1]})
    html = html_for(match, 0)
    assert re.findall(r'data-place="([\d,]+)"', html) == ["1,1", "3,3"]
    assert 'data-hand-card="26"' in html
    play(match, alice, {"type": "place", "to": [1, 1], "rotation": 3})
    html = html_for(match, 0)
    assert moves_in(html) == [
        {"type": "declare", "from": "N1"},
        {"type": "double"},
        {"type": "end"},
    ]
    assert "Declare N1 → W0" in html and html.count('class="hvc-line"') == 1
    for seat in (1, 2, None):
        assert moves_in(html_for(match, seat)) == [] and "hvc-line" not in html_for(match, seat)
    play(match, alice, {"type": "declare", "from": "N1"})
    html = html_for(match, None)
    markers = dict(re.findall(r'data-company-marker="(\w+)" data-points="(\d+)"', html))
    assert markers == {"red": "3", "yellow": "2", "green": "0", "blue": "1"}
    assert html.count("hvc-chip hv") == 4  # every card of the line got a HIGH VOLTAGE chip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_reveal_shows_every_company_and_the_ranking(client, db, players):
    match, users = start(players)
    for user in users:  # a full round of quiet turns ends the game
        play(match, user, a_rotation(match))
        play(match, user, {"type": "end"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for seat in [*range(players), None]:
        html = html_for(match, seat)
        assert "Final reveal" in html and "quiet" not in companies_in(html)
        finals = re.findall(r'data-final-company="(\w+)"', html)
        assert sorted(finals) == sorted(["red", "yellow", "blue", "green"][:players])
        assert moves_in(html) == []
    for ply in (0, 1, match.ply):  # the replay draws every position
        page = client.get(f"/m/{match.public_id}/replay/?ply={ply}")
        assert (
            page.status_code == 200 and "board-svg high-voltage-companies" in page.content.decode()
        )


async def _receive_all(communicator) -> list[str]:
    frames = [await communicator.receive_from(timeout=3)]
    while not await communicator.receive_nothing(timeout=0.3):
        frames.append(await communicator.receive_from())
    return frames


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_websocket_frames_never_leak_companies_face_down_cards_or_the_hand(players):
    match, users = await sync_to_async(start)(players, corner_setup(players) | {"cards": None})
    viewers = [*users, None]
    sockets = [await connected(match, user) for user in viewers]
    frames = {i: await _receive_all(s) for i, s in enumerate(sockets)}
    await sync_to_async(play)(match, users[0], {"type": "reveal", "at": [0, 3]})
    for i, s in enumerate(sockets):
        frames[i] += await _receive_all(s)
    state = (await sync_to_async(Match.objects.get)(pk=match.pk)).state
    hand = state["hand"]
    hand_mark = f'data-hand-card="{hand}"'
    hidden = [cell[0] for cell in state["cells"] if cell and not cell[3]]
    assert len(hidden) == 43
    for i, viewer in enumerate(viewers):
        seat = None if viewer is None else i
        latest = frames[i][-1]
        assert 'data-ply="1"' in latest
        text = "".join(frames[i])
        shown = {int(c) for c in re.findall(r'data-card="(\d+)"', text)}
        assert not shown & set(hidden), "a face-down card's id reached a viewer"
        own = COLOURS[state["companies"][seat]] if seat is not None else None
        assert companies_in(text) == ({own} if own else set())
        assert "data-final-company" not in text
        if seat == 0:  # the mover sees the revealed card, its colours and where it may go
            assert hand_mark in latest
            hand_html = latest[
                latest.index(hand_mark) : latest.index("</g>\n", latest.index(hand_mark))
            ]
            a, b = _card_colours(hand)
            assert f"c-{a}" in hand_html and f"c-{b}" in hand_html
            assert shown == {int(c) for c in re.findall(r'data-card="(\d+)"', latest)}
            assert 'data-place="0,3"' in latest and 'data-place="3,3"' in latest
        else:
            assert "data-hand-card" not in text and "data-place" not in text
            assert f'data-card="{hand}"' not in text
            assert "data-move" not in latest
    await sync_to_async(play)(match, users[0], {"type": "place", "to": [0, 3], "rotation": 2})
    for s in sockets:
        latest = (await _receive_all(s))[-1]
        assert f'data-card="{hand}" data-rot="2"' in latest  # face up now: everybody sees it
        assert "data-hand-card" not in latest
        await s.disconnect()


def _card_colours(card: int) -> tuple[str, str]:
    _, a, b = CARDS[card]
    return COLOURS[a], COLOURS[b]


def test_a_refused_move_is_explained_in_the_fragment(client, db):
    match, (alice, bob) = start(2)
    client.force_login(alice)
    response = client.post(
        f"/m/{match.public_id}/move/",
        {"move": json.dumps({"type": "rotate", "at": [0, 0], "rotation": 1}), "ply": "0"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert "Only a face-up card can be rotated." in html and 'class="message"' in html
