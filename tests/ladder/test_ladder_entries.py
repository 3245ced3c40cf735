"""What a finished ladder match changes for its programs' entries: the pause and the end of
the check matches touch that program's entry on that game and no other, and stamp when
(ladder/services.py); a round makes every joining program's checks, again after a rejoin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as match_services
from games.models import Match
from ladder import services
from ladder.models import Entry
from tests.ladder.test_ladder_round import GAME, ladder_match, standing
from tests.ladder.test_ladder_services import finish, program, stream_open

pytestmark = pytest.mark.django_db

LONG_AGO = timezone.now() - timedelta(days=3)


def entries() -> dict[tuple[str, str], str]:
    return {(e.user.username, e.game): e.state for e in Entry.objects.select_related("user")}


def test_ending_its_checks_puts_only_that_program_on_only_that_games_ladder():
    other = program("e-other")
    services.ladder_join(user=other, game=GAME)  # checking too, joined first, no stream
    bot = program("e-bot")
    services.ladder_join(user=bot, game="hive")  # its own entry of another game, first
    services.ladder_join(user=bot, game=GAME)
    Entry.objects.update(changed_at=LONG_AGO)
    stream_open(bot)
    assert len(services.schedule_round("hive")) == 2  # running: they are not this game's
    first, second = services.schedule_round(GAME)
    finish(first, [0])
    finish(second, [1])
    assert entries() == {
        ("e-other", GAME): Entry.State.CHECKING,
        ("e-bot", "hive"): Entry.State.CHECKING,
        ("e-bot", GAME): Entry.State.ON,
    }
    assert Entry.objects.get(user=bot, game=GAME).changed_at > LONG_AGO


def test_a_missed_first_move_pauses_that_games_entry_and_not_one_taken_off():
    bot, gone = program("p-bot"), program("p-gone")
    for user in (bot, gone):
        standing(user)
    services.ladder_join(user=bot, game="hive")
    Entry.objects.filter(user=bot, game="hive").update(state=Entry.State.ON)
    Entry.objects.update(changed_at=LONG_AGO)
    matches = [ladder_match(user, timezone.now()) for user in (bot, gone)]
    services.ladder_leave(user=gone, game=GAME)
    for match in matches:
        match_services.clock_flag(match_id=match.pk, now=match.deadline + 1)
        services.match_over(Match.objects.get(pk=match.pk))  # (its reaction waits for a commit)
    assert entries() == {
        ("p-bot", GAME): Entry.State.PAUSED,
        ("p-bot", "hive"): Entry.State.ON,
        ("p-gone", GAME): Entry.State.OFF,
    }
    paused = Entry.objects.get(user=bot, game=GAME)
    assert paused.reason == Entry.Reason.FIRST_MOVE and paused.changed_at > LONG_AGO
    assert Entry.objects.get(user=gone).reason == ""


def test_a_round_makes_every_joining_programs_checks_and_new_ones_after_a_rejoin(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0  # checks only
    on = standing(program("c-on"))  # first in the round, not checking: the others still are
    one, two = program("c-one"), program("c-two")
    for user in (one, two):
        services.ladder_join(user=user, game=GAME)
    for user in (on, one, two):
        stream_open(user)
    made = services.schedule_round(GAME)
    seated = sorted(s.user.username for m in made for s in m.seat_list())
    assert seated == sorted(["c-one", "c-two"] * 2 + ["computer-easy"] * 4)
    # c-one's checks play on; c-two, after it in the round, leaves one early and joins again.
    first, second = (m for m in made if m.seat_of(two) is not None)
    finish(first, [0])
    match_services.match_resign(match_id=second.pk, user=two)  # before moving: aborted
    services.match_over(Match.objects.get(pk=second.pk))  # (its reaction waits for a commit)
    assert entries()[("c-two", GAME)] == Entry.State.PAUSED
    services.ladder_join(user=two, game=GAME)  # checks again: the old ones are past
    again = services.schedule_round(GAME)
    assert [m.seat_of(two) is not None for m in again] == [True, True]
