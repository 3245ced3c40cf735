"""A rating cannot be farmed through a rated Arena (issue #55 item 3, docs/rules.md §7.6,
"Farming"): the issue's script, two programs of one owner, one moving once and resigning
70 times while the Arena pairs them again at once, took the farmer from 1500 to 2171 and
onto the leaderboard. The rules hold in the ratings service, whatever made the match."""

from __future__ import annotations

import pytest

from accounts.models import User
from games import services as match_services
from games.models import Match
from ratings import farming, scale
from ratings.models import Rating, RatingChange
from ratings.selectors import leaderboard
from tests.conftest import every_seat_moves
from tests.tournaments.support import make, refresh, running, start
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)
FARMED = 70


def program(name: str, email: str) -> User:
    return User.objects.create_user(name, email=email, password="pw-123-xyz", is_program=True)


def farm(clock, farmer: User, feeder: User, matches: int = FARMED) -> Tournament:
    """The issue's script: a rated Arena of the two; in each match every seat moves once
    and the feeder resigns, and the Arena pairs them again at once."""
    arena = start(make(farmer, format="arena", players=[farmer, feeder], minutes=180), clock)
    for _ in range(matches):
        (pairing,) = running(arena)
        match = every_seat_moves(pairing.match)
        match = match_services.match_resign(match_id=match.pk, user=feeder)
        assert match.status == Match.Status.FINISHED and match.result["winners"]
        clock.advance(1_000)
    return refresh(arena)


def shown_of(user: User):
    rating = Rating.objects.filter(user=user, game="powerdrain").first()
    return rating.shown if rating else scale.INITIAL


def reach(wins: int):
    """Where ``wins`` straight wins between two newcomers take the winner and the loser."""
    won = lost = (scale.MODEL.mu, scale.MODEL.sigma)
    for _ in range(wins):
        won, lost = scale.rate([won, lost], [1, 2])
    return scale.shown(*won), scale.shown(*lost)


def test_two_programs_of_one_owner_never_rate_each_other(clock):
    farmer = program("farmer-bot", "Owner@example.org")
    feeder = program("feeder-bot", "owner@example.org ")
    farm(clock, farmer, feeder)
    assert shown_of(farmer) == scale.INITIAL and shown_of(feeder) == scale.INITIAL
    assert not RatingChange.objects.exists()


def test_a_feeder_of_another_address_lifts_the_farmer_only_by_its_first_few_results(clock):
    farmer = program("farmer-bot", "one@example.org")
    feeder = program("feeder-bot", "")  # no address to tell the owner by
    farm(clock, farmer, feeder)
    best, worst = reach(farming.PAIR_RESULTS)
    assert shown_of(farmer).rating <= best.rating < reach(FARMED)[0].rating - 250
    assert shown_of(feeder).rating >= worst.rating
    rated = RatingChange.objects.filter(user=farmer).count()
    assert rated == farming.PAIR_RESULTS <= 6
    assert not leaderboard("powerdrain")  # nobody settled, nobody met five opponents
