"""Finished matches to analyse, and an analysis run in the test's own thread."""

from __future__ import annotations

from analysis import runner, services
from games import services as match_services
from games.models import Match
from tests.conftest import every_seat_moves


def finished_powerdrain(alice, bob) -> Match:
    """A Powerdrain match of alice (seat 0) and bob, ended by bob's resignation."""
    match = match_services.match_join(
        match_id=match_services.match_create(game="powerdrain", creator=alice, seat=0).pk,
        user=bob,
    )
    every_seat_moves(match)
    return match_services.match_resign(match_id=match.pk, user=bob)


def analyse_all(token: str = "here") -> int:
    """The analysis lane's slices run here, one after the other, until no work is free;
    returns how many slices it took."""
    slices = 0
    while runner.run(token):
        slices += 1
    return slices


def analysed(match: Match, user) -> Match:
    """``match`` analysed by ``user``'s request, the worker's part run here."""
    services.analysis_request(match_id=match.pk, user=user)
    assert analyse_all()
    return Match.objects.with_players().get(pk=match.pk)
