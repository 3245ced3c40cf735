"""The lesson pages over HTTP: the real board, a wrong move and its why, stars for the
fewest tries, progress per visitor and per member, the invite page's offer."""

import json
import re

from games.models import Match
from games.registry import GAMES
from lessons import steps
from lessons.models import Progress
from tests.conftest import create_rigged

HX = {"HTTP_HX_REQUEST": "true"}


def play(client, slug, move):
    return client.post(f"/learn/{slug}/move/", {"move": json.dumps(move)}, **HX).content.decode()


def test_every_lesson_page_shows_the_real_board(client, db):
    for slug in GAMES:
        page = client.get(f"/learn/{slug}/").content.decode()
        assert 'class="board-svg' in page and 'id="lesson-panel"' in page, slug
    assert client.get("/learn/chess/").status_code == 404
    index = client.get("/learn/").content.decode()
    assert all(f'id="learn-{slug}"' in index for slug in GAMES)


def test_a_wrong_move_says_why_and_costs_a_star(client, db):
    client.get("/learn/powerdrain/")
    first = play(client, "powerdrain", {"type": "place", "at": [2, 2]})
    assert "Well done!" not in first and first.count('data-owner="1"') == 1  # Easy answered
    answer = play(client, "powerdrain", {"type": "place", "at": [0, 0]})
    assert "Well done!" in answer and 'hx-swap-oob="true"' in answer
    assert answer.count('name="csrfmiddlewaretoken" value="') >= 2  # its forms post
    client.post("/learn/powerdrain/step/1/")
    missed = play(client, "powerdrain", {"type": "place", "at": [4, 4]})
    assert "farthest from 8" in missed and "Try 2" in missed
    refused = play(client, "powerdrain", {"type": "place", "at": [9, 9]})
    assert 'class="message lesson-why"' in refused  # the engine's own refusal
    assert "Try 3" in refused
    done = play(client, "powerdrain", {"type": "place", "at": [0, 0]})
    assert "Well done!" in done
    row = Progress.objects.get(game="powerdrain")
    assert row.stars == {"place": 3, "voltage": 1} and row.user is None and row.visitor
    assert "This step is done" in play(client, "powerdrain", {"type": "place", "at": [1, 1]})
    for bad in ("not json {", '"place"', "[1, 2]"):
        answer = client.post("/learn/powerdrain/move/", {"move": bad}, **HX).content.decode()
        assert "That move" in answer, bad


def test_steps_open_one_after_another(client, db):
    client.get("/learn/powerdrain/")
    client.post("/learn/powerdrain/step/3/")
    assert Progress.objects.get(game="powerdrain").step == 0


def test_a_members_progress_is_theirs(client, alice):
    client.force_login(alice)
    play(client, "powerdrain", {"type": "place", "at": [2, 2]})
    play(client, "powerdrain", {"type": "place", "at": [0, 0]})
    assert Progress.objects.get(user=alice, game="powerdrain").stars == {"place": 3}


def test_the_invite_page_offers_a_newcomer_the_lesson(client, alice, bob):
    match = create_rigged(game="hive", creator=alice, options={}, seat=0)
    invite = f"/m/join/{match.invite}/"
    assert 'id="lesson-offer"' in client.get(invite).content.decode()
    client.force_login(alice)  # she sits at a Hive match: she knows the game
    alice_page = client.get(f"/m/{match.public_id}/join/")
    assert 'id="lesson-offer"' not in alice_page.content.decode()
    lobby = client.get("/").content.decode()
    assert 'href="/learn/hive/"' in lobby


def test_the_lesson_board_is_the_learners_seat_view(client, db):
    """Hidden information is taught honestly: the page shows the learner's own company and
    nobody else's (the seat's view, as in a match), then every company at the end."""
    page = client.get("/learn/high-voltage-companies/").content.decode()
    assert 'data-company="red"' in page and "hvc-company-tag c-blue" not in page
    assert "data-final-company" not in page
    progress = Progress.objects.get(game="high-voltage-companies")
    keys = [s.key for s in steps.lesson_of("high-voltage-companies").steps]
    progress.stars = dict.fromkeys(keys[:-1], 3)
    progress.save()
    assert keys[-1] == "end"
    client.post(f"/learn/high-voltage-companies/step/{len(keys) - 1}/")
    play(client, "high-voltage-companies", {"type": "rotate", "at": [3, 4], "rotation": 2})
    over = play(client, "high-voltage-companies", {"type": "end"})
    assert "Well done!" in over and 'data-final-company="blue"' in over


def test_the_last_step_offers_a_match_against_easy(client, alice):
    client.force_login(alice)
    client.get("/learn/powerdrain/")
    keys = [s.key for s in steps.lesson_of("powerdrain").steps]
    assert keys[-1] == "end"
    Progress.objects.filter(user=alice).update(
        step=len(keys) - 1, stars=dict.fromkeys(keys[:-1], 3)
    )
    done = play(client, "powerdrain", {"type": "place", "at": [0, 1]})
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', done))
    assert fields["opponent"] == "easy" and fields["game"] == "powerdrain"
    response = client.post("/matches/new/", fields)
    match = Match.objects.get()
    assert response.status_code == 302 and match.game == "powerdrain"
    assert sorted(s.user.username.startswith("computer") for s in match.seat_list()) == [
        False,
        True,
    ]


def test_a_finished_lesson_is_offered_no_more(client, alice, bob):
    match = create_rigged(game="powerdrain", creator=bob, options={}, seat=0)
    client.get("/learn/powerdrain/")
    keys = [s.key for s in steps.lesson_of("powerdrain").steps]
    Progress.objects.update(stars=dict.fromkeys(keys[:-1], 3))
    assert 'id="lesson-offer"' in client.get(f"/m/join/{match.invite}/").content.decode()
    Progress.objects.update(stars=dict.fromkeys(keys, 3))
    assert 'id="lesson-offer"' not in client.get(f"/m/join/{match.invite}/").content.decode()


def test_lesson_moves_are_throttled_like_a_matchs(client, db, settings):
    settings.MOVE_POSTS_PER_MINUTE = 2
    client.get("/learn/hive/")
    for _ in range(2):
        assert client.post("/learn/hive/move/", {"move": "{}"}, **HX).status_code == 200
    slowed = client.post("/learn/hive/move/", {"move": "{}"}, **HX)
    assert slowed.status_code == 429 and "Too many moves" in slowed.content.decode()
