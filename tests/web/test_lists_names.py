"""History, watch, lobby and profile rows: names link to profiles, scores and results show,
the player filter takes part of a name, and an unknown game is named."""

import pytest

from games import services
from tests.web.test_history import play_out


@pytest.fixture
def finished(match, alice, bob):
    return play_out(match, [alice, bob])


def test_history_rows_link_names_show_the_score_and_filter_by_part_of_a_name(client, finished):
    page = client.get("/history/").content.decode()
    assert 'href="/accounts/u/alice/"' in page and 'href="/accounts/u/bob/"' in page
    assert f'<span class="score-text">{finished.score_text}</span>' in page
    assert "\u00a0:\u00a0" in finished.score_text  # a line never ends after its colon
    assert client.get("/history/", {"player": "LIC"}).content.decode().count("history-row") == 1
    assert client.get("/history/", {"player": "zed"}).content.decode().count("history-row") == 0


def test_an_unknown_game_in_the_history_filter_is_named(client, finished):
    page = client.get("/history/", {"game": "chess"}).content.decode()
    assert "There is no game called “chess”" in page and page.count("history-row") == 1
    assert "There is no game called" not in client.get("/history/").content.decode()


def test_profile_rows_say_whether_its_owner_won(client, finished, alice, bob):
    winner = finished.result["winners"][0]
    won, lost = (alice, bob) if winner == 0 else (bob, alice)
    assert finished.result_for(won) == "won" and finished.result_for(lost) == "lost"
    page = client.get(f"/accounts/u/{won.username}/").content.decode()
    assert '<span class="owner-result won">won</span>' in page and finished.score_text in page
    page = client.get(f"/accounts/u/{lost.username}/").content.decode()
    assert '<span class="owner-result lost">lost</span>' in page


def test_watch_and_lobby_rows_link_names(client, match, alice, carol):
    watch = client.get("/watch/").content.decode()
    assert 'href="/accounts/u/alice/"' in watch and 'href="/accounts/u/bob/"' in watch
    services.match_create(game="hive", creator=alice, seat=0)
    client.force_login(carol)
    lobby = client.get("/").content.decode()
    assert lobby.count('href="/accounts/u/alice/"') >= 2  # an open row and a live row


@pytest.mark.parametrize(("language", "said"), [("en", "(voltage)"), ("de", "(Gesamtspannung)")])
def test_a_lobby_row_names_the_tie_break_that_decided_equal_scores(
    client, match, alice, language, said
):
    """Powerdrain's active plugs tied 8 : 8 and total voltage decided (docs/rules.md §6): the
    row says so rather than a bare "won 8 : 8" (issue #54)."""
    match.status = match.Status.FINISHED
    match.result = {"winners": [0], "scores": [8, 8], "reason": "voltage"}
    match.save(update_fields=["status", "result"])
    client.force_login(alice)
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'8\u00a0:\u00a08 <span class="tie-break">{said}</span>' in page
    match.result = {"winners": [0], "scores": [9, 8], "reason": "active plugs"}
    match.save(update_fields=["result"])
    assert "tie-break" not in client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    # A win on time at equal scores is no tie-break: not "won 0 : 0 (lost on time)".
    match.result = {"winners": [0], "scores": [0, 0], "reason": "time"}
    match.save(update_fields=["result"])
    assert "tie-break" not in client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_result_is_said_only_of_a_finished_match_and_to_its_players(match, alice, bob, carol):
    from games.models import Match

    assert match.result_for(alice) is None  # still running
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, result={"winners": []})
    match.refresh_from_db()
    assert match.result_for(alice) == match.result_for(bob) == "drawn"
    assert match.result_for(carol) is None  # not a player
