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
