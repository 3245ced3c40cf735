"""The ladder's services on the database: joining, check matches, a round's encounters,
pausing a program that does not answer, and two workers scheduling at once (raced for real
on PostgreSQL, ``make test-scale``)."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from accounts.models import User
from api.models import OpenStream
from api.tokens import token_create
from games import services as match_services
from games.errors import Refused
from games.models import Match
from games.registry import GAMES
from ladder import services
from ladder.models import Entry, LadderMatch
from tests.web.races import race

pytestmark = pytest.mark.django_db(transaction=True)


def program(name: str, email: str = "") -> User:
    user = User.objects.create_user(name, password="pw-a-long-one", email=email)
    user.is_program = True
    user.save(update_fields=["is_program"])
    return user


def stream_open(user: User) -> None:
    """``user`` has its event stream open (the row the API keeps for it)."""
    token, _ = token_create(user, "ladder")
    OpenStream.objects.create(
        token=token,
        channel_name=f"asgi.x.api.events.{user.pk}",
        address="127.0.0.1",
        server="test",
        seen_at=timezone.now(),
    )


def on_ladder(user: User, game: str = "powerdrain") -> Entry:
    entry = services.ladder_join(user=user, game=game)
    Entry.objects.filter(pk=entry.pk).update(state=Entry.State.ON)
    return entry


def finish(match: Match, winners: list[int]) -> None:
    """Ends ``match`` with ``winners`` as if played out, then tells the ladder."""
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result={"winners": winners}, finished_at=timezone.now()
    )
    services.match_over(Match.objects.get(pk=match.pk))


def test_only_a_program_joins_and_only_a_game_there_is(db):
    person = User.objects.create_user("person", password="pw-a-long-one")
    with pytest.raises(Refused):
        services.ladder_join(user=person, game="powerdrain")
    bot = program("bot1")
    with pytest.raises(Refused):
        services.ladder_join(user=bot, game="chess")
    with pytest.raises(Refused):
        services.ladder_join(user=bot, game="powerdrain", owner="x" * 31)
    assert not Entry.objects.exists()


def test_a_game_there_is_not_is_refused_with_the_games_there_are(db):
    with pytest.raises(Refused) as refused:
        services.ladder_join(user=program("bot2"), game="chess")
    assert str(refused.value) == f"There is no game “chess”: one of {', '.join(GAMES)}."
    assert len(GAMES) > 1  # so the words show how the games are joined


def test_a_joining_program_plays_two_check_matches_against_easy_then_stands_on_the_ladder():
    bot = program("checked")
    services.ladder_join(user=bot, game="powerdrain", owner="Ann")
    assert services.schedule_round("powerdrain") == []  # no event stream open: nothing
    stream_open(bot)
    first, second = services.schedule_round("powerdrain")
    assert services.schedule_round("powerdrain") == []  # made once
    for match in (first, second):
        seats = [s.user for s in match.seat_list()]
        assert {u.username for u in seats} == {"checked", "computer-easy"}
        assert not match.rated and match.control.realtime
    assert first.seat_of(bot) != second.seat_of(bot)  # seats swapped
    finish(first, [0])
    assert Entry.objects.get(user=bot).state == Entry.State.CHECKING  # one still running
    finish(second, [1])
    assert Entry.objects.get(user=bot).state == Entry.State.ON


def test_a_check_match_that_does_not_end_cleanly_keeps_it_off():
    bot = program("unclean")
    services.ladder_join(user=bot, game="powerdrain")
    stream_open(bot)
    first, second = services.schedule_round("powerdrain")
    finish(first, [0])
    match_services.match_resign(match_id=second.pk, user=bot)  # before moving: aborted
    entry = Entry.objects.get(user=bot)
    assert (entry.state, entry.reason) == (Entry.State.PAUSED, Entry.Reason.CHECK)


def test_a_round_seats_encounters_of_two_rated_matches_never_two_of_one_owner(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0  # programs only here
    settings.LADDER_WINDOW = 5000
    a = program("a", "same@example.org")
    b = program("b", "Same@example.org")
    c = program("c")
    for user in (a, b, c):
        on_ladder(user)
        stream_open(user)
    made = services.schedule_round("powerdrain", rng=random.Random(1))
    assert len(made) == 2  # a and b may not meet: one encounter, c against one of them
    pair = [{s.user.username for s in m.seat_list()} for m in made]
    assert pair[0] == pair[1] and "c" in pair[0] and pair[0] != {"a", "b"}
    assert [m.seat_list()[0].user for m in made][0] == made[1].seat_list()[1].user
    assert all(m.rated and m.status == Match.Status.ACTIVE for m in made)
    assert LadderMatch.objects.filter(kind=LadderMatch.Kind.LADDER).count() == 2


def test_the_computer_levels_stand_as_references(settings):
    settings.LADDER_COMPUTER_SHARE = 1.0
    alone = program("alone")
    on_ladder(alone)
    stream_open(alone)
    made = services.schedule_round("powerdrain", rng=random.Random(2))
    assert len(made) == 2
    assert any(s.user.bot_level for s in made[0].seat_list())


def test_the_computer_share_caps_its_matches(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0
    alone = program("alone2")
    on_ladder(alone)
    stream_open(alone)
    assert services.schedule_round("powerdrain") == []


def test_a_program_that_misses_its_first_move_is_paused(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    slow, quick = program("slow"), program("quick")
    for user in (slow, quick):
        on_ladder(user)
        stream_open(user)
    made = services.schedule_round("powerdrain", rng=random.Random(3))
    match = next(m for m in made if m.seat_of(slow) == 0)  # slow is to move first
    match_services.clock_flag(match_id=match.pk, now=match.deadline + 1)
    slow_entry, quick_entry = Entry.objects.get(user=slow), Entry.objects.get(user=quick)
    assert slow_entry.state == Entry.State.PAUSED
    assert slow_entry.reason == Entry.Reason.FIRST_MOVE
    assert slow_entry.reason_match == match.public_id
    assert quick_entry.state == Entry.State.ON
    # Taken off by its owner while paused: the pause's reason goes with it.
    left = services.ladder_leave(user=slow, game="powerdrain")
    assert (left.state, left.reason, left.reason_match) == (Entry.State.OFF, "", "")
    assert Entry.objects.get(user=slow).reason == ""
    # Off: no longer scheduled; joining again starts with checks again.
    services.ladder_join(user=slow, game="powerdrain")
    assert Entry.objects.get(user=slow).state == Entry.State.CHECKING


def test_two_workers_scheduling_at_once_make_every_match_once(settings):
    """Raced in threads on their own connections (on PostgreSQL both read before either
    writes, unless the round's row lock makes one wait)."""
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    users = [program(f"r{i}") for i in range(4)]
    for user in users:
        on_ladder(user)
        stream_open(user)
    outcomes = race([lambda: services.schedule_round("powerdrain") for _ in range(2)])
    assert not any(isinstance(o, BaseException) for o in outcomes), outcomes
    made = LadderMatch.objects.filter(game="powerdrain", kind=LadderMatch.Kind.LADDER)
    assert made.count() == 4  # two encounters of two: each program in exactly one
    seated = [s.user_id for m in made for s in m.match.seat_list()]
    assert sorted(seated) == sorted([u.pk for u in users] * 2)


def test_power_companies_seats_a_table_of_four_turned_for_the_second_match(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    users = [program(f"pc{i}") for i in range(4)]
    for user in users:
        on_ladder(user, "high-voltage-companies")
        stream_open(user)
    first, second = services.schedule_round("high-voltage-companies", rng=random.Random(4))
    seats = [[s.user_id for s in m.seat_list()] for m in (first, second)]
    assert sorted(seats[0]) == sorted(u.pk for u in users) and first.players == 4
    assert seats[1] == seats[0][1:] + seats[0][:1]
    assert first.rated and second.rated


def test_programs_given_one_owner_name_never_meet(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    mine = [program("mine1"), program("mine2")]
    for user in mine:
        services.ladder_join(user=user, game="powerdrain", owner="  Ann ")
        Entry.objects.filter(user=user).update(state=Entry.State.ON)
        stream_open(user)
    assert Entry.objects.get(user=mine[0]).owner == "Ann"
    assert services.schedule_round("powerdrain") == []
    services.ladder_join(user=mine[1], game="powerdrain", owner="Bea")
    assert len(services.schedule_round("powerdrain")) == 2


def test_a_program_that_loses_on_time_is_paused_for_it_and_a_resignation_pauses_nobody(settings):
    """Issue #53: the live test accepted either reason; here each leave has its own."""
    from tests.conftest import every_seat_moves

    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    late, quick = program("late"), program("quick")
    for user in (late, quick):
        on_ladder(user)
        stream_open(user)
    made = services.schedule_round("powerdrain", rng=random.Random(3))
    first = next(m for m in made if m.seat_of(late) == 0)
    second = next(m for m in made if m.pk != first.pk)
    first = every_seat_moves(first)  # late is to move again, and lets its clock run out
    assert match_services.clock_flag(match_id=first.pk, now=first.deadline + 1)
    entry = Entry.objects.get(user=late)
    assert (entry.state, entry.reason) == (Entry.State.PAUSED, Entry.Reason.TIME)
    assert entry.reason_match == first.public_id
    assert Entry.objects.get(user=quick).state == Entry.State.ON
    second = every_seat_moves(second)
    match_services.match_resign(match_id=second.pk, user=quick)  # gave up: it answered
    assert Entry.objects.get(user=quick).state == Entry.State.ON


def test_a_new_program_is_seated_by_its_conservative_rating_not_among_strong_ones(settings):
    """Issue #53: by its mean (1500) a newcomer stands nearer the strong programs (2000) than
    the weak one (650); by what its rating is sure of (μ − 3σ: 450) it stands by the weak
    one (500), where the ladder seats it."""
    from ratings.models import Rating

    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_NEAREST = 1
    settings.LADDER_WINDOW = 150
    shown = {"new": None, "weak": (650, 50), "strong-a": (2000, 50), "strong-b": (2010, 50)}
    users = {}
    for name, rating in shown.items():
        users[name] = program(name)
        on_ladder(users[name])
        stream_open(users[name])
        if rating is not None:
            mean, deviation = rating
            Rating.objects.create(
                user=users[name], game="powerdrain", mu=mean / 60, sigma=deviation / 60, games=40
            )
    made = services.schedule_round("powerdrain", rng=random.Random(5))  # new is drawn first
    assert made[0].seat_of(users["new"]) is not None  # so it is the one choosing
    opponents = {
        m.seat_list()[1 - m.seat_of(users["new"])].user.username
        for m in made
        if m.seat_of(users["new"]) is not None
    }
    assert opponents == {"weak"}
