"""Tournaments made and played by hand in tests: members, a clock the test moves, and
matches ended by resigning after everyone moved (so they have a result, docs/rules.md §7.3)."""

from __future__ import annotations

from accounts.models import User
from games import services as match_services
from games.clocks import TimeControl
from games.models import Match
from tests.conftest import every_seat_moves
from tournaments import services
from tournaments.models import Pairing, Tournament

T0 = 1_900_000_000_000  # a fixed moment, in server milliseconds
START = T0 + 60_000  # when the tournaments of these tests start


def members(count: int, prefix: str = "p") -> list[User]:
    return [User.objects.create_user(f"{prefix}{i}", password="pw-123-xyz") for i in range(count)]


def make(creator, *, format="swiss", players=(), now=T0, **terms) -> Tournament:
    terms.setdefault("game", "powerdrain")
    terms.setdefault("time_control", TimeControl.parse("1+0"))
    if format == "swiss":
        terms.setdefault("rounds", 3)
    if format == "arena":
        terms.setdefault("minutes", 10)
    terms.setdefault("starts_at", START)
    tournament = services.tournament_create(
        creator=creator, name="Test cup", format=format, now=now, **terms
    )
    for user in players:
        services.tournament_join(public_id=tournament.public_id, user=user, now=now)
    return tournament


def start(tournament: Tournament, clock) -> Tournament:
    """Moves ``clock`` to the start and lets the worker take the step."""
    clock.now = tournament.starts_at
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    return refresh(tournament)


def next_round(tournament: Tournament, clock) -> Tournament:
    """Moves ``clock`` past the pause after a round and lets the worker take the step."""
    tournament = refresh(tournament)
    clock.now = max(clock.now, tournament.next_step_at)
    services.tournament_advance(tournament_id=tournament.pk, now=clock.now)
    return refresh(tournament)


def refresh(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def running(tournament: Tournament, round: int | None = None) -> list[Pairing]:
    pairings = Pairing.objects.filter(tournament=tournament, places__isnull=True).exclude(
        match=None
    )
    if round is not None:
        pairings = pairings.filter(round=round)
    return list(pairings.select_related("match"))


def finish(pairing: Pairing, loser_seat: int | None = None) -> Match:
    """Ends ``pairing``'s match: every seat moves, then ``loser_seat`` resigns (default: the
    last seats resign one by one, the last seat first, until seat 0 alone is left)."""
    match = every_seat_moves(pairing.match)
    seats = [loser_seat] if loser_seat is not None else range(match.players - 1, 0, -1)
    for seat in seats:
        if match.status == Match.Status.ACTIVE:
            user = match.seat_list()[seat].user
            match = match_services.match_resign(match_id=match.pk, user=user)
    return match


def finish_round(tournament: Tournament, round: int) -> None:
    for pairing in running(tournament, round):
        finish(pairing)
