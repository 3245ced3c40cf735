"""The tournament pages: list, create form, a tournament's page with its standings,
crosstable or pairings, in English and German; the header links to the list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.clocks import TimeControl
from tests.tournaments.support import finish_round, make, members, refresh, start
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_header_links_the_list_which_shows_upcoming_running_and_finished(client, alice):
    upcoming = make(alice)
    page = client.get("/")
    assert reverse("tournaments:list") in page.content.decode()
    text = client.get(reverse("tournaments:list")).content.decode()
    assert upcoming.name in text and "Upcoming" in text and "Finished" in text
    hidden = make(alice, private=True)
    assert hidden.get_absolute_url() not in client.get(reverse("tournaments:list")).content.decode()


def test_a_member_creates_a_private_swiss_and_gets_its_invite_link(client, alice):
    client.force_login(alice)
    answer = client.post(
        reverse("tournaments:new"),
        {
            "name": "Class 7b",
            "game": "powerdrain",
            "table_size": "2",
            "format": "swiss",
            "rounds": "3",
            "time_control": "1+0",
            "start": "in",
            "start_in": "5",
            "max_players": "30",
            "private": "1",
            "join": "1",
        },
    )
    tournament = Tournament.objects.get()
    assert answer.status_code == 302, [str(m) for m in answer.context["messages"]]
    assert tournament.invite in answer["Location"]
    assert tournament.private and not tournament.rated and tournament.rounds == 3
    assert Entry.objects.filter(tournament=tournament, user=alice).exists()
    page = client.get(answer["Location"]).content.decode()
    assert "Invite link" in page and tournament.invite in page
    client.logout()
    assert client.get(tournament.get_absolute_url()).status_code == 404
    assert client.get(answer["Location"]).status_code == 200


def test_bad_terms_are_refused_with_a_reason_and_make_nothing(client, alice):
    client.force_login(alice)
    page = client.post(
        reverse("tournaments:new"),
        {"name": "x", "game": "hive", "format": "arena", "minutes": "7", "time_control": "5+3"},
        follow=True,
    )
    assert "An Arena lasts" in page.content.decode()
    assert not Tournament.objects.exists()


def test_a_running_swiss_shows_standings_bars_and_pairings_in_german(client, clock):
    players = members(4)
    tournament = start(make(players[0], players=players, rounds=3), clock)
    finish_round(tournament, 1)
    tournament = refresh(tournament)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="tournament-live"' in page and "<svg" in page and "points-bars" in page
    assert "Tabelle" in page and "Runde 1" in page
    for player in players:
        assert player.username in page


def test_a_round_robin_shows_its_crosstable(client, clock):
    players = members(3)
    tournament = start(make(players[0], format="round-robin", players=players), clock)
    finish_round(tournament, 1)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Crosstable" in page and 'class="self"' in page


def test_a_tournament_that_ended_for_want_of_players_says_so_in_english_and_german(client, clock):
    (alone,) = members(1)
    lonely = start(make(alone, players=[alone]), clock)
    assert lonely.status == Tournament.Status.FINISHED
    page = client.get(lonely.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Not enough players joined" in page
    page = client.get(lonely.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "nicht genug Spieler beigetreten" in page
    # One that was played says nothing of the kind.
    players = members(2, prefix="q")
    terms = {"now": clock.now, "starts_at": clock.now + 60_000}
    played = start(make(players[0], players=players, rounds=1, **terms), clock)
    finish_round(played, 1)
    played = refresh(played)
    assert played.status == Tournament.Status.FINISHED
    page = client.get(played.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Not enough players joined" not in page


def test_points_of_a_table_of_four_are_written_as_the_language_writes_decimals(client, clock):
    players = members(4)
    tournament = make(
        players[0],
        players=players,
        game="high-voltage-companies",
        table_size=4,
        time_control=TimeControl.parse("10+5"),
    )
    finish_round(start(tournament, clock), 1)  # 1, ⅔, ⅓ and 0 points
    english = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content
    german = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content
    assert b"0.67" in english and b"0,67" not in english
    assert "0,67" in german.decode() and "0.67" not in german.decode()


def test_the_german_form_names_power_companies_as_the_game_list_does(client, alice):
    client.force_login(alice)
    page = client.get(reverse("tournaments:new"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Stromgesellschaften spielt man zu dritt" in page and "Stromkonzerne" not in page


def test_a_finished_tournament_match_names_its_tournament_and_leads_back_not_to_a_rematch(
    client, clock
):
    from games.errors import Refused
    from games.rematches import rematch_offer
    from tournaments.models import Pairing

    players = members(2)
    tournament = start(make(players[0], players=players, rounds=3), clock)
    finish_round(tournament, 1)
    match = Pairing.objects.filter(tournament=tournament).exclude(match=None).get().match
    client.force_login(match.seat_list()[0].user)
    back = reverse("tournaments:detail", args=[tournament.public_id])
    for language, words in (("en", "Back to the tournament"), ("de", "Zurück zum Turnier")):
        page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
        text = page.content.decode()
        assert tournament.name in text and f'href="{back}"' in text and words in text
        assert "games/rematch" not in text and 'class="button small rematch"' not in text
    with pytest.raises(Refused):
        rematch_offer(match_id=match.pk, user=match.seat_list()[0].user)


def test_an_arena_whose_time_is_up_says_its_last_matches_still_count_in_english_and_german(
    client, clock
):
    from tournaments import services

    players = members(2)
    tournament = start(make(players[0], format="arena", minutes=10, players=players), clock)
    clock.now = tournament.ends_at
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    url = tournament.get_absolute_url()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Time is up: 1 match is still being played, and counts." in page
    assert "ends in" not in page
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Die Zeit ist um: 1 Partie wird noch gespielt und zählt." in page
