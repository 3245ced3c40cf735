"""Everything that changes a tournament: validate, write, then announce after commit
(tournaments/events.py). Its matches are made through ``games.services`` alone, as a
challenge's are; pairing and standings are the pure functions of ``tournaments.formats``.

Every step that moves a tournament on (its start, a round, an Arena's pairing, its end) is
taken by ``tournament_advance`` under the tournament's row lock, so that the reaction to a
match's end, the worker's task and its minute sweep, in any number of workers, take each step
once; the unique round and table numbers are the last line of defence. Every function takes
``now`` (server milliseconds) so that tests pass their own clock.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext

from accounts.models import User
from clubs import selectors as clubs
from games import services as match_services
from games.clock_words import offered
from games.clocks import LEFT_EARLY, TimeControl
from games.errors import Refused
from games.models import Match
from ratings.models import Rating
from ratings.scale import INITIAL, SCALE, final_places
from ratings.services import leavers
from tournaments import events, formats
from tournaments.models import Entry, Pairing, Round, Tournament

log = logging.getLogger(__name__)

MAX_PLAYERS = 500
MAX_SWISS_ROUNDS = 20
MAX_ENCOUNTER = 6
ARENA_MINUTES = (10, 20, 30, 45, 60, 90, 120, 180)
#: How far ahead a tournament may be announced.
MAX_LEAD_MS = 30 * 24 * 3600 * 1000
#: Tournaments one member may have upcoming at once.
UPCOMING_PER_CREATOR = 5
DAY_MS = 24 * 3600 * 1000


def round_pause_ms() -> int:
    """Real time: the pause between a round's end and the next round, so every player sees
    the standings and the countdown before their next match opens."""
    return int(settings.TOURNAMENT_ROUND_PAUSE_SECONDS * 1000)


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
    if format == Tournament.Format.SWISS and not (type(rounds) is int and 1 <= rounds <= 20):
        raise Refused(gettext("A Swiss has 1 to %(most)d rounds.") % {"most": MAX_SWISS_ROUNDS})
    if format == Tournament.Format.ROUND_ROBIN:
        rounds = 0  # the schedule's, set at the start
        if table_size == 2 and not (
            type(encounter) is int and 2 <= encounter <= MAX_ENCOUNTER and encounter % 2 == 0
        ):
            raise Refused(
                gettext("An encounter is an even number of matches, 2 to %(most)d.")
                % {"most": MAX_ENCOUNTER}
            )
    if format == Tournament.Format.ARENA:
        if minutes not in ARENA_MINUTES:
            raise Refused(
                gettext("An Arena lasts %(choices)s minutes.")
                % {"choices": ", ".join(str(m) for m in ARENA_MINUTES)}
            )
        if not control.realtime:
            raise Refused(gettext("An Arena is played in real time."))
    elif not control.realtime and not (type(round_days) is int and 1 <= round_days <= 30):
        raise Refused(gettext("A correspondence round lasts 1 to 30 days."))
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
    upcoming = Tournament.objects.filter(created_by=creator, status=Tournament.Status.CREATED)
    if upcoming.count() >= UPCOMING_PER_CREATOR:
        raise Refused(
            gettext("You already have %(count)d tournaments waiting to start: wait for one first.")
            % {"count": UPCOMING_PER_CREATOR}
        )
    tournament = Tournament.objects.create(
        name=name,
        game=game,
        options=options,
        table_size=table_size,
        format=format,
        rounds=rounds if format == Tournament.Format.SWISS else 0,
        encounter=encounter if format == Tournament.Format.ROUND_ROBIN else 2,
        minutes=minutes if format == Tournament.Format.ARENA else 0,
        time_control=control.to_json(),
        round_days=0 if control.realtime else round_days,
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


def joinable_until(tournament: Tournament) -> int:
    """The last round a player may still join before (0: only before the start): a Swiss
    takes players until half its rounds are played (they get half-point byes for the rounds
    they missed); the other formats until the start, an Arena while it runs."""
    if tournament.format == Tournament.Format.SWISS:
        return tournament.rounds // 2
    return 0


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
            _unpause(tournament, entry, now)  # joining again comes back, as on lichess
            _changed(tournament)
        return entry
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused(gettext("This tournament has finished."))
    clubs.check_may_enter(tournament, user)
    started = tournament.status == Tournament.Status.STARTED
    closed = started and tournament.format != Tournament.Format.ARENA
    if closed and tournament.current_round > joinable_until(tournament):
        raise Refused(gettext("This tournament is under way: it takes no more players."))
    playing = Entry.objects.filter(tournament=tournament, withdrawn=False)
    if playing.count() >= tournament.max_players:
        raise Refused(gettext("This tournament is full."))
    next_round = tournament.current_round + 1 if started else 1
    if entry is None:
        entry = Entry(tournament=tournament, user=user, joined_at=now, joined_round=next_round)
    elif started and tournament.format == Tournament.Format.SWISS and entry.missed >= 2:
        raise Refused(gettext("You were withdrawn for missing two first moves."))
    entry.withdrawn = False
    if tournament.format == Tournament.Format.ARENA and started:
        entry.waiting_since = None if _playing(tournament, user.pk) else now
    entry.save()
    if started:
        _arena_pair(tournament, now)
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
        if (
            tournament.format == Tournament.Format.SWISS
            and tournament.current_round > joinable_until(tournament)
        ):
            raise Refused(gettext("Past half its rounds, nobody withdraws from a Swiss."))
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
    if tournament.format == Tournament.Format.ARENA and (
        tournament.status == Tournament.Status.STARTED
    ):
        return tournament_pause(public_id=public_id, user=user, paused=True, now=now)
    return tournament_withdraw(public_id=public_id, user=user, now=now)


@transaction.atomic
def tournament_pause(*, public_id: str, user, paused: bool, now: int) -> Entry:
    """In an Arena, ``user`` stops being paired (``paused``) or comes back (paired at once
    with whoever waits)."""
    tournament = _locked(public_id)
    if tournament.format != Tournament.Format.ARENA:
        raise Refused(gettext("Only an Arena can be paused."))
    entry = Entry.objects.filter(tournament=tournament, user=user, withdrawn=False).first()
    if entry is None:
        raise NotFound(gettext("You are not playing in this tournament."))
    if paused:
        entry.paused = True
        entry.save(update_fields=["paused"])
    elif entry.paused:
        _unpause(tournament, entry, now)
    _changed(tournament)
    return entry


def _unpause(tournament: Tournament, entry: Entry, now: int) -> None:
    """``entry`` comes back to an Arena: waiting (unless playing) and paired at once."""
    entry.paused = False
    if entry.waiting_since is None and not _playing(tournament, entry.user_id):
        entry.waiting_since = now
    entry.save(update_fields=["paused", "waiting_since"])
    if tournament.status == Tournament.Status.STARTED:
        _arena_pair(tournament, now)


def _playing(tournament: Tournament, user_id: int) -> bool:
    return any(
        user_id in p.seats
        for p in tournament.pairings.filter(places__isnull=True, match__isnull=False).only("seats")
    )


@transaction.atomic
def tournament_start_now(*, public_id: str, user, now: int) -> Tournament:
    """The creator starts their upcoming tournament at once (a class whose players are all
    in need not wait for the announced time)."""
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
    tournament.starts_at = now
    _advance(tournament, now)
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
        seat = result.get("seat", 0)
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
        last = tournament.pairings.aggregate(n=Max("finished_order"))["n"] or 0
        pairing.finished_order = last + 1
        pairing.save(update_fields=["places", "forfeit", "finished_order"])
        entries = {e.user_id: e for e in tournament.entries.filter(user_id__in=pairing.seats)}
        for user_id, lost in zip(pairing.seats, pairing.forfeit, strict=True):
            entry = entries[user_id]
            if lost:
                entry.missed += 1
                if tournament.format == Tournament.Format.SWISS and entry.missed >= 2:
                    entry.withdrawn = True
                if tournament.format == Tournament.Format.ARENA:
                    entry.paused = True  # not paired again until they come back
            if tournament.format == Tournament.Format.ARENA and not entry.withdrawn:
                entry.waiting_since = now
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
        if not _start(tournament, now):
            return []
    if tournament.status != Tournament.Status.STARTED:
        return []
    if tournament.format == Tournament.Format.ARENA:
        if now >= tournament.ends_at:
            _finish(tournament, now)
            return []
        return _arena_pair(tournament, now)
    return _next_round_if_due(tournament, now)


def _start(tournament: Tournament, now: int) -> bool:
    """Starts ``tournament`` with its entries; with too few it ends unplayed."""
    entries = list(tournament.entries.filter(withdrawn=False).order_by("joined_at", "id"))
    tournament.status = Tournament.Status.STARTED
    if len(entries) < max(2, tournament.table_size):
        _finish(tournament, now)
        return False
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
        entry.waiting_since = now if tournament.format == Tournament.Format.ARENA else None
    Entry.objects.bulk_update(entries, ["seed", "waiting_since"])
    if tournament.format == Tournament.Format.ARENA:
        tournament.ends_at = now + tournament.minutes * 60_000
        tournament.next_step_at = tournament.ends_at
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        tournament.rounds = len(_schedule(tournament))
    return True


def _finish(tournament: Tournament, now: int) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.next_step_at = None
    tournament.ends_at = min(tournament.ends_at or now, now)


def _schedule(tournament: Tournament) -> list[formats.Pairing]:
    keys = [str(e.user_id) for e in tournament.entries.order_by("seed", "id")]
    return formats.round_robin_schedule(
        keys, table_size=tournament.table_size, matches_per_encounter=tournament.encounter
    )


def _next_round_if_due(tournament: Tournament, now: int) -> list[Pairing]:
    """Round robin and Swiss: the next round once the current one has ended (real time:
    after ``round_pause_ms``) or reached its deadline (correspondence); the close after the
    last."""
    current = tournament.round_set.filter(number=tournament.current_round).first()
    if current is not None:
        open_tables = tournament.pairings.filter(round=current.number, places__isnull=True).exclude(
            match=None
        )
        ended = not open_tables.exists()
        if ended and current.ended_at is None:
            current.ended_at = now
            current.save(update_fields=["ended_at"])
        if tournament.current_round >= tournament.rounds:
            tournament.next_step_at = None  # only its matches' ends close it now
            if (
                ended
                and not tournament.pairings.filter(places__isnull=True).exclude(match=None).exists()
            ):
                _finish(tournament, now)
            return []
        if not ended and not (current.deadline is not None and now >= current.deadline):
            return []
        if ended and tournament.control.realtime:
            due = current.ended_at + round_pause_ms()
            if now < due:
                tournament.next_step_at = due
                return []
    return _make_round(tournament, tournament.current_round + 1, now)


def _make_round(tournament: Tournament, number: int, now: int) -> list[Pairing]:
    entries = list(tournament.entries.all())
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        planned = _schedule(tournament)[number - 1]
    else:
        planned = formats.swiss_pairing(
            _entrants(tournament, entries),
            results(tournament),
            number,
            full_byes(tournament),
            table_size=tournament.table_size,
        )
    deadline = None if tournament.control.realtime else now + tournament.round_days * DAY_MS
    try:
        with transaction.atomic():
            Round.objects.create(
                tournament=tournament, number=number, started_at=now, deadline=deadline
            )
    except IntegrityError:  # another worker made it: the row lock makes this unreachable
        log.error("round %s of tournament %s made twice", number, tournament.pk)
        return []
    tournament.current_round = number
    tournament.next_step_at = deadline
    playing = {str(e.user_id) for e in entries if not e.withdrawn}
    made = []
    table = 0
    for planned_table in planned.tables:
        table += 1
        if set(planned_table.seats) <= playing:
            made.append(_table(tournament, number, table, planned_table.seats, now))
        else:  # a round robin's table of a player who withdrew after the start
            _forfeited(tournament, number, table, planned_table.seats, playing, now)
    for key in planned.byes:
        table += 1
        Pairing.objects.create(
            tournament=tournament, round=number, table=table, seats=[int(key)], created_at=now
        )
    return [p for p in made if p.match_id]


def _table(tournament: Tournament, round: int, table: int, seats, now: int) -> Pairing:
    """One table's pairing and its match, made through the match services as a challenge's
    is: the first seat creates it, the others join it, and it starts at once. The match is
    ``scheduled``: the hourly limit on a person's new matches does not count it. A player the
    services still refuse a seat (too many matches at once) loses that match by forfeit."""
    user_ids = [int(k) for k in seats]
    users = {u.pk: u for u in User.objects.filter(pk__in=user_ids)}
    pairing = Pairing(
        tournament=tournament, round=round, table=table, seats=user_ids, created_at=now
    )
    seating = None
    try:
        with transaction.atomic():
            seating = user_ids[0]
            match = match_services.match_create(
                game=tournament.game,
                creator=users[seating],
                options=tournament.options,
                seat=0,
                players=len(user_ids),
                time_control=tournament.control,
                now=now,
                private=tournament.private,
                rated=tournament.rated,
                scheduled=True,
            )
            for seat, user_id in enumerate(user_ids[1:], start=1):
                seating = user_id
                match_services.match_join(
                    match_id=match.pk,
                    user=users[user_id],
                    seat=seat,
                    now=now,
                    invite=match.invite,
                    scheduled=True,
                )
            pairing.match = match
    except Refused as refused:
        log.warning("tournament %s: %s refused a seat: %s", tournament.pk, seating, refused)
        pairing.places = [len(user_ids) if u == seating else 1 for u in user_ids]
        pairing.forfeit = [u == seating for u in user_ids]
    pairing.save()
    return pairing


def _forfeited(
    tournament: Tournament, round: int, table: int, seats, playing: set[str], now: int
) -> None:
    """A round robin's table with a withdrawn player is not played: each withdrawn seat
    forfeits (last, scoring nothing) and the others share first place, as a club scores the
    games a player who left can no longer play, so that every opponent of theirs scores the
    same against them whether they met before or after (docs/rules.md §8.5)."""
    gone = [key not in playing for key in seats]
    last = tournament.pairings.aggregate(n=Max("finished_order"))["n"] or 0
    Pairing.objects.create(
        tournament=tournament,
        round=round,
        table=table,
        seats=[int(k) for k in seats],
        places=[len(seats) if out else 1 for out in gone],
        forfeit=gone,
        finished_order=last + 1,
        created_at=now,
    )


def _arena_pair(tournament: Tournament, now: int) -> list[Pairing]:
    """An Arena pairs whoever waits, at once, until its end."""
    if tournament.status != Tournament.Status.STARTED or now >= (tournament.ends_at or 0):
        return []
    entries = list(tournament.entries.all())
    waiting = [
        e for e in entries if e.waiting_since is not None and not e.paused and not e.withdrawn
    ]
    if len(waiting) < tournament.table_size:
        return []
    ranks = {s.key: s.rank for s in standings(tournament, entries)}
    last: dict[str, tuple[str, ...]] = {}
    for pairing in tournament.pairings.exclude(match=None).order_by("table"):
        for user_id in pairing.seats:
            last[str(user_id)] = tuple(str(u) for u in pairing.seats if u != user_id)
    # Players at a table now are free soon: while any is, two who just met wait for them.
    playing = sum(
        1 for e in entries if e.waiting_since is None and not e.paused and not e.withdrawn
    )
    planned = formats.arena_pairing(
        _entrants(tournament, waiting),
        ranks,
        last,
        table_size=tournament.table_size,
        playing=playing,
    )
    table = (tournament.pairings.aggregate(n=Max("table"))["n"] or 0) + 1
    made = []
    by_key = {str(e.user_id): e for e in waiting}
    for planned_table in planned.tables:
        pairing = _table(tournament, 0, table, planned_table.seats, now)
        made.append(pairing)
        table += 1
        refusals = pairing.forfeit or [False] * len(planned_table.seats)
        for key, refused in zip(planned_table.seats, refusals, strict=True):
            entry = by_key[key]
            if pairing.match_id:
                entry.waiting_since = None  # playing
            elif refused:
                entry.paused = True  # the services refused them a seat (their limits)
            entry.save(update_fields=["waiting_since", "paused"])
    return [p for p in made if p.match_id]


# --- What the formats read ------------------------------------------------------------------


def _entrants(tournament: Tournament, entries: list[Entry]) -> list[formats.Entrant]:
    ratings = {
        r.user_id: r.mu * SCALE
        for r in Rating.objects.filter(
            game=tournament.game, user_id__in=[e.user_id for e in entries]
        )
    }
    return [
        formats.Entrant(
            key=str(e.user_id),
            rating=ratings.get(e.user_id, INITIAL.rating),
            joined_round=e.joined_round,
            withdrawn=e.withdrawn,
            paused=e.paused,
        )
        for e in entries
    ]


def results(tournament: Tournament) -> list[formats.Result]:
    """Every finished table with a match (or forfeited for a refused seat), in the order
    they finished."""
    done = tournament.pairings.filter(places__isnull=False).order_by("finished_order", "id")
    return [
        formats.Result(
            round=p.round,
            seats=tuple(str(u) for u in p.seats),
            places=tuple(p.places),
            forfeit=tuple(p.forfeit),
            order=p.finished_order or 0,
        )
        for p in done
        if not p.bye
    ]


def full_byes(tournament: Tournament) -> dict[str, list[int]]:
    byes: dict[str, list[int]] = {}
    for pairing in tournament.pairings.filter(match=None):
        if pairing.bye:
            byes.setdefault(str(pairing.seats[0]), []).append(pairing.round)
    return byes


def half_byes(entries: list[Entry], current_round: int) -> dict[str, list[int]]:
    """A late joiner's missed Swiss rounds, each half a point."""
    return {
        str(e.user_id): list(range(1, min(e.joined_round, current_round + 1)))
        for e in entries
        if e.joined_round > 1
    }


def standings(tournament: Tournament, entries: list[Entry] | None = None):
    """The standings now (``formats.Standing`` per entry, best first)."""
    entries = list(tournament.entries.all()) if entries is None else entries
    swiss = tournament.format == Tournament.Format.SWISS
    return formats.standings(
        tournament.format,
        _entrants(tournament, entries),
        results(tournament),
        byes=full_byes(tournament) if swiss else None,
        half_byes=half_byes(entries, tournament.current_round) if swiss else None,
        table_size=tournament.table_size,
    )


def due(now: int) -> list[int]:
    """The tournaments with a step due at ``now``, for the worker's sweep (whatever a lost
    task would have done): a start or a deadline passed, an Arena with players waiting, a
    round whose every match ended."""
    running = Tournament.objects.exclude(status=Tournament.Status.FINISHED)
    ids = set(running.filter(next_step_at__lte=now).values_list("pk", flat=True))
    for tournament in running.filter(status=Tournament.Status.STARTED).only(
        "pk", "format", "current_round", "table_size"
    ):
        pending = tournament.pairings.filter(places__isnull=True).exclude(match=None)
        if tournament.format == Tournament.Format.ARENA:
            waiting = tournament.entries.filter(
                waiting_since__isnull=False, paused=False, withdrawn=False
            )
            if waiting.count() >= tournament.table_size:
                ids.add(tournament.pk)
        elif not pending.filter(round=tournament.current_round).exists():
            ids.add(tournament.pk)
        if pending.filter(match__status=Match.Status.FINISHED).exists():
            ids.add(tournament.pk)  # a match's end its reaction missed
    return sorted(ids)


def record_missed(now: int) -> int:
    """Records the ends of tournament matches whose reaction was lost; how many."""
    finished = Pairing.objects.filter(places__isnull=True, match__status=Match.Status.FINISHED)
    count = 0
    for match_id in finished.values_list("match_id", flat=True)[:500]:
        count += pairing_record(match_id=match_id, now=now) is not None
    return count
