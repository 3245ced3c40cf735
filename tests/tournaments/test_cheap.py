"""Cheap tournaments (issue #55): one that starts at once with nobody in ends at once, so the
cap on a member's upcoming tournaments counts those that ended unplayed within the hour
(docs/rules.md §8.5); and a round is made on the play lane's worker, a step of tables at a
time, never inside the creator's request, with its progress on the page (EN and DE)."""

from __future__ import annotations

import pytest
from huey.contrib.djhuey import HUEY

from games.errors import Refused
from tests.tournaments.support import T0, make, members, refresh
from tournaments import selectors, services
from tournaments.directors import rounds
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_tournaments_that_ended_unplayed_count_against_the_cap_for_an_hour(clock):
    (maker,) = members(1)
    for _ in range(services.UPCOMING_PER_CREATOR):
        made = make(maker, now=clock.now, starts_at=clock.now)
        services.tournament_advance(tournament_id=made.pk, now=clock.now)
        assert selectors.unplayed(refresh(made))
    with pytest.raises(Refused, match="ended unplayed"):
        make(maker, now=clock.now, starts_at=clock.now)
    assert Tournament.objects.count() == services.UPCOMING_PER_CREATOR  # refused: nothing made
    clock.now += services.UNPLAYED_COUNTS_MS + 1
    make(maker, now=clock.now, starts_at=clock.now + 60_000)


def test_one_that_was_played_frees_its_place(clock):
    players = members(2)
    for _ in range(services.UPCOMING_PER_CREATOR):
        made = make(players[0], players=players, now=clock.now, starts_at=clock.now + 60_000)
        clock.now += 60_000
        services.tournament_advance(tournament_id=made.pk, now=clock.now)
        assert refresh(made).status == Tournament.Status.STARTED
    make(players[0], now=clock.now, starts_at=clock.now + 60_000)


def play_lane(most: int = 100) -> int:
    """Runs up to ``most`` tasks due now on the play lane's queue, as its worker does (the
    ones for later, an announced start, are left out); how many."""
    count = 0
    while count < most and HUEY.pending_count():
        task = HUEY.dequeue()
        if task.eta is None:
            HUEY.execute(task)
            count += 1
    return count


def test_start_now_leaves_the_round_to_the_worker_which_makes_it_in_steps_shown_on_the_page(
    client, clock, monkeypatch
):
    HUEY.flush()
    monkeypatch.setattr(HUEY, "_immediate", False)  # queued in memory, run below
    monkeypatch.setattr(rounds, "TABLES_PER_STEP", 2)
    players = members(6)
    tournament = make(players[0], format="round-robin", players=players, now=T0)
    services.tournament_start_now(public_id=tournament.public_id, user=players[0], now=clock.now)
    # The request made no round, no match: the step is the worker's.
    assert not Round.objects.exists() and not Pairing.objects.exists()
    assert refresh(tournament).status == Tournament.Status.CREATED
    assert HUEY.pending_count() >= 1
    # Until then the page says the round is coming, not "Upcoming" with a countdown at 0.
    url = tournament.get_absolute_url()
    for language, words in (
        ("en", 'Starting</strong> · <span class="making">Round 1 is being made.'),
        ("de", 'Beginnt</strong> · <span class="making">Runde 1 wird vorbereitet.'),
    ):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page and "data-countdown-at" not in page
    assert play_lane(most=1) == 1  # the worker's first step: the plan and two tables
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.STARTED and tournament.current_round == 1
    assert selectors.making(tournament) == {"n": 1, "made": 2, "total": 3}
    assert selectors.countdown(tournament) is None
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 1 is being made: 2 of 3 tables ready." in page
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1 wird vorbereitet: 2 von 3 Tischen sind bereit." in page
    assert play_lane() >= 1  # the next step was due at once, and queued
    tournament = refresh(tournament)
    assert selectors.making(tournament) is None
    assert Pairing.objects.filter(round=1).exclude(match=None).count() == 3
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "is being made" not in page


def test_a_table_whose_player_withdrew_before_it_was_seated_is_forfeited(clock, monkeypatch):
    monkeypatch.setattr(rounds, "TABLES_PER_STEP", 1)
    players = members(4)
    tournament = make(players[0], format="round-robin", players=players, now=T0)
    clock.now = tournament.starts_at
    with monkeypatch.context() as lane:
        lane.setattr(HUEY, "_immediate", False)
        services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
        HUEY.flush()
    first, second = Pairing.objects.filter(round=1).order_by("table")
    assert first.match_id and second.match_id is None
    leaving = second.seats[1]
    services.tournament_withdraw(
        public_id=tournament.public_id,
        user=players[[p.pk for p in players].index(leaving)],
        now=clock.now,
    )
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    second.refresh_from_db()
    assert second.match_id is None and second.forfeit == [False, True]
    assert second.places == [1, 2]


def test_an_arena_started_now_says_its_first_pairings_are_coming_until_the_worker_pairs(
    client, clock, monkeypatch
):
    HUEY.flush()
    monkeypatch.setattr(HUEY, "_immediate", False)  # queued in memory, run below
    players = members(2)
    tournament = make(players[0], format="arena", players=players, now=T0)
    services.tournament_start_now(public_id=tournament.public_id, user=players[0], now=clock.now)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Die ersten Paarungen werden gebildet." in page and "data-countdown-at" not in page
    assert play_lane() >= 1
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "being made" not in page and "ends in" in page
