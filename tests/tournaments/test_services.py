"""The tournament services with a clock the test moves: create, join, start, rounds from
match ends, byes, late joins, withdrawals, forfeits and the close."""

from __future__ import annotations

import re

import pytest

from games.errors import Refused
from games.models import Match
from games.services import clock_flag, match_create, match_resign
from tests.conftest import every_seat_moves
from tests.tournaments.support import (
    START,
    T0,
    finish,
    finish_round,
    make,
    members,
    next_round,
    refresh,
    running,
    start,
)
from tests.web.support import play_a_move
from tournaments import directing, formats, reactions, selectors, services, tasks
from tournaments.directors import rounds
from tournaments.directors.rounds import round_pause_ms
from tournaments.messages import tournament_updated
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def whole(message: str) -> str:
    """A refusal's whole message, for ``pytest.raises(match=...)``."""
    return f"^{re.escape(message)}$"


def test_a_swiss_runs_its_rounds_from_match_ends_and_closes(clock, settings):
    settings.TOURNAMENT_ROUND_PAUSE_SECONDS = 4.5
    players = members(4)
    tournament = make(players[0], players=players, rounds=3)
    assert not services.tournament_advance(tournament_id=tournament.pk, now=T0)
    tournament = start(tournament, clock)
    assert tournament.status == Tournament.Status.STARTED and tournament.current_round == 1
    assert len(running(tournament, 1)) == 2
    assert tournament.next_step_at is None  # seated: nothing is due until its matches end
    clock.advance(5_000)
    finish_round(tournament, 1)
    tournament = refresh(tournament)
    # Real time: the next round waits for its pause, then the worker starts it.
    assert tournament.current_round == 1
    assert tournament.next_step_at == clock.now + 4_500 == clock.now + round_pause_ms()
    assert not services.tournament_advance(
        tournament_id=tournament.pk, now=tournament.next_step_at - 1
    )
    for number in (2, 3):
        tournament = next_round(tournament, clock)
        assert tournament.current_round == number
        finish_round(tournament, number)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    table = selectors.ranking(tournament)
    assert sum(s.points for s in table) == 6  # two matches a round, a point each
    assert Pairing.objects.filter(tournament=tournament).count() == 6


def test_guests_the_computer_and_a_full_tournament_are_refused(alice, bob, carol):
    guest = members(1, "g")[0]
    guest.is_guest = True
    guest.save()
    tournament = make(alice, max_players=2)
    with pytest.raises(Refused):
        services.tournament_join(public_id=tournament.public_id, user=guest, now=T0)
    services.tournament_join(public_id=tournament.public_id, user=alice, now=T0)
    services.tournament_join(public_id=tournament.public_id, user=bob, now=T0)
    with pytest.raises(Refused, match="full"):
        services.tournament_join(public_id=tournament.public_id, user=carol, now=T0)
    assert Entry.objects.filter(tournament=tournament).count() == 2


def test_a_private_tournament_needs_its_invite(alice, bob):
    tournament = make(alice, private=True)
    with pytest.raises(services.NotFound):
        services.tournament_join(public_id=tournament.public_id, user=bob, now=T0)
    services.tournament_join(
        public_id=tournament.public_id, user=bob, invite=tournament.invite, now=T0
    )
    assert not refresh(tournament).rated  # a private match is never rated (§7.6)


def test_a_late_joiner_gets_half_byes_until_half_the_rounds(clock):
    players = members(5)
    tournament = make(players[0], players=players[:4], rounds=4)
    tournament = start(tournament, clock)
    services.tournament_join(public_id=tournament.public_id, user=players[4], now=clock.now)
    entry = Entry.objects.get(tournament=tournament, user=players[4])
    assert entry.joined_round == 2
    finish_round(tournament, 1)
    tournament = next_round(tournament, clock)
    points = {s.key: s.points for s in selectors.ranking(tournament)}
    assert points[str(players[4].pk)] == 0.5
    # Round 2 is half of four: still open (docs/rules.md §8.5).
    edge = members(1, "edge")[0]
    services.tournament_join(public_id=tournament.public_id, user=edge, now=clock.now)
    assert Entry.objects.get(tournament=tournament, user=edge).joined_round == 3
    finish_round(tournament, 2)
    tournament = next_round(tournament, clock)
    assert tournament.current_round == 3
    late = members(1, "late")[0]
    with pytest.raises(Refused, match="no more players"):
        services.tournament_join(public_id=tournament.public_id, user=late, now=clock.now)


def test_a_missed_first_move_loses_and_two_withdraw_from_a_swiss(clock):
    """Four rounds, so that round 2 still takes players: the player withdrawn for two missed
    first moves is not one of them."""
    players = members(2)
    tournament = start(make(players[0], players=players, rounds=4), clock)
    absent = None
    for number in (1, 2):
        (pairing,) = running(tournament, number)
        absent = pairing.seats[0] if absent is None else absent
        seat = pairing.seats.index(absent)
        match = pairing.match
        if seat == 1:  # the other moves first; then the absent player's first turn runs
            match = play_a_move(match)
        # The absent player does not move: their 30 seconds pass and the match is aborted
        # (docs/rules.md §7.3), which the tournament counts as their loss by forfeit.
        clock.now = match.deadline
        assert clock_flag(match_id=match.pk, now=clock.now)
        pairing.refresh_from_db()
        assert pairing.forfeit[seat] and not pairing.forfeit[1 - seat]
        assert pairing.places[seat] == 2 and pairing.places[1 - seat] == 1
        if number == 1:
            tournament = next_round(tournament, clock)
    entry = Entry.objects.get(tournament=tournament, user_id=absent)
    assert entry.missed == 2 and entry.withdrawn
    with pytest.raises(Refused, match=whole("You were withdrawn for missing two first moves.")):
        services.tournament_join(public_id=tournament.public_id, user=entry.user, now=clock.now)
    assert Entry.objects.get(pk=entry.pk).withdrawn


def test_an_arena_pairs_players_again_as_their_matches_end_until_its_end(clock):
    players = members(4)
    tournament = start(make(players[0], format="arena", players=players, minutes=10), clock)
    assert len(running(tournament)) == 2
    first = running(tournament)
    finish(first[0])
    # The two who just met wait while the other two play, as in lichess's Arena: no rematch.
    assert len(running(tournament)) == 1
    finish(running(tournament)[0])
    # Then all four wait, and are paired at once, each against someone new.
    second = running(tournament)
    assert len(second) == 2
    met = [set(p.seats) for p in first]
    assert all(set(p.seats) not in met for p in second)
    assert Pairing.objects.filter(tournament=tournament).count() == 4
    services.tournament_pause(
        public_id=tournament.public_id, user=players[0], paused=True, now=clock.now
    )
    clock.now = refresh(tournament).ends_at
    assert services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    # Time is up, but the matches begun before are played out: it has not finished yet.
    assert refresh(tournament).status == Tournament.Status.STARTED
    for pairing in running(tournament):  # their first movers' 30 seconds are long past
        assert clock_flag(match_id=pairing.match_id, now=clock.now)
    assert not running(tournament)
    assert refresh(tournament).status == Tournament.Status.FINISHED
    assert Pairing.objects.filter(tournament=tournament).count() == 4  # none after the end
    assert all(p.places for p in Pairing.objects.filter(tournament=tournament))
    # An Arena's tables are numbered on from 1 as they are made, all in its round 0.
    tables = Pairing.objects.filter(tournament=tournament).order_by("id")
    assert [(p.round, p.table) for p in tables] == [(0, 1), (0, 2), (0, 3), (0, 4)]


def test_too_few_players_end_it_unplayed(alice, clock):
    tournament = start(make(alice, players=[alice]), clock)
    assert tournament.status == Tournament.Status.FINISHED
    assert not Match.objects.exists()


def test_an_arena_player_who_missed_a_first_move_is_paused_until_they_join_again(clock):
    players = members(2)
    tournament = start(make(players[0], format="arena", players=players), clock)
    (pairing,) = running(tournament)
    clock.now = pairing.match.deadline
    assert clock_flag(match_id=pairing.match_id, now=clock.now)
    absent = Entry.objects.get(tournament=tournament, user_id=pairing.seats[0])
    assert absent.paused and absent.missed == 1
    assert not running(tournament)  # the other waits: nobody to pair with
    services.tournament_join(public_id=tournament.public_id, user=absent.user, now=clock.now)
    assert not Entry.objects.get(pk=absent.pk).paused
    assert len(running(tournament)) == 1


def test_a_player_joins_a_running_arena_waiting_unless_still_at_their_table(clock):
    """An Arena takes players while it runs (docs/rules.md §8.5): one who joins waits and is
    paired at once with another waiting player; one who withdrew and comes back while their
    match still goes on waits only once it has ended."""
    a, b, c, d, e = players = members(5)
    tournament = start(make(a, format="arena", players=players[:4]), clock)
    (first,) = (p for p in running(tournament) if a.pk in p.seats)
    partner = next(u for u in (b, c, d) if u.pk in first.seats)

    def entry(user):
        return Entry.objects.get(tournament=tournament, user=user)

    clock.advance(1_000)
    services.tournament_withdraw(public_id=tournament.public_id, user=a, now=clock.now)
    services.tournament_join(public_id=tournament.public_id, user=a, now=clock.now)
    assert entry(a).waiting_since is None and not entry(a).withdrawn  # still at their table
    assert len(running(tournament)) == 2
    clock.advance(1_000)
    finish(first)  # the two who just met wait for the others' table
    assert entry(a).waiting_since == clock.now and len(running(tournament)) == 1
    clock.advance(1_000)
    # The partner leaves and comes back: their table has ended, so they wait from now.
    services.tournament_withdraw(public_id=tournament.public_id, user=partner, now=clock.now)
    services.tournament_join(public_id=tournament.public_id, user=partner, now=clock.now)
    assert entry(partner).waiting_since == clock.now
    clock.advance(1_000)
    services.tournament_join(public_id=tournament.public_id, user=e, now=clock.now)
    (table,) = (p for p in running(tournament) if e.pk in p.seats)
    assert set(table.seats) & {a.pk, partner.pk}  # paired at once with one who waited
    assert entry(e).waiting_since is None


def test_an_arena_player_who_pauses_at_their_table_and_comes_back_waits_once_it_ends(clock):
    """Coming back from a pause during one's own match does not make one wait while it goes
    on: nobody sits at two tables (docs/rules.md §8.5, "Pausing in an Arena")."""
    players = members(4)
    tournament = start(make(players[0], format="arena", players=players), clock)
    mine = next(p for p in running(tournament) if players[0].pk in p.seats)
    (other,) = (p for p in running(tournament) if p.pk != mine.pk)
    for paused in (True, False):
        services.tournament_pause(
            public_id=tournament.public_id, user=players[0], paused=paused, now=clock.now
        )
    back = Entry.objects.get(tournament=tournament, user=players[0])
    assert not back.paused and back.waiting_since is None
    clock.advance(1_000)
    finish(other)  # its two wait: they just met, and nobody else waits
    assert [p.pk for p in running(tournament)] == [mine.pk]
    finish(mine)  # then all four wait, and are paired at once
    assert len(running(tournament)) == 2


def test_an_arena_player_back_from_a_pause_as_its_clock_runs_out_is_paired_no_more(clock):
    """docs/rules.md §8.4, "The end": at its end an Arena pairs nobody, though two wait."""
    players = members(5)
    tournament = start(make(players[0], format="arena", players=players), clock)
    first, second = running(tournament)
    (alone,) = (u for u in players if not any(u.pk in p.seats for p in (first, second)))
    services.tournament_pause(
        public_id=tournament.public_id, user=alone, paused=True, now=clock.now
    )
    finish(first)  # its two wait: they just met, and the other table plays on
    clock.now = tournament.ends_at
    services.tournament_pause(
        public_id=tournament.public_id, user=alone, paused=False, now=clock.now
    )
    assert [p.pk for p in running(tournament)] == [second.pk]


def test_a_correspondence_round_starts_at_its_deadline_if_the_last_has_not_ended(clock):
    from games.clocks import TimeControl

    players = members(4)
    tournament = make(
        players[0], players=players, time_control=TimeControl.parse("2d"), round_days=1
    )
    tournament = start(tournament, clock)
    first = tournament.round_set.get(number=1)
    assert first.deadline == clock.now + 24 * 3600 * 1000
    slow, quick = running(tournament, 1)
    finish(quick)
    assert refresh(tournament).current_round == 1  # one match still runs: no pause, no round
    clock.now = first.deadline - 1
    every_seat_moves(slow.match)  # slow, but within its days per move
    tasks.catch_up()
    assert refresh(tournament).current_round == 1
    clock.now = first.deadline
    tasks.catch_up()  # the worker's sweep, as after a restart
    tournament = refresh(tournament)
    assert tournament.current_round == 2 and len(running(tournament, 2)) == 2
    # Round 2 has ended though round 1's slow match goes on: round 3 starts at once (no
    # pause between correspondence rounds).
    finish_round(tournament, 2)
    tournament = refresh(tournament)
    assert tournament.current_round == 3 and len(running(tournament, 3)) == 2
    finish_round(tournament, 3)  # the last round has ended, but a match of round 1 has not
    assert refresh(tournament).status == Tournament.Status.STARTED
    finish(slow)  # still counts when it ends
    assert Pairing.objects.get(pk=slow.pk).places is not None
    assert sum(s.points for s in selectors.ranking(tournament)) == 6
    assert refresh(tournament).status == Tournament.Status.FINISHED


def test_a_player_the_match_services_refuse_a_seat_forfeits_and_the_others_play_on(clock, settings):
    players = members(4)
    tournament = start(make(players[0], format="arena", players=players), clock)
    first = running(tournament)[0]
    # Its first seat opens a match of their own, and may then hold one match at once
    # (games.services' limit, which holds for tournaments too).
    busy = first.match.seat_list()[0].user
    match_create(game="powerdrain", creator=busy, seat=0)
    settings.RUNNING_MATCHES_PER_PERSON = 1
    finish(first)
    finish(running(tournament)[0])  # all four wait: the next pairing is made
    # Paired again, they are refused a seat: a forfeit, and they are paused.
    again = next(
        p
        for p in Pairing.objects.filter(tournament=tournament).order_by("-id")
        if busy.pk in p.seats
    )
    lost = [u == busy.pk for u in again.seats]
    assert again.match is None and again.forfeit == lost and again.places == [1 + x for x in lost]
    refused = Entry.objects.get(tournament=tournament, user=busy)
    (other,) = (
        Entry.objects.get(tournament=tournament, user_id=u) for u in again.seats if u != busy.pk
    )
    assert refused.paused and not other.paused and other.waiting_since is not None
    # The forfeit counts after the two matches that ended before it: an Arena's streaks
    # read its results in that order (docs/rules.md §8.4), and it once came first of all.
    assert [r.forfeit for r in selectors.results(tournament)][-1] == tuple(lost)


def test_tournament_matches_are_not_refused_by_the_hourly_seat_limit_which_still_holds(
    clock, settings
):
    """A fast Arena pairs a player again after every match: the limit on the new matches a
    person makes an hour is not the tournament's to hit (it forfeited and paused them)."""
    settings.NEW_MATCHES_PER_HOUR = 1
    players = members(2)
    tournament = start(make(players[0], format="arena", players=players), clock)
    for _ in range(3):
        (pairing,) = running(tournament)
        finish(pairing)
    pairings = Pairing.objects.filter(tournament=tournament)
    assert pairings.count() == 4 and all(p.match_id and not any(p.forfeit) for p in pairings)
    assert not Entry.objects.filter(tournament=tournament, paused=True).exists()
    # A person's own matches still meet it, and the tournament's did not use it up.
    match_create(game="powerdrain", creator=players[0], seat=0)
    with pytest.raises(Refused, match="this hour"):
        match_create(game="powerdrain", creator=players[0], seat=0)


def test_a_round_robin_player_may_withdraw_and_their_tables_left_are_forfeits(clock):
    players = members(4)
    tournament = start(make(players[0], format="round-robin", players=players), clock)
    assert tournament.rounds == 6  # three rounds a leg, two legs
    leaver = players[3]
    services.tournament_withdraw(public_id=tournament.public_id, user=leaver, now=clock.now)
    finish_round(tournament, 1)  # their match of round 1 goes on, and counts
    for number in range(2, 7):
        tournament = next_round(tournament, clock)
        assert tournament.current_round == number
        forfeits = Pairing.objects.filter(tournament=tournament, round=number, match=None)
        (table,) = forfeits
        assert leaver.pk in table.seats and table.places is not None
        assert table.forfeit == [u == leaver.pk for u in table.seats]
        assert all(leaver.pk not in p.seats for p in running(tournament, number))
        finish_round(tournament, number)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    rows = {s.key: s for s in selectors.ranking(tournament)}
    # Every opponent scored their five tables against the leaver after round 1 as wins.
    assert rows[str(leaver.pk)].points <= 1
    assert sum(r.points for r in rows.values()) == 12  # 6 rounds × 2 tables, one point each


def test_a_round_robin_plays_the_schedule_of_its_seeds_every_leg_of_the_encounter(clock):
    """The schedule is the seeds' (the order the players joined, docs/rules.md §8.2), not the
    order their entries were written, and an encounter of four plays four legs."""
    players = members(4)
    tournament = make(players[0], format="round-robin", encounter=4)
    for i, user in enumerate(players):  # each written after the one before, joined before it
        services.tournament_join(public_id=tournament.public_id, user=user, now=T0 + 10 - i)
    tournament = start(tournament, clock)
    assert tournament.rounds == 12  # three rounds a leg, four legs
    seeded = [str(u.pk) for u in reversed(players)]
    assert [e.user_id for e in Entry.objects.filter(tournament=tournament).order_by("seed")] == [
        int(k) for k in seeded
    ]
    planned = formats.round_robin_schedule(seeded, matches_per_encounter=4)[0]
    by_rows = formats.round_robin_schedule([str(u.pk) for u in players], matches_per_encounter=4)
    assert planned.tables != by_rows[0].tables  # the two orders seat round 1 differently
    made = Pairing.objects.filter(tournament=tournament, round=1).order_by("table")
    assert [tuple(str(u) for u in p.seats) for p in made] == [t.seats for t in planned.tables]
    assert [p.table for p in made] == [1, 2]
    seeds = Entry.objects.filter(tournament=tournament).values_list("seed", flat=True)
    assert sorted(seeds) == [1, 2, 3, 4]


def test_a_swiss_player_may_withdraw_until_half_its_rounds_and_not_after(clock):
    """Four rounds: withdrawing is open through round 2 (half of them) and refused in round
    3, the entry left as it was (docs/rules.md §8.5)."""
    players = members(6)
    tournament = start(make(players[0], players=players, rounds=4), clock)
    services.tournament_withdraw(public_id=tournament.public_id, user=players[5], now=clock.now)
    finish_round(tournament, 1)
    tournament = next_round(tournament, clock)
    assert tournament.current_round == 2
    services.tournament_withdraw(public_id=tournament.public_id, user=players[4], now=clock.now)
    finish_round(tournament, 2)
    tournament = next_round(tournament, clock)
    assert tournament.current_round == 3
    with pytest.raises(
        Refused, match=whole("Past half its rounds, nobody withdraws from a Swiss.")
    ):
        services.tournament_withdraw(public_id=tournament.public_id, user=players[3], now=clock.now)
    entry = Entry.objects.get(tournament=tournament, user=players[3])
    assert not entry.withdrawn
    withdrawn = Entry.objects.filter(tournament=tournament, withdrawn=True)
    assert {e.user_id for e in withdrawn} == {players[4].pk, players[5].pk}


def test_an_arena_whose_time_is_up_counts_the_match_still_played_and_then_finishes(clock):
    """docs/rules.md §8.4, "The end": it said "finished" while a match was still played,
    and that match changed the final standings later."""
    players = members(3)
    tournament = start(make(players[0], format="arena", players=players[:2]), clock)
    (pairing,) = running(tournament)
    every_seat_moves(pairing.match)  # then the one to move lets their clock run out
    clock.now = tournament.ends_at
    assert services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.STARTED
    assert selectors.finishing(tournament) == 1 and selectors.countdown(tournament) is None
    with pytest.raises(Refused):  # time is up: nobody new
        services.tournament_join(public_id=tournament.public_id, user=players[2], now=clock.now)
    assert not services.tournament_advance(tournament_id=tournament.pk, now=clock.now + 60_000)
    assert clock_flag(match_id=pairing.match_id, now=clock.now + 60_000)  # ends after, counts
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.ends_at == tournament.starts_at + 10 * 60_000  # the clock's end
    assert sorted(s.points for s in selectors.ranking(tournament)) == [0, 2]
    assert Pairing.objects.filter(tournament=tournament).count() == 1  # nobody paired again


@pytest.mark.parametrize("format", ["swiss", "round-robin", "arena"])
def test_an_upcoming_tournament_ended_by_its_creator_ends_unplayed_at_once(clock, format):
    """docs/rules.md §8.5, "Ended early by its creator": an upcoming one ends unplayed."""
    players = members(2)
    tournament = make(players[0], format=format, players=players)
    clock.advance(5_000)
    directing.tournament_terminate(public_id=tournament.public_id, user=players[0], now=clock.now)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.ends_at == clock.now and tournament.next_step_at is None
    assert not services.tournament_advance(tournament_id=tournament.pk, now=START)
    assert not Pairing.objects.filter(tournament=tournament).exists()


def test_a_running_arena_ended_by_its_creator_finishes_once_its_matches_have(clock):
    players = members(2)
    tournament = start(make(players[0], format="arena", players=players), clock)
    (pairing,) = running(tournament)
    directing.tournament_terminate(public_id=tournament.public_id, user=players[0], now=clock.now)
    assert refresh(tournament).status == Tournament.Status.STARTED
    finish(pairing)
    assert refresh(tournament).status == Tournament.Status.FINISHED
    assert sorted(s.points for s in selectors.ranking(tournament)) == [0, 2]


@pytest.mark.parametrize("format", ["swiss", "round-robin"])
def test_a_running_round_tournament_ended_by_its_creator_finishes_once_its_matches_have(
    clock, format
):
    """docs/rules.md §8, "The end": a Swiss or a round robin ended early said "finished"
    while its matches were still played; now the round in play is its last."""
    players = members(4)
    tournament = start(make(players[0], format=format, players=players), clock)
    first, second = running(tournament, 1)
    finish(first)
    directing.tournament_terminate(public_id=tournament.public_id, user=players[0], now=clock.now)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.STARTED and tournament.rounds == 1
    with pytest.raises(Refused):  # ended: nobody new
        services.tournament_join(public_id=tournament.public_id, user=members(1, "x")[0], now=0)
    finish(second)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert sorted(s.points for s in selectors.ranking(tournament)) == [0, 0, 1, 1]
    assert not services.tournament_advance(tournament_id=tournament.pk, now=clock.now + 10**7)
    assert not Pairing.objects.filter(tournament=tournament, round=2).exists()


def test_a_swiss_ended_between_rounds_or_while_its_round_is_made_plays_no_more(clock):
    players = members(4)
    tournament = start(make(players[0], players=players), clock)
    first, second = running(tournament, 1)
    finish(first)
    # A table the worker has planned but not seated yet (a large round is seated in steps).
    Pairing.objects.create(
        tournament=tournament, round=1, table=3, seats=first.seats, created_at=clock.now
    )
    directing.tournament_terminate(public_id=tournament.public_id, user=players[0], now=clock.now)
    assert Pairing.objects.filter(tournament=tournament).count() == 2  # that one is not played
    finish(second)
    assert refresh(tournament).status == Tournament.Status.FINISHED

    tournament = start(make(players[0], players=players, starts_at=clock.now + 1), clock)
    finish_round(tournament, 1)  # round 2 waits for its pause
    directing.tournament_terminate(public_id=tournament.public_id, user=players[0], now=clock.now)
    assert refresh(tournament).status == Tournament.Status.FINISHED


def test_a_withdrawn_seat_is_last_at_its_forfeited_table_so_the_crosstable_counts_a_win(clock):
    """The scoring reads the forfeit alone, so the withdrawn seat's place showed only in the
    crosstable and the page's marks (issue #53): last there, the others first."""
    players = members(4)
    tournament = start(make(players[0], format="round-robin", players=players), clock)
    leaver = players[3]
    services.tournament_withdraw(public_id=tournament.public_id, user=leaver, now=clock.now)
    met_first = {u for p in running(tournament, 1) if leaver.pk in p.seats for u in p.seats}
    finish_round(tournament, 1)
    tournament = next_round(tournament, clock)
    (table,) = Pairing.objects.filter(tournament=tournament, round=2, match=None)
    assert table.places == [2 if u == leaver.pk else 1 for u in table.seats]
    (opponent,) = set(table.seats) - {leaver.pk}
    assert opponent not in met_first  # round 1 met someone else: only the forfeit counts
    rows = selectors.standings(tournament)
    cells = {
        line["row"].user.pk: dict(zip([r.user.pk for r in rows], line["cells"], strict=True))
        for line in selectors.crosstable(tournament, rows)
    }
    assert cells[opponent][leaver.pk] == "1" and cells[leaver.pk][opponent] == "0"


def test_a_round_tables_forfeit_before_any_match_ends_counts_first(clock, monkeypatch):
    """A player who withdraws while the worker still seats round 1 in steps forfeits their
    table there: its result is the first of the tournament, the match that ends after it the
    second (the order every result is counted in)."""
    monkeypatch.setattr(rounds, "TABLES_PER_STEP", 1)
    monkeypatch.setattr(tasks, "schedule_step", lambda *_: None)  # this test takes the steps
    players = members(4)
    tournament = start(make(players[0], format="round-robin", players=players), clock)
    (seated,) = running(tournament, 1)
    (waiting,) = Pairing.objects.filter(tournament=tournament, round=1, match=None)
    leaver = Entry.objects.get(tournament=tournament, user_id=waiting.seats[0]).user
    services.tournament_withdraw(public_id=tournament.public_id, user=leaver, now=clock.now)
    tournament = next_round(tournament, clock)  # the worker's next step, due at once
    assert tournament.next_step_at is None  # every table of the round is seated
    waiting.refresh_from_db()
    assert waiting.forfeit == [True, False] and waiting.finished_order == 1
    finish(seated)
    assert Pairing.objects.get(pk=seated.pk).finished_order == 2


def test_a_player_who_leaves_before_everyone_moved_loses_but_not_by_forfeit(clock):
    """An early leave aborts the match (docs/rules.md §7.3): the leaver loses it, but missed
    no first move, so a Swiss does not count it toward withdrawing them (§8.5)."""
    players = members(2)
    tournament = start(make(players[0], players=players), clock)
    (pairing,) = running(tournament, 1)
    leaver = pairing.match.seat_list()[0].user
    match = match_resign(match_id=pairing.match_id, user=leaver)
    assert match.aborted
    pairing.refresh_from_db()
    assert pairing.forfeit == [False, False]
    assert pairing.places == [2 if u == leaver.pk else 1 for u in pairing.seats]
    assert Entry.objects.get(tournament=tournament, user=leaver).missed == 0


def test_each_change_tells_the_tournaments_pages_its_next_version(clock, monkeypatch):
    told = []
    monkeypatch.setattr(reactions, "send_to_group", lambda group, notice: told.append(notice))
    players = members(2)
    tournament = make(players[0])
    for number, user in enumerate(players, start=1):
        services.tournament_join(public_id=tournament.public_id, user=user, now=clock.now)
        assert told[-1] == tournament_updated(tournament.version + number)
    assert refresh(tournament).version == tournament.version + 2
