"""A new tournament's terms, each format's (tournaments/directors): what each refuses, in its
whole words, at the edges of its ranges, and the fields it writes."""

from __future__ import annotations

import re

import pytest

from games.clocks import TimeControl
from games.errors import Refused
from tests.tournaments.support import T0, make, members
from tournaments import services

pytestmark = pytest.mark.django_db

REALTIME = TimeControl.parse("1+0")
DAYS = TimeControl.parse("2d")


def whole(message: str) -> str:
    return f"^{re.escape(message)}$"


@pytest.fixture
def creator():
    return members(1, "maker")[0]


@pytest.mark.parametrize(
    ("terms", "message"),
    [
        (
            {"format": "arena", "minutes": 7},
            "An Arena lasts 10, 20, 30, 45, 60, 90, 120, 180 minutes.",
        ),
        ({"format": "arena", "time_control": DAYS}, "An Arena is played in real time."),
        ({"rounds": 0}, "A Swiss has 1 to 20 rounds."),
        ({"rounds": 21}, "A Swiss has 1 to 20 rounds."),
        ({"rounds": "3"}, "A Swiss has 1 to 20 rounds."),
        ({"time_control": DAYS, "round_days": 0}, "A correspondence round lasts 1 to 30 days."),
        ({"time_control": DAYS, "round_days": 31}, "A correspondence round lasts 1 to 30 days."),
        ({"time_control": DAYS, "round_days": "2"}, "A correspondence round lasts 1 to 30 days."),
        *(
            (
                {"format": "round-robin", "encounter": encounter},
                "An encounter is an even number of matches, 2 to 6.",
            )
            for encounter in (0, 3, 8, "2")
        ),
        (
            {"time_control": None},
            "A tournament's matches need a clock: real time or days per turn.",
        ),
    ],
)
def test_bad_terms_are_refused_in_their_whole_words(creator, terms, message):
    with pytest.raises(Refused, match=whole(message)):
        make(creator, **terms)


@pytest.mark.parametrize(
    "terms",
    [
        {"rounds": 1},
        {"rounds": 20},
        {"time_control": DAYS, "round_days": 1},
        {"time_control": DAYS, "round_days": 30},
        {"format": "round-robin", "encounter": 2},
        {"format": "round-robin", "encounter": 6},
        # Power companies: an encounter of any number of matches (no seats to even out).
        {
            "format": "round-robin",
            "encounter": 3,
            "game": "high-voltage-companies",
            "table_size": 3,
        },
    ],
)
def test_terms_at_the_edges_of_their_ranges_are_taken(creator, terms):
    make(creator, **terms)


def test_each_format_writes_its_own_terms(creator):
    arena = make(creator, format="arena", minutes=45, rounds=5, encounter=4, round_days=3)
    assert (arena.minutes, arena.rounds, arena.encounter, arena.round_days) == (45, 0, 2, 0)
    swiss = make(creator, rounds=5, encounter=4, minutes=45, round_days=3)
    assert (swiss.rounds, swiss.encounter, swiss.minutes, swiss.round_days) == (5, 2, 0, 0)
    letters = make(creator, rounds=5, time_control=DAYS, round_days=3)
    assert letters.round_days == 3
    robin = make(creator, format="round-robin", rounds=5, encounter=4, minutes=45, round_days=3)
    # The rounds are the schedule's, counted at the start.
    assert (robin.rounds, robin.encounter, robin.minutes, robin.round_days) == (0, 4, 0, 0)
    robin = make(creator, format="round-robin", time_control=DAYS, round_days=7)
    assert robin.round_days == 7


def test_an_unknown_tournament_is_not_found(creator):
    with pytest.raises(services.NotFound, match=whole("There is no such tournament.")):
        services.tournament_join(public_id="nothing", user=creator, now=T0)
    assert not services.tournament_advance(tournament_id=10**6, now=T0)
