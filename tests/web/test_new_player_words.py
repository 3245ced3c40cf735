"""Words a new player reads (issue #54, item 8): a German result sentence keeps its verb last
for every game's every reason ("Computer (Leicht) hat nach dem Legen der letzten Karte
gewonnen.", not "… hat nachdem die letzte Karte platziert war gewonnen."); the computer's
badge says the same word in English and German; a board whose pieces are placed, never moved,
says an occupied place is taken rather than that its piece cannot move."""

import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from games import services
from games.live.rendering import result_text
from games.registry import GAMES, LEAVE_WORDING, get_game

# Words that open a subordinate clause, whose verb comes last: such a clause cannot stand
# between "hat" and "gewonnen".
CLAUSE = re.compile(r"^(als|weil|nachdem|da|wenn|dass|indem|sobald)\b")


def _won(slug: str, reason: str, players: int = 2) -> str:
    match = SimpleNamespace(
        game=slug, players=players, aborted=False, result={"winners": [0], "reason": reason}
    )
    seats = [{"index": 0, "name": "Computer (Leicht)"}, {"index": 1, "name": "Bernadette"}]
    return result_text(match, seats, seat=None)


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_german_win_sentence_ends_with_its_verb(slug):
    reasons = [*get_game(slug).reasons, *LEAVE_WORDING]
    with translation.override("de"):
        for reason in reasons:
            for players in (2, 3):
                said = _won(slug, reason, players)
                assert said.endswith(" gewonnen."), said
                how = get_game(slug).reason_text(reason, players)
                assert not CLAUSE.match(how), said


def test_the_companies_card_ending_reads_in_german_word_order():
    with translation.override("de"):
        said = _won("high-voltage-companies", "cards")
    assert said == "Computer (Leicht) hat nach dem Legen der letzten Karte gewonnen."


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_computers_badge_is_one_word_in_both_languages(client, alice, language):
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    client.force_login(alice)
    page = client.get(f"/m/{match.public_id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    badges = re.findall(r'class="bot-mark"[^>]*>([^<]+)<', page)
    assert badges == ["Bot" if language == "de" else "bot"], badges


@pytest.mark.parametrize("language", ["en", "de"])
def test_placed_boards_say_a_taken_place_is_taken(client, alice, language):
    said = {
        "en": "That place is taken: pick a free highlighted one.",
        "de": "Dieses Feld ist schon besetzt: Wähle ein freies, hervorgehobenes.",
    }[language]
    for slug, placed in (("powerdrain", True), ("high-voltage", True), ("hive", False)):
        match = services.match_create(game=slug, creator=alice, seat=1, bots={0: "easy"})
        client.force_login(alice)
        page = client.get(f"/m/{match.public_id}/", HTTP_ACCEPT_LANGUAGE=language)
        html = page.content.decode()
        assert f'data-why-taken="{said}"' in html
        assert ("<svg data-placed " in html) is placed, slug


@pytest.mark.parametrize("language", ["en", "de"])
def test_powerdrains_scores_never_break_after_their_colon(client, alice, bob, language):
    from tests.analysis.support import finished_powerdrain

    match = finished_powerdrain(alice, bob)
    client.force_login(alice)
    html = client.get(f"/m/{match.public_id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    summary = re.search(r'<p class="pd-summary">([^<]+)</p>', html)[1]
    assert summary.count("\u00a0:\u00a0") == 2 and " : " not in summary, summary


@pytest.mark.parametrize("chip", ["HIGH VOLTAGE chip", "DANGER chip"])
def test_the_energy_chips_have_the_german_names_of_the_games_own_rules(chip):
    """The seed calls them ENERGIECHIP HIGH VOLTAGE and ENERGIECHIP DANGER, and the German
    rules page says "Energiechip HIGH VOLTAGE": the board's words name them the same way, not
    "HIGH-VOLTAGE-Chip" (issue #54)."""
    rules = (get_game("high-voltage-companies").directory / "rules.de.md").read_text()
    with translation.override("de"):
        german = translation.gettext(chip)
    assert german.startswith("Energiechip ") and german in rules, german


def test_a_profiles_record_names_each_game_in_the_pages_language(client, match, alice):
    """The record per game on a profile gives the game's German name, as the lists do: it
    read "High Voltage — power companies" on a German page (issue #54's screenshot pass)."""
    match.game, match.status = "high-voltage-companies", match.Status.FINISHED
    match.result = {"winners": [0], "scores": [3, 1], "reason": "quiet"}
    match.save(update_fields=["game", "status", "result"])
    page = client.get("/accounts/u/alice/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    row = re.search(r'<tr data-game="high-voltage-companies"><td>([^<]+)</td>', page)[1]
    assert row == "High Voltage — Stromgesellschaften", row
