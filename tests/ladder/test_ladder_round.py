"""What a ladder round reads and leaves behind: the settings it schedules by, the day's and
the running counts it takes, and the queue the ladder page shows, a row and its words for
each reason a program waits (ladder/services.py)."""

from __future__ import annotations

import re
import secrets
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games import services as match_services
from games.bot_accounts import bot_user
from games.models import Match
from ladder import schedule, services
from ladder.models import Entry, LadderMatch, Round
from ratings.models import Rating
from ratings.scale import SCALE, START, START_DEVIATION
from tests.ladder.test_ladder_services import program, stream_open

pytestmark = pytest.mark.django_db

GAME = "powerdrain"


def ladder_match(user, at, *, opponent=None, kind="ladder", running=True, game=GAME) -> Match:
    """A match the ladder made at ``at``: ``user`` against the program ``opponent``, or against
    Easy; still running or finished."""
    match = match_services.match_create(
        game=game,
        creator=user,
        seat=0,
        time_control=services.clock(game),
        bots={} if opponent else {1: "easy"},
        scheduled=True,
    )
    if opponent:
        match = match_services.match_join(
            match_id=match.pk, user=opponent, seat=1, invite=match.invite, scheduled=True
        )
    if not running:
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    LadderMatch.objects.create(
        match=match, game=game, kind=kind, encounter=secrets.token_hex(8), created_at=at
    )
    return match


def standing(user: User, owner: str | None = None, state: str = Entry.State.ON) -> User:
    services.ladder_join(user=user, game=GAME, owner=owner)
    Entry.objects.filter(user=user).update(state=state)
    return user


def test_the_limits_are_the_settings_with_tables_of_the_games_seats(settings):
    settings.LADDER_MATCHES_PER_DAY = 11
    settings.LADDER_RUNNING_PER_PROGRAM = 3
    settings.LADDER_RUNNING_TOTAL = 17
    settings.LADDER_COMPUTER_SHARE = 0.4
    settings.LADDER_NEAREST = 5
    settings.LADDER_WINDOW = 321.0
    given = {
        "per_day": 11,
        "running_per_program": 3,
        "running_total": 17,
        "computer_share": 0.4,
        "k": 5,
        "window": 321.0,
    }
    assert services.limits(GAME) == schedule.Limits(**given, tables=(2,), matches=2)
    assert services.limits("high-voltage-companies") == schedule.Limits(**given, tables=(3, 4))


def test_a_round_counts_the_days_ladder_matches_and_the_running_ones():
    """Recent: ladder matches (not check matches) made in the 24 hours up to the round, the
    edge included; running: every ladder-made match not over, checks too; the total and those
    with a computer seated: running ladder matches. Another game's count for nobody."""
    at = timezone.now()
    a, b, c = program("count-a"), program("count-b"), program("count-c")
    easy = bot_user("easy").pk
    ladder_match(a, at - timedelta(days=1), opponent=b)
    ladder_match(a, at - timedelta(days=1, seconds=1), running=False)
    ladder_match(b, at - timedelta(hours=1))
    ladder_match(c, at - timedelta(hours=1), kind=LadderMatch.Kind.CHECK)
    ladder_match(c, at - timedelta(hours=2), running=False)
    ladder_match(c, at - timedelta(hours=1), game="hive")
    recent, running, total, computers = services._counts(GAME, at)
    assert recent == Counter({a.pk: 1, b.pk: 2, c.pk: 1, easy: 2})
    assert running == Counter({a.pk: 1, b.pk: 2, c.pk: 1, easy: 2})
    assert (total, computers) == (2, 1)


WHY_ROW = re.compile(
    r'<li data-user="([^"]+)">.*?<span class="muted">· (.*?) ·</span> '
    r'<span class="why ([a-z-]+)">(.*?)</span></li>',
    re.S,
)


def test_the_queue_shows_why_each_program_waits_in_seating_order(settings, client):
    """One program for each reason, at the edges of the caps (4 a day, 2 running): seated
    first, then by the day's matches and the account. Two matches more would take a program
    with 2 today to the day's 4, not past it, so it waits; one with 3 would pass it."""
    settings.LADDER_MATCHES_PER_DAY = 4
    settings.LADDER_RUNNING_PER_PROGRAM = 2
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    at = timezone.now()
    capped, waiting, playing, unheard, checking, second, first = (
        program(f"q-{name}", "one@example.org" if name in ("waiting", "first") else "")
        for name in ("capped", "waiting", "playing", "unheard", "checking", "second", "first")
    )
    # Joined in the other order, so that the entries' order is not the accounts'.
    standing(first)  # never meets q-waiting: one address
    standing(second, owner="Bea")  # nor this: one owner's name
    standing(checking, state=Entry.State.CHECKING)
    for user in (unheard, playing, capped):
        standing(user)
    standing(waiting, owner="Bea")
    for _ in range(3):
        ladder_match(capped, at - timedelta(hours=3), running=False)
    for _ in range(2):
        ladder_match(waiting, at - timedelta(hours=3), running=False)
    ladder_match(playing, at - timedelta(hours=1))
    for user in (capped, waiting, playing, checking, second, first):
        stream_open(user)
    services.schedule_round(GAME, at=at)
    expected = [
        (second, 0, "seated"),
        (first, 0, "seated"),
        (unheard, 0, "no-stream"),
        (checking, 0, "checking"),
        (playing, 1, "playing"),
        (waiting, 2, "waiting"),
        (capped, 3, "day-cap"),
    ]
    assert Round.objects.get(game=GAME).queue == [
        {"user": user.pk, "recent": recent, "why": why} for user, recent, why in expected
    ]
    words = {
        "seated": "seated this round",
        "no-stream": "no event stream open",
        "checking": "playing its check matches",
        "playing": "playing",
        "waiting": "waiting for an opponent",
        "day-cap": "played its matches for today",
    }
    today = {0: "0 matches today", 1: "1 match today", 2: "2 matches today", 3: "3 matches today"}
    page = client.get(f"/ladder/{GAME}/").content.decode()
    assert WHY_ROW.findall(page) == [
        (user.username, today[recent], why, words[why]) for user, recent, why in expected
    ]


def test_a_round_reads_only_the_programs_on_the_ladder_or_checking(settings):
    """A paused program and one that left, their streams open, are neither seated nor in the
    queue."""
    settings.LADDER_COMPUTER_SHARE = 0.0
    paused = standing(program("st-paused"), state=Entry.State.PAUSED)
    left = standing(program("st-left"), state=Entry.State.OFF)
    on = standing(program("st-on"))
    for user in (paused, left, on):
        stream_open(user)
    assert services.schedule_round(GAME) == []
    assert [r["user"] for r in Round.objects.get(game=GAME).queue] == [on.pk]


def test_a_round_makes_a_programs_checks_until_two_are_over_and_none_while_one_runs(settings):
    """Since joining: two checks over (the program not yet told), none more; one check over
    (its other refused), two again; one still running (its other refused), none."""
    settings.LADDER_COMPUTER_SHARE = 0.0  # checks only
    done, refused, running = (program(f"ck-{name}") for name in ("done", "refused", "running"))
    for user in (done, refused, running):
        services.ladder_join(user=user, game=GAME)
        stream_open(user)
    at = timezone.now()
    for user in (done, done, refused):
        ladder_match(user, at, kind=LadderMatch.Kind.CHECK, running=False)
    ladder_match(running, at, kind=LadderMatch.Kind.CHECK)
    made = services.schedule_round(GAME, at=at)
    assert [m.seat_of(refused) is not None for m in made] == [True, True]


def test_a_round_rates_each_program_by_its_conservative_rating_of_the_game(monkeypatch):
    """The scheduler is given μ − 3σ in shown points of this game's rating, the start for a
    program rated only at another game."""
    rated, unrated = standing(program("rt-rated")), standing(program("rt-unrated"))
    for user in (rated, unrated):
        stream_open(user)
    Rating.objects.create(user=rated, game=GAME, mu=30, sigma=2, games=40)
    for user in (rated, unrated):
        Rating.objects.create(user=user, game="hive", mu=10, sigma=1, games=40)
    given = {}
    plan = schedule.plan

    def spy(entrants, *args, **kwargs):
        given.update({e.key: e.rating for e in entrants})
        return plan(entrants, *args, **kwargs)

    monkeypatch.setattr(schedule, "plan", spy)
    services.schedule_round(GAME)
    assert given[rated.pk] == pytest.approx(SCALE * (30 - 3 * 2))
    assert given[unrated.pk] == pytest.approx(START - 3 * START_DEVIATION)


def test_a_round_leaves_room_for_the_ladders_running_matches(settings):
    """Room for 2 running: an encounter of two playing, the next two programs wait."""
    settings.LADDER_RUNNING_TOTAL = 2
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    ladder_match(program("rr-a"), timezone.now(), opponent=program("rr-b"))
    for name in ("rr-c", "rr-d"):
        stream_open(standing(program(name)))
    assert services.schedule_round(GAME) == []


def test_a_round_counts_a_running_match_with_a_computer_against_their_share(settings):
    """A share of 0.25 of 8 is 2 running: one playing against Easy, an encounter of two more
    with a computer would pass it."""
    settings.LADDER_RUNNING_TOTAL = 8
    settings.LADDER_COMPUTER_SHARE = 0.25
    ladder_match(program("rc-playing"), timezone.now())
    stream_open(standing(program("rc-alone")))
    assert services.schedule_round(GAME) == []
