"""Everything that changes a tournament: validate, write, then announce after commit
(tournaments/events.py). What a format does (its terms, who joins and leaves when, its start
and steps) is its director's (``tournaments.directors``); its matches are made through
``games.services`` alone, as a challenge's are.

Every step that moves a tournament on (its start, a round, an Arena's pairing, its end) is
taken by ``tournament_advance`` under the tournament's row lock, so that the reaction to a
match's end, the worker's task and its minute sweep, in any number of workers, take each step
once; the unique round and table numbers are the last line of defence. Every function takes
``now`` (server milliseconds) so that tests pass their own clock.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from clubs import selectors as clubs
from games import services as match_services
from games.clock_words import offered
from games.clocks import LEFT_EARLY, TimeControl
from games.errors import Refused
from games.models import Match
from ratings.scale import final_places
from ratings.services import leavers
from tournaments import events, formats
from tournaments.directors import DIRECTORS, director
from tournaments.directors.base import finish
from tournaments.directors.tables import finished_next
from tournaments.models import Entry, Pairing, Tournament

MAX_PLAYERS = 500
#: How far ahead a tournament may be announced.
MAX_LEAD_MS = 30 * 24 * 3600 * 1000
#: Tournaments one member may have upcoming at once, counting those that ended unplayed
#: for want of players within ``UNPLAYED_COUNTS_MS`` (docs/rules.md §8.5): one that starts
#: at once with nobody in ends at once, and would otherwise free its place at once.
UPCOMING_PER_CREATOR = 5
UNPLAYED_COUNTS_MS = 3600 * 1000
#: The lost match ends one sweep of the worker records (``record_missed``).
MISSED_PER_SWEEP = 500


class NotFound(Refused):
    """No such tournament, or a private one without its invite (the API answers 404)."""


# --- Creating ------------------------------------------------------------------------------


def _checked_control(control: TimeControl | None) -> TimeControl:
    """A tournament's matches have a clock: real time (Fischer) or days per turn."""
    control = offered(control)
    if not control.timed:
        raise Refused(gettext("A tournament's matches need a clock: real time or days per turn."))
    return control


@transaction.atomic
def tournament_create(
    *,
    creator,
    name: str,
    game: str,
    format: str,
    options: dict | None = None,
    table_size: int = 2,
    rounds: int = 0,
    encounter: int = 2,
    minutes: int = 0,
    time_control: TimeControl | None = None,
    round_days: int = 0,
    rated: bool = True,
    private: bool = False,
    max_players: int = 64,
    starts_at: int | None = None,
    club=None,
    now: int,
) -> Tournament:
    """A new tournament by ``creator`` (a member or a program, never a guest), starting at
    ``starts_at`` (None: now). Refused, saying why: terms ``games.services.match_create``
    would refuse, a format's missing numbers, a start in the past or too far ahead."""
    if not creator.is_authenticated or creator.is_guest or creator.is_bot:
        raise Refused(gettext("Guests cannot make tournaments: make an account first."))
    name = " ".join(str(name or "").split())[:60]
    if not name:
        raise Refused(gettext("A tournament needs a name."))
    if format not in formats.FORMATS:
        raise Refused(gettext("A tournament is a round robin, a Swiss or an Arena."))
    options = dict(options or {})
    engine = match_services.checked_game(game, options, table_size)
    match_services.setup_or_refuse(engine, table_size, 0, options)
    control = _checked_control(time_control)
    terms = DIRECTORS[format].terms(
        rounds=rounds,
        encounter=encounter,
        minutes=minutes,
        control=control,
        round_days=round_days,
        table_size=table_size,
    )
    if not (type(max_players) is int and table_size <= max_players <= MAX_PLAYERS):
        raise Refused(
            gettext("A tournament takes %(low)d to %(high)d players.")
            % {"low": table_size, "high": MAX_PLAYERS}
        )
    if club is not None:
        clubs.check_may_host(club, creator)
    starts_at = now if starts_at is None else starts_at
    if not now - 60_000 <= starts_at <= now + MAX_LEAD_MS:
        raise Refused(gettext("A tournament starts now or within 30 days."))
    list(User.objects.select_for_update().filter(pk=creator.pk).values_list("pk"))
    made = Tournament.objects.filter(created_by=creator)
    upcoming = made.filter(status=Tournament.Status.CREATED).count()
    unplayed = (
        made.filter(status=Tournament.Status.FINISHED, ends_at__gt=now - UNPLAYED_COUNTS_MS)
        .filter(pairings=None)
        .count()
    )
    if upcoming + unplayed >= UPCOMING_PER_CREATOR:
        raise Refused(
            gettext(
                "You already have %(count)d tournaments waiting to start or ended unplayed "
                "within the hour: wait for one first."
            )
            % {"count": UPCOMING_PER_CREATOR}
        )
    tournament = Tournament.objects.create(
        name=name,
        game=game,
        options=options,
        table_size=table_size,
        format=format,
        **terms,
        time_control=control.to_json(),
        rated=bool(rated) and not private,
        private=bool(private),
        max_players=max_players,
        club=club,
        created_by=creator,
        starts_at=max(starts_at, now),
        next_step_at=max(starts_at, now),
    )
    events.announce_on_commit(tournament)
    return tournament


# --- Joining, withdrawing, pausing -----------------------------------------------------------


def _locked(public_id: str) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(public_id=public_id).first()
    if tournament is None:
        raise NotFound(gettext("There is no such tournament."))
    return tournament


def _changed(tournament: Tournament) -> None:
    tournament.version += 1
    tournament.save()
    events.announce_on_commit(tournament)


@transaction.atomic
def tournament_join(*, public_id: str, user, invite: str | None = None, now: int) -> Entry:
    """Enters ``user`` (a member or a program; not a guest, not the table's computer).
    A private tournament needs its ``invite``. Joining again is a no-op, and so is coming
    back after withdrawing before the start; after it, a Swiss takes a withdrawn player back
    only while it takes new ones."""
    tournament = _locked(public_id)
    if tournament.private and invite != tournament.invite:
        raise NotFound(gettext("There is no such tournament."))
    if not user.is_authenticated or user.is_guest:
        raise Refused(gettext("Guests cannot play in tournaments: make an account first."))
    if user.is_bot:
        raise Refused(gettext("The table's computer players do not play in tournaments."))
    entry = Entry.objects.filter(tournament=tournament, user=user).first()
    if entry is not None and not entry.withdrawn:
        if entry.paused and tournament.status == Tournament.Status.STARTED:
            director(tournament).come_back(tournament, entry, now)  # as on lichess
            _changed(tournament)
        return entry
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused(gettext("This tournament has finished."))
    clubs.check_may_enter(tournament, user)
    started = tournament.status == Tournament.Status.STARTED
    steps = director(tournament)
    if started and not steps.takes_players(tournament, now):
        raise Refused(gettext("This tournament is under way: it takes no more players."))
    playing = Entry.objects.filter(tournament=tournament, withdrawn=False)
    if playing.count() >= tournament.max_players:
        raise Refused(gettext("This tournament is full."))
    next_round = tournament.current_round + 1 if started else 1
    if entry is None:
        entry = Entry(tournament=tournament, user=user, joined_at=now, joined_round=next_round)
    elif started and (refusal := steps.refuses_return(tournament, entry)):
        raise Refused(refusal)
    entry.withdrawn = False
    if started:
        steps.entering(tournament, entry, now)
    entry.save()
    if started:
        steps.joined(tournament, now)
    _changed(tournament)
    return entry


@transaction.atomic
def tournament_withdraw(*, public_id: str, user, now: int) -> Entry:
    """``user`` leaves: before the start their entry goes; after it (an Arena while it runs,
    a Swiss until half its rounds, a round robin at any time) they are paired no more and
    their results stay. A match they are playing goes on; a round robin's tables of theirs
    not yet made are forfeits (docs/rules.md §8.5)."""
    tournament = _locked(public_id)
    entry = Entry.objects.filter(tournament=tournament, user=user, withdrawn=False).first()
    if entry is None:
        raise NotFound(gettext("You are not playing in this tournament."))
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused(gettext("This tournament has finished."))
    if tournament.status == Tournament.Status.STARTED:
        if refusal := director(tournament).refuses_withdrawal(tournament):
            raise Refused(refusal)
        entry.withdrawn = True
        entry.waiting_since = None
        entry.save(update_fields=["withdrawn", "waiting_since"])
    else:
        entry.delete()
    _changed(tournament)
    return entry


@transaction.atomic
def tournament_leave(*, public_id: str, user, now: int) -> Entry:
    """lichess's withdraw (``POST /api/tournament/{id}/withdraw``): in a running Arena it is
    a pause, points and streak kept, and joining again comes back; anywhere else it is
    ``tournament_withdraw``."""
    tournament = _locked(public_id)
    if director(tournament).pauses and tournament.status == Tournament.Status.STARTED:
        return tournament_pause(public_id=public_id, user=user, paused=True, now=now)
    return tournament_withdraw(public_id=public_id, user=user, now=now)


@transaction.atomic
def tournament_pause(*, public_id: str, user, paused: bool, now: int) -> Entry:
    """In an Arena, ``user`` stops being paired (``paused``) or comes back (paired at once
    with whoever waits)."""
    tournament = _locked(public_id)
    if not director(tournament).pauses:
        raise Refused(gettext("Only an Arena can be paused."))
    entry = Entry.objects.filter(tournament=tournament, user=user, withdrawn=False).first()
    if entry is None:
        raise NotFound(gettext("You are not playing in this tournament."))
    if paused:
        entry.paused = True
        entry.save(update_fields=["paused"])
    elif entry.paused:
        director(tournament).come_back(tournament, entry, now)
    _changed(tournament)
    return entry


@transaction.atomic
def tournament_start_now(*, public_id: str, user, now: int) -> Tournament:
    """The creator starts their upcoming tournament at once (a class whose players are all
    in need not wait for the announced time). Its first round is the worker's step, due now
    (tournaments/tasks.py), not this request's: a round of 250 tables takes seconds."""
    tournament = _locked(public_id)
    if tournament.created_by_id != getattr(user, "pk", None):
        raise Refused(gettext("Only the tournament's creator can start it early."))
    if tournament.status != Tournament.Status.CREATED:
        raise Refused(gettext("This tournament has already started."))
    players = tournament.entries.filter(withdrawn=False).count()
    if players < max(2, tournament.table_size):
        raise Refused(
            gettext("A tournament needs %(count)d players to start.")
            % {"count": max(2, tournament.table_size)}
        )
    tournament.starts_at = tournament.next_step_at = now
    _changed(tournament)
    return tournament


# --- Results ------------------------------------------------------------------------------


def match_places(match: Match) -> tuple[list[int], list[bool]]:
    """Each seat's place in the finished ``match`` and whether it lost by forfeit.

    An aborted match counts in a tournament: the seat that missed its first move (docs/rules.md
    §7.3) loses by forfeit, one that left before everyone moved simply loses; the others share
    first place."""
    result = match.result or {}
    if match.aborted:
        seat = result["seat"]
        places = [match.players if s == seat else 1 for s in range(match.players)]
        missed = result.get("reason") != LEFT_EARLY
        return places, [missed and s == seat for s in range(match.players)]
    return final_places(result, match.players, leavers(match)), [False] * match.players


def pairing_record(*, match_id: int, now: int) -> Tournament | None:
    """Records the end of the tournament match ``match_id`` (once; None for a match of no
    tournament, or one recorded already) and takes whatever step it made due."""
    found = Pairing.objects.filter(match_id=match_id).values_list("tournament_id", flat=True)
    tournament_id = found.first()
    if tournament_id is None:
        return None
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        pairing = Pairing.objects.select_related("match").get(match_id=match_id)
        match = pairing.match
        if pairing.places is not None or match.status != Match.Status.FINISHED:
            return None
        places, forfeit = match_places(match)
        seats = [s.user_id for s in match.seat_list()]
        pairing.places = [places[seats.index(u)] for u in pairing.seats]
        pairing.forfeit = [forfeit[seats.index(u)] for u in pairing.seats]
        pairing.finished_order = finished_next(tournament)
        pairing.save(update_fields=["places", "forfeit", "finished_order"])
        entries = {e.user_id: e for e in tournament.entries.filter(user_id__in=pairing.seats)}
        for user_id, lost in zip(pairing.seats, pairing.forfeit, strict=True):
            entry = entries[user_id]
            if lost:
                entry.missed += 1
            director(tournament).recorded(entry, lost, now)
            entry.save()
        _advance(tournament, now)
        _changed(tournament)
        return tournament


# --- Steps --------------------------------------------------------------------------------


def tournament_advance(*, tournament_id: int, now: int) -> bool:
    """Takes every step of ``tournament_id`` due at ``now``: its start, a round, an Arena's
    pairing and end, its close. Whether anything changed. Safe in any number of workers: the
    row lock makes the second find the step taken."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status == Tournament.Status.FINISHED:
            return False
        before = (tournament.status, tournament.current_round, tournament.next_step_at)
        made = _advance(tournament, now)
        after = (tournament.status, tournament.current_round, tournament.next_step_at)
        if made or before != after:
            _changed(tournament)
            return True
        return False


def _advance(tournament: Tournament, now: int) -> list[Pairing]:
    """The steps due at ``now`` on the locked ``tournament``; returns the pairings made."""
    if tournament.status == Tournament.Status.CREATED:
        if tournament.starts_at > now:
            return []
        _start(tournament, now)
    if tournament.status != Tournament.Status.STARTED:  # too few came: it ended unplayed
        return []
    return director(tournament).step(tournament, now)


def _start(tournament: Tournament, now: int) -> None:
    """Starts ``tournament`` with its entries, seeded in the order they joined; with too few
    it ends unplayed."""
    entries = list(tournament.entries.filter(withdrawn=False).order_by("joined_at", "id"))
    tournament.status = Tournament.Status.STARTED
    if len(entries) < max(2, tournament.table_size):
        finish(tournament, now)
        return
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
    Entry.objects.bulk_update(entries, ["seed"])
    director(tournament).start(tournament, entries, now)


def record_missed(now: int) -> None:
    """Records the ends of tournament matches whose reaction was lost, at most
    ``MISSED_PER_SWEEP`` of them (the next sweep takes the rest)."""
    finished = Pairing.objects.filter(places__isnull=True, match__status=Match.Status.FINISHED)
    for match_id in finished.values_list("match_id", flat=True)[:MISSED_PER_SWEEP]:
        pairing_record(match_id=match_id, now=now)
