"""Pages a new group finds before much is played (issue #54, items 6 and 7): the ladder
names its computer levels as the references its text says stand there, and says no program
has joined yet without contradicting itself; a leaderboard shows who is close to being listed
("3 more matches") rather than an empty table."""

from __future__ import annotations

import re

import pytest

from games.bot_accounts import bot_user
from ladder import services
from tests.ladder.test_ladder_services import program


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_new_ladder_lists_its_references_and_no_program(client, db, language):
    bot_user("easy")  # one level has played somewhere; the others have no account yet
    page = _text(client.get("/ladder/hive/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    names = {
        "en": ["Computer (Easy)", "Computer (Medium)", "Computer (Hard)"],
        "de": ["Computer (Leicht)", "Computer (Mittel)", "Computer (Schwer)"],
    }[language]
    for name in names:
        assert name in page, name
    assert page.count({"en": "reference", "de": "Maßstab"}[language]) >= 3
    said = {
        "en": "No program has joined this ladder yet",
        "de": "Noch kein Programm ist der Rangleiter beigetreten",
    }[language]
    assert said in page
    assert "No program is on this ladder" not in page


def test_a_ladder_with_a_program_says_nothing_of_none(client, db):
    services.ladder_join(user=program("ladder-one"), game="hive")
    page = _text(client.get("/ladder/hive/").content.decode())
    assert "ladder-one" in page and "Computer (Easy)" in page
    assert "No program has joined" not in page


def _rated(username: str, games: int, **fields):
    from accounts.models import User
    from ratings.models import Rating

    user = User.objects.create(username=username, **fields)
    Rating.objects.create(user=user, game="hive", mu=25.0, sigma=8.0, games=games)
    return user


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_new_groups_leaderboard_shows_who_is_close(client, db, language):
    _rated("seven", 7)
    _rated("three", 3)
    _rated("nine", 9)
    _rated("robo", 2, is_program=True)
    _rated("listed", 10)
    html = client.get("/leaderboard/hive/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    # Ten matches, but a provisional rating against no opponent yet: close, not listed.
    assert re.findall(r'data-user="([\w-]+)"', html) == []
    assert re.findall(r'data-close="([\w-]+)"', html) == [
        "listed",
        "nine",
        "seven",
        "three",
        "robo",
    ]
    close = _text(html.split('class="unsettled"', 1)[1])
    said = {
        "en": (
            "Not yet settled",
            "still settling",
            "1 more match",
            "3 more matches",
            "7 more matches",
        ),
        "de": (
            "Noch nicht eingestuft",
            "pendelt sich noch ein",
            "noch 1 Spiel",
            "noch 3 Spiele",
            "noch 7 Spiele",
        ),
    }
    for words in said[language]:
        assert words in close, words
    # Each player's matches come as a bar too: 9 of the 10 needed is 90 of the bar's 100.
    assert re.search(r'data-close="nine".*?class="done" width="90"', html, re.S)
    people = client.get("/leaderboard/hive/?who=people").content.decode()
    assert "robo" not in re.findall(r'data-close="([\w-]+)"', people)
