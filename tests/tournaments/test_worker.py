"""The worker's part: steps found again after a restart (a lost task, a lost reaction), and
two workers taking each step once. The races are forced on PostgreSQL (tests/web/races.py;
``make test-scale``); on SQLite the racers take turns and only the outcome is checked."""

from __future__ import annotations

from functools import partial

import pytest

from games import events as match_events
from games.models import Match
from tests.tournaments.support import finish, make, members, refresh, running
from tests.web.races import race
from tournaments import reactions, services, tasks
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_restarted_worker_starts_a_tournament_whose_start_task_was_lost(clock):
    players = members(4)
    tournament = make(players[0], players=players)  # its start is scheduled, never run
    clock.now = tournament.starts_at + 30_000
    tasks.catch_up()
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.STARTED
    assert len(running(tournament, 1)) == 2


def finish_unheard(pairing: Pairing) -> None:
    """Ends ``pairing``'s match with its reaction lost: nobody records it."""
    match_events.match_finished.disconnect(dispatch_uid="tournament-match-end")
    try:
        finish(pairing)
    finally:
        match_events.match_finished.connect(
            reactions.on_match_finished, dispatch_uid="tournament-match-end"
        )
    assert Pairing.objects.get(pk=pairing.pk).places is None


def test_a_match_end_whose_reaction_was_lost_is_recorded_by_the_sweep(clock):
    """Three players, so that round 1 has a bye (a pairing without a match). The table's id
    is moved away from its match's, so that a sweep reading one for the other fails: the
    two ids come as the test database's sequences fall, and were once equal (every mutant
    of the sweep's module then "killed" in a mutation run)."""
    players = members(3)
    tournament = make(players[0], players=players)
    clock.now = tournament.starts_at
    tasks.catch_up()
    (pairing,) = running(refresh(tournament), 1)
    moved = pairing.match_id + 10_000
    Pairing.objects.filter(pk=pairing.pk).update(id=moved)
    pairing = Pairing.objects.get(pk=moved)
    finish_unheard(pairing)
    tasks.catch_up()
    assert Pairing.objects.get(pk=pairing.pk).places == [1, 2]
    clock.now = refresh(tournament).next_step_at
    tasks.catch_up()
    assert refresh(tournament).current_round == 2


def test_a_sweep_records_ends_not_recorded_yet_a_number_at_a_time(clock, monkeypatch):
    """The sweep takes only the ends still to record, so that those recorded already never
    fill its ``MISSED_PER_SWEEP`` (here one)."""
    monkeypatch.setattr(services, "MISSED_PER_SWEEP", 1)
    players = members(4)
    tournament = make(players[0], format="arena", players=players)
    clock.now = tournament.starts_at
    tasks.catch_up()
    heard, lost = running(refresh(tournament))  # tables 1 and 2
    finish(heard)  # recorded: its two wait for the other table
    finish_unheard(lost)
    tasks.catch_up()
    assert Pairing.objects.get(pk=lost.pk).places is not None


def test_two_workers_start_a_tournament_and_its_first_round_once(clock):
    players = members(6)
    tournament = make(players[0], players=players)
    clock.now = tournament.starts_at
    outcomes = race(
        [partial(services.tournament_advance, tournament_id=tournament.pk, now=clock.now)] * 2
    )
    assert sorted(outcomes) == [False, True], outcomes
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert Pairing.objects.filter(tournament=tournament).count() == 3
    assert Match.objects.count() == 3


def test_two_workers_start_the_next_round_once(clock):
    players = members(4)
    tournament = make(players[0], players=players)
    clock.now = tournament.starts_at
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    for pairing in running(refresh(tournament), 1):
        finish(pairing)
    clock.now = refresh(tournament).next_step_at
    outcomes = race(
        [partial(services.tournament_advance, tournament_id=tournament.pk, now=clock.now)] * 2
    )
    assert sorted(outcomes) == [False, True], outcomes
    assert list(Round.objects.filter(tournament=tournament).values_list("number", flat=True)) == [
        1,
        2,
    ]
    assert Pairing.objects.filter(tournament=tournament, round=2).count() == 2


def test_two_workers_record_a_match_end_once(clock):
    players = members(2)  # nobody else plays: the two meet again
    tournament = make(players[0], format="arena", players=players)
    clock.now = tournament.starts_at
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    pairing = running(refresh(tournament))[0]
    match_events.match_finished.disconnect(dispatch_uid="tournament-match-end")
    try:
        finish(pairing)
    finally:
        match_events.match_finished.connect(
            reactions.on_match_finished, dispatch_uid="tournament-match-end"
        )
    outcomes = race(
        [partial(services.pairing_record, match_id=pairing.match_id, now=clock.now)] * 2
    )
    assert sorted(o is None for o in outcomes) == [False, True], outcomes
    assert Pairing.objects.get(pk=pairing.pk).finished_order == 1
    # Its two players were paired again once, not twice.
    assert Pairing.objects.filter(tournament=tournament).count() == 2
