"""What a tournament's creator does to it once it is made, as lichess's API lets them: end it
early (``terminate``), change an upcoming Swiss's terms (``edit``) and set when its next
round starts (``schedule-next-round``). Each takes the tournament's row lock and announces
after commit through ``tournaments.services``, as every other step does."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from games.clocks import TimeControl
from games.errors import Refused
from tournaments import services
from tournaments.directors import director
from tournaments.directors.swiss import refuse_rounds
from tournaments.models import Tournament


def _created_by(public_id: str, user) -> Tournament:
    """The locked tournament when ``user`` made it; Refused otherwise."""
    tournament = services._locked(public_id)
    if tournament.created_by_id != getattr(user, "pk", None):
        raise Refused(gettext("Only the tournament's creator can change it."))
    return tournament


@transaction.atomic
def tournament_terminate(*, public_id: str, user, now: int) -> Tournament:
    """The creator ends the tournament at once: an upcoming one ends unplayed, a running
    one pairs nobody more (its matches in play finish and count in the standings, and it has
    finished once they have ended: docs/rules.md §8.5)."""
    tournament = _created_by(public_id, user)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused(gettext("This tournament has finished."))
    director(tournament).terminate(tournament, now)
    services._changed(tournament)
    return tournament


def _upcoming_swiss(public_id: str, user) -> Tournament:
    tournament = _created_by(public_id, user)
    if tournament.format != Tournament.Format.SWISS:
        raise Refused(gettext("Only a Swiss is changed this way."))
    return tournament


def _start_or_refuse(starts_at: int, now: int) -> int:
    if not now - 60_000 <= starts_at <= now + services.MAX_LEAD_MS:
        raise Refused(gettext("A tournament starts now or within 30 days."))
    return max(starts_at, now)


@transaction.atomic
def swiss_edit(
    *,
    public_id: str,
    user,
    name: str | None,
    time_control: TimeControl,
    rounds: int,
    rated: bool,
    starts_at: int | None,
    now: int,
) -> Tournament:
    """New terms for an upcoming Swiss (its game and options stay): the name, the clock (of
    the same kind, real time or days), the rounds, rated, the start."""
    tournament = _upcoming_swiss(public_id, user)
    if tournament.status != Tournament.Status.CREATED:
        raise Refused(gettext("This tournament has already started."))
    control = services._checked_control(time_control)
    if control.realtime != tournament.control.realtime:
        raise Refused(gettext("A tournament's clock stays real time, or days per turn."))
    refuse_rounds(rounds)
    name = " ".join(str(name or "").split())[:60]
    if name:
        tournament.name = name
    tournament.time_control = control.to_json()
    tournament.rounds = rounds
    tournament.rated = bool(rated) and not tournament.private
    if starts_at is not None:
        tournament.starts_at = tournament.next_step_at = _start_or_refuse(starts_at, now)
    services._changed(tournament)
    return tournament


@transaction.atomic
def swiss_schedule_next_round(*, public_id: str, user, at: int, now: int) -> Tournament:
    """The creator sets when the next round starts. Here that is the first round, an
    upcoming Swiss's start: later rounds start by themselves a pause after the one before
    ends (docs/api.md)."""
    tournament = _upcoming_swiss(public_id, user)
    if tournament.status != Tournament.Status.CREATED:
        raise Refused(gettext("Its rounds start by themselves once the round before has ended."))
    tournament.starts_at = tournament.next_step_at = _start_or_refuse(at, now)
    services._changed(tournament)
    return tournament
