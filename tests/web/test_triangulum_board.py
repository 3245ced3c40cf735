"""The Triangulum board: controls for the mover only, secret points only for their writer
(page, fragment and WebSocket frames), reveals, parties and the replay with every secret."""

import json
import re

import pytest

from games import services
from games.live.rendering import board_html
from games.models import Match
from tests.web.support import connected

SLUG = "triangulum"
PASS = {"type": "pass"}
# Coordinates chosen so their text ("37,23", cx="370" cy="50") appears nowhere else.
SECRET = [37, 23]
SECRET_ATTR = 'data-secret="37,23"'


def place(at, secret):
    return {"type": "place", "open": list(at), "secret": list(secret)}


def tri(*points):
    return {"type": "triangulate", "points": [list(p) for p in points]}


@pytest.fixture
def tg(alice, bob):
    created = services.match_create(game=SLUG, creator=alice, seat=0)
    return services.match_join(match_id=created.pk, user=bob)


def play(match, users, *moves):
    """Plays moves in turn order (the seat to move is read from the view)."""
    for move in moves:
        match.refresh_from_db()
        seat = _to_move(match)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    match.refresh_from_db()
    return match


def _to_move(match):
    from games.registry import get_engine

    engine = get_engine(SLUG)
    return engine.to_move(engine.from_json(match.state))[0]


def secret_free(html: str) -> bool:
    return "data-secret" not in html and "37,23" not in html and 'cx="370" cy="50"' not in html


def test_the_mover_gets_the_controls_and_the_others_none(tg, alice, bob):
    mine = board_html(tg, 0)
    assert 'class="tg-controls' in mine and 'data-mode="triangulate"' in mine
    assert re.findall(r"data-move='([^']*)'", mine) == ['{"type":"pass"}']
    assert "1/2 choose your open point" in mine
    for seat in (1, None):
        html = board_html(tg, seat)
        assert "data-move" not in html and "tg-controls" not in html
        assert 'class="board-svg triangulum' in html


def test_the_board_shows_partie_threshold_and_match_score(tg):
    html = board_html(tg, None)
    assert "Part <strong data-partie>1</strong>/3" in html
    assert "Blue starts" in html
    assert "Passes in a row 0/2" in html
    assert html.count('aria-valuemax="333"') == 2
    assert html.count("<strong data-match>0</strong>") == 2
    data = json.loads(re.search(r'id="tg-data" type="application/json">(.*?)</script>', html)[1])
    assert data["seat"] is None and data["width"] == 46 and data["height"] == 29


def test_a_secret_point_is_shown_to_its_writer_only(client, tg, alice, bob, carol):
    match = play(tg, [alice, bob], place([3, 4], SECRET))
    own = board_html(match, 0)
    assert SECRET_ATTR in own and 'data-owner="0"' in own
    assert "your secret points" in own
    for seat in (1, None):
        html = board_html(match, seat)
        assert secret_free(html), f"seat {seat} sees the secret point"
        assert 'data-at="3,4"' in html  # the open point is public
        assert "<span data-hidden-count>1</span> secret" in html
    for user, visible in ((alice, True), (bob, False), (carol, False), (None, False)):
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        page = client.get(f"/m/{match.public_id}/").content.decode()
        assert (SECRET_ATTR in page) is visible
        if not visible:
            assert secret_free(page)


@pytest.mark.django_db(transaction=True)
async def test_websocket_frames_carry_the_secret_only_to_its_writer(tg, alice, bob):
    a, b, s = await connected(tg, alice), await connected(tg, bob), await connected(tg)
    for c in (a, b, s):
        await c.receive_from()
    move = json.dumps({"t": "move", "move": json.dumps(place([5, 6], SECRET)), "ply": "0"})
    await a.send_to(text_data=move)
    frames = {name: await c.receive_from(timeout=3) for name, c in (("a", a), ("b", b), ("s", s))}
    assert SECRET_ATTR in frames["a"]
    for name in ("b", "s"):
        assert 'data-at="5,6"' in frames[name]
        assert secret_free(frames[name]), f"{name}'s frame carries the secret"
    # Bob answers: his frames to alice and the spectator hold no secret of either seat.
    move = json.dumps({"t": "move", "move": json.dumps(place([8, 8], [41, 27])), "ply": "1"})
    await b.send_to(text_data=move)
    frames = {name: await c.receive_from(timeout=3) for name, c in (("a", a), ("b", b), ("s", s))}
    assert 'data-secret="41,27"' in frames["b"] and SECRET_ATTR not in frames["b"]
    assert SECRET_ATTR in frames["a"] and "41,27" not in frames["a"]
    assert "data-secret" not in frames["s"] and "41,27" not in frames["s"]
    for c in (a, b, s):
        await c.disconnect()


def test_a_revealed_secret_spoils_the_triangle_for_everyone_to_see(tg, alice, bob):
    users = [alice, bob]
    # Blue sets (2,2) (12,2) (2,12); Red writes (4,4) secretly, inside the future triangle.
    match = play(
        tg,
        users,
        place([2, 2], [40, 0]),
        place([30, 20], [4, 4]),
        place([12, 2], [41, 0]),
        place([31, 20], [42, 0]),
        place([2, 12], [43, 0]),
        place([32, 20], [44, 0]),
    )
    html = board_html(match, 0)
    assert 'data-secret="40,0"' in html and 'data-secret="4,4"' not in html
    match = play(match, users, tri([2, 2], [12, 2], [2, 12]))
    for seat in (0, 1, None):
        html = board_html(match, seat)
        assert 'data-failed="2,2 12,2 2,12"' in html  # the failed attempt, dashed
        assert 'data-revealed="4,4" data-writer="1" data-result="placed"' in html
        assert 'data-at="4,4" data-owner="1"' in html
        assert "spoiled by the reveal" in html and "Blue&#39;s point" not in html
        assert "Not scored: Red&#39;s point (4,4) lies inside the triangle" in html
        assert "data-triangle" not in html
        assert 'class="tg-events fresh"' in html
        assert "data-secret" not in html  # every list was revealed
    assert "Your turn." in board_html(match, 1)


def test_a_scored_triangle_shows_its_area_and_fixes_its_corners(tg, alice, bob):
    users = [alice, bob]
    match = play(
        tg,
        users,
        place([2, 2], [40, 0]),
        place([30, 20], [41, 1]),
        place([6, 2], [40, 1]),
        place([31, 20], [42, 1]),
        place([2, 6], [42, 0]),
        place([32, 20], [43, 1]),
        tri([2, 6], [2, 2], [6, 2]),
    )
    html = board_html(match, None)
    assert re.search(r'data-triangle="2,2 2,6 6,2" data-owner="0" data-area="10"', html)
    assert ">10</text>" in html
    assert len(re.findall(r'tg-point seat-0 fixed[^"]*" cx', html)) == 3
    assert "area <strong data-total>10</strong>" in html
    assert "(2,2) (6,2): +10" in html


def test_two_passes_end_a_partie_and_its_record_is_listed(tg, alice, bob):
    users = [alice, bob]
    match = play(tg, users, place([2, 2], [3, 3]), PASS)
    html = board_html(match, 0)
    assert "Passes in a row 1/2" in html and "(ends part)" in html
    match = play(match, users, PASS)
    html = board_html(match, None)
    assert "Part <strong data-partie>2</strong>/3" in html
    assert "Red starts" in html
    assert "Part 1 is over (two passes in a row)" in html
    assert 'class="tg-record" data-partie="1"' in html
    assert "data-at=" not in html  # the board was cleared
    assert "Your turn." in board_html(match, 1)


def test_a_full_match_shows_the_result_and_replays_every_secret(client, tg, alice, bob):
    users = [alice, bob]
    match = play(tg, users, place([2, 2], [3, 3]), place([9, 9], [37, 23]), PASS, PASS)
    match = play(match, users, PASS, PASS, PASS, PASS)
    assert match.status == Match.Status.FINISHED
    html = board_html(match, None)
    assert "Match over after 3 parts" in html
    assert html.count('class="tg-record"') == 3
    assert "data-move" not in board_html(match, 0)
    replay = client.get(f"/m/{match.public_id}/replay/", {"ply": 2}).content.decode()
    assert 'data-secret="3,3" data-owner="0"' in replay
    assert 'data-secret="37,23" data-owner="1"' in replay
    assert "secret points (replay)" in replay
    replay = client.get(f"/m/{match.public_id}/replay/", {"ply": 1}).content.decode()
    assert 'data-secret="3,3"' in replay and "37,23" not in replay


def test_a_refused_move_keeps_the_board_and_explains(tg, alice):
    with pytest.raises(Exception, match="not one of your points"):
        services.move_play(match_id=tg.pk, user=alice, ply=0, move=tri([1, 1], [5, 1], [1, 5]))
    assert "Your turn." in board_html(tg, 0)


def test_a_parts_ending_reads_in_german_on_its_card_and_banner(tg, alice, bob):
    """The finished part's card and banner say how it ended in the page's language: a German
    card had read "two passes in a row" (issue #54's walk through the pages)."""
    from django.utils import translation

    match = play(tg, [alice, bob], place([2, 2], [3, 3]), PASS, PASS)
    with translation.override("de"):
        html = board_html(match, None)
    assert "two passes in a row" not in html
    assert "Partie 1 ist vorbei (zwei Pässe hintereinander)" in html, html[:2000]
    assert html.count("zwei Pässe hintereinander") >= 2  # the banner and the part's card
