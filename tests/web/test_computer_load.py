"""Computer work stays bounded (issue #24): limits on matches with computer players, one
rematch per asker, each move within its level's time cap, a person's computer opponent ahead
of matches people only watch, one queued turn per position, and no absence claims against
a computer player (docs/rules.md §7.4, §7.5)."""

import time

import pytest
from django.test import override_settings
from huey.contrib.djhuey import HUEY

from games import computer, reactions, rematches, services, tasks
from games.bots.search import Search
from games.clocks import TimeControl
from games.live.rendering import board_page_context
from games.models import Match, Seat
from games.registry import get_engine
from tests.bots.slow_clock import SlowClock

WATCH = {0: "easy", 1: "easy"}


def watch(creator) -> Match:
    """A match of computers only that ``creator`` watches."""
    return services.match_create(game="powerdrain", creator=creator, bots=WATCH)


@override_settings(COMPUTER_MATCHES_PER_PERSON=3, COMPUTER_MATCHES_TOTAL=50)
def test_one_person_runs_three_computer_only_matches_at_once(alice, bob):
    first = [watch(alice) for _ in range(3)]
    with pytest.raises(services.Refused) as no:
        watch(alice)
    assert str(no.value) == (
        "You already have 3 matches of computers only running, the most one person may have"
        " at once. Watch one of them to its end, then start another."
    )
    assert Match.objects.filter(created_by=alice).count() == 3
    assert watch(bob).status == Match.Status.ACTIVE  # a limit per person
    # Playing the computer is not watching it, and a finished match no longer counts.
    services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    Match.objects.filter(pk=first[0].pk).update(status=Match.Status.FINISHED)
    assert watch(alice).status == Match.Status.ACTIVE


@override_settings(COMPUTER_MATCHES_PER_PERSON=3, COMPUTER_MATCHES_TOTAL=2)
def test_the_whole_table_runs_a_limited_number_of_computer_only_matches(alice, bob, carol):
    watch(alice)
    watch(bob)
    with pytest.raises(services.Refused) as no:
        watch(carol)
    assert str(no.value) == (
        "The table is running 2 matches of computers only, the most it runs at once. Try again"
        " when one has finished, or play the computer yourself."
    )
    # A match with a person in it is not a computer-only one.
    services.match_create(game="powerdrain", creator=carol, seat=1, bots={0: "easy"})


@override_settings(MATCHES_VS_COMPUTER_PER_PERSON=2)
def test_one_person_plays_a_limited_number_of_matches_against_the_computer(alice, bob):
    for _ in range(2):
        services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "hard"})
    with pytest.raises(services.Refused) as no:
        services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "hard"})
    assert str(no.value) == (
        "You already play 2 running matches against the computer, the most one person may"
        " have at once. Finish or resign one of them first."
    )
    # Seating the computer in a waiting match makes it one more.
    waiting = services.match_create(game="high-voltage-companies", creator=alice, seat=0, players=3)
    with pytest.raises(services.Refused, match="Finish or resign one of them first"):
        services.match_seat_bot(match_id=waiting.pk, user=alice, seat=2, level="easy")
    services.match_join(match_id=waiting.pk, user=bob)  # people are not limited
    assert services.match_create(game="powerdrain", creator=bob, seat=1, bots={0: "hard"})


def test_a_rematch_asked_five_times_makes_one_match(alice):
    match = services.match_create(game="powerdrain", creator=alice, seat=0, bots={1: "easy"})
    services.match_resign(match_id=match.pk, user=alice)
    made = {rematches.rematch_offer(match_id=match.pk, user=alice).new_match_id for _ in range(5)}
    assert None not in made and len(made) == 1  # the computer accepts at once
    assert Match.objects.count() == 2
    assert Match.objects.get(pk=made.pop()).status == Match.Status.ACTIVE


def test_a_claim_against_the_computer_to_move_is_refused_however_long_it_seems_away(alice):
    match = services.match_create(
        game="powerdrain",
        creator=alice,
        seat=1,
        bots={0: "easy"},
        time_control=TimeControl.parse("15+10"),
    )
    assert computer.play_turn(match.pk)
    match.refresh_from_db()
    assert board_page_context(match, 1)["claim"] == "Claim victory"  # shown once alice waits
    engine = get_engine("powerdrain")
    move = next(iter(engine.legal_moves(engine.from_json(match.state), 1)))
    match = services.move_play(match_id=match.pk, user=alice, ply=1, move=move)
    assert computer.bot_to_move(match) is not None
    Seat.objects.filter(match=match).update(away_since=1)  # "away" since 1970
    with pytest.raises(services.Refused, match="never absent"):
        services.match_claim(match_id=match.pk, user=alice, now=services.server_now() + 600_000)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.ply == 2
    assert board_page_context(match, 1)["claim"] is None


def test_a_computer_move_stops_at_its_time_cap_by_the_clock_it_is_given(alice, monkeypatch):
    """Hard has 2 s a move: iterations that take 0.6 s by the clock it is given stop it
    after the fourth of its 2500 (Powerdrain), without a moment's wait."""
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "hard"})
    clock = SlowClock(monkeypatch, 0.6)
    assert computer.play_turn(match.pk, clock=clock)
    assert clock.iterations == 4
    match.refresh_from_db()
    assert match.ply == 1


def test_the_worker_thinks_by_the_wall_clock(alice, monkeypatch):
    """A turn played by the worker's task hands the search the wall clock, so the level's
    cap applies in play."""
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    clocks = []
    run = Search.run

    def spy(search, iterations, clock, *args):
        clocks.append(clock)
        return run(search, iterations, clock, *args)

    monkeypatch.setattr(Search, "run", spy)
    tasks.bot_turn(match.pk, 0)
    assert clocks == [time.monotonic]
    match.refresh_from_db()
    assert match.ply == 1


def test_a_turn_queued_for_a_position_that_moved_on_does_not_think(alice, monkeypatch):
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})

    def refuse(*_args, **_kwargs):
        raise AssertionError("thought about an old position")

    monkeypatch.setattr(computer, "think", refuse)
    assert not computer.play_turn(match.pk, ply=3)


def test_a_computer_turn_queued_twice_is_queued_once(alice):
    """The move before, the sweep and a restarted worker all find the same turn: one task."""
    watched = watch(alice)
    reactions.after_position(watched)
    reactions.after_position(watched)
    tasks.catch_up()
    turns = [t for t in HUEY.scheduled() if t.name.endswith("bot_turn")]
    assert [t.args for t in turns] == [(watched.pk, 0)]
    assert turns[0].priority == tasks.WATCHED_PRIORITY
    watched.refresh_from_db()
    assert watched.ply == 0  # the sweep did not play it ahead of its pace
    # Queued long ago and never done: its worker died, so the sweep queues it again.
    later = time.time() + tasks.LOST_TURN_SECONDS + 1
    assert tasks.queue_bot_turn(watched, now=later)
    assert not tasks.queue_bot_turn(watched, now=later + 1)


def test_a_person_waiting_for_the_computer_goes_before_matches_people_watch():
    answer = tasks.turn_slot(watched=False, pace=1.0)
    paced = tasks.turn_slot(watched=True, pace=1.0)
    assert answer == (tasks.ANSWER_PRIORITY, 0.0) and paced == (tasks.WATCHED_PRIORITY, 1.0)
    assert tasks.ANSWER_PRIORITY > tasks.WATCHED_PRIORITY  # the queue takes higher first
