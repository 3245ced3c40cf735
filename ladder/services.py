"""Everything that changes the ladder: joining and leaving, a scheduling round, and what a
finished ladder match means for its programs (docs/api.md, "The ladder").

A round locks its game's ``Round`` row from counting what runs to creating the new matches,
so two workers scheduling at once make every match once. The matches are made through
``games.services`` as the challenges app makes them (``match_create``, ``match_join``); their
start puts ``gameStart`` on each program's event stream (api/reactions.py).
"""

from __future__ import annotations

import logging
import random
import secrets
from collections import Counter
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from api.selectors import with_event_stream
from games import services as match_services
from games.bot_accounts import bot_user
from games.bots.levels import LEVELS
from games.clocks import TimeControl
from games.errors import Refused
from games.models import Match, Move
from games.plaintext import clean
from games.registry import GAMES, get_game
from ladder import schedule
from ladder.models import Entry, LadderMatch, Round
from ratings.models import Rating
from ratings.scale import MODEL, SCALE, ordinal

log = logging.getLogger(__name__)
User = get_user_model()

RUNNING = (Match.Status.WAITING, Match.Status.ACTIVE)
OWNER_CHARS = 30
#: The level a joining program plays its check matches against.
CHECK_LEVEL = "easy"
CHECK_MATCHES = 2
#: A leave for one of these reasons means the program stopped answering: it is paused.
NOT_ANSWERING = {"time": Entry.Reason.TIME, "abandoned": Entry.Reason.GONE}


def limits(game: str) -> schedule.Limits:
    """The ladder's limits for ``game`` (settings ``LADDER_*``): power companies seats tables
    of three or four, the other games two."""
    engine = get_game(game).engine
    tables = (3, 4) if engine.max_players > 2 else (2,)
    return schedule.Limits(
        per_day=settings.LADDER_MATCHES_PER_DAY,
        running_per_program=settings.LADDER_RUNNING_PER_PROGRAM,
        running_total=settings.LADDER_RUNNING_TOTAL,
        computer_share=settings.LADDER_COMPUTER_SHARE,
        k=settings.LADDER_NEAREST,
        window=settings.LADDER_WINDOW,
        tables=tables,
    )


def clock(game: str) -> TimeControl:
    """A ladder match's clock: the game's quickest real-time preset, so the first-move rule
    (docs/rules.md §7.3) finds a program that does not answer."""
    minutes, increment = get_game(game).clock_presets[0]
    return TimeControl.parse(f"{minutes}+{increment}")


def owners_of(user, owner: str = "") -> frozenset[str]:
    """Who stands behind a program: its account, the email address it gives and the owner's
    name given on joining (a person's programs share an address or a name, and are never
    seated together)."""
    owners = {f"user:{user.pk}"}
    if user.email:
        owners.add(f"mail:{user.email.strip().lower()}")
    if owner:
        owners.add(f"name:{owner.casefold()}")
    return frozenset(owners)


def _checked_game(game: str) -> str:
    if game not in GAMES:
        raise Refused(
            gettext("There is no game “%(game)s”: one of %(games)s.")
            % {"game": game, "games": ", ".join(GAMES)}
        )
    return game


@transaction.atomic
def ladder_join(*, user, game: str, owner: str | None = None, at: datetime | None = None) -> Entry:
    """``user``'s program stands on ``game``'s ladder: first its check matches against Easy
    (``Entry.State.CHECKING``), then the ladder. Joining again while on it changes nothing
    (but the ``owner`` name, when given); a paused or departed program checks again."""
    _checked_game(game)
    if owner is not None:
        owner = clean(owner)
        if len(owner) > OWNER_CHARS:
            raise Refused(
                gettext("An owner's name has at most %(count)d characters.")
                % {"count": OWNER_CHARS}
            )
    if not getattr(user, "is_program", False):
        raise Refused(
            gettext(
                "Only a program's account stands on the ladder: upgrade it first "
                "(POST /api/bot/account/upgrade)."
            )
        )
    at = at or timezone.now()
    entry, created = Entry.objects.select_for_update().get_or_create(
        user=user, game=game, defaults={"joined_at": at, "changed_at": at, "owner": owner or ""}
    )
    if owner is not None and owner != entry.owner:
        entry.owner = owner
        entry.save(update_fields=["owner"])
    if not created and entry.state in (Entry.State.PAUSED, Entry.State.OFF):
        entry.state, entry.reason, entry.reason_match = Entry.State.CHECKING, "", ""
        entry.joined_at = entry.changed_at = at
        entry.save(update_fields=["state", "reason", "reason_match", "joined_at", "changed_at"])
    return entry


@transaction.atomic
def ladder_leave(*, user, game: str, at: datetime | None = None) -> Entry | None:
    """``user``'s program leaves ``game``'s ladder; its running matches play on. A pause's
    reason goes with it: an owner who took the program off reads no old reason after."""
    _checked_game(game)
    entry = Entry.objects.select_for_update().filter(user=user, game=game).first()
    if entry is not None and entry.state != Entry.State.OFF:
        entry.state, entry.changed_at = Entry.State.OFF, at or timezone.now()
        entry.reason = entry.reason_match = ""
        entry.save(update_fields=["state", "changed_at", "reason", "reason_match"])
    return entry


def _pause(user_id: int, game: str, reason: str, match: Match) -> None:
    """Takes a program off the ladder for ``reason`` (shown to its owner), unless it left."""
    Entry.objects.filter(
        user_id=user_id, game=game, state__in=[Entry.State.CHECKING, Entry.State.ON]
    ).update(
        state=Entry.State.PAUSED,
        reason=reason,
        reason_match=match.public_id,
        changed_at=timezone.now(),
    )


# --- A round -------------------------------------------------------------------------------


def schedule_round(
    game: str, *, rng: random.Random | None = None, at: datetime | None = None
) -> list[Match]:
    """One scheduling round of ``game``'s ladder: the check matches of joining programs, then
    the encounters ``schedule.plan`` draws, for the programs with an event stream open.
    Returns the matches made."""
    rng = rng or random.Random(secrets.randbits(64))
    # Made by another worker at the same moment? get_or_create reads its row then.
    Round.objects.get_or_create(game=game)
    with transaction.atomic():
        row = Round.objects.select_for_update().get(game=game)
        # Read once the lock is held: a round that waited for another's stamps its matches
        # after that round's, and after every match it then counts as finished.
        at = at or timezone.now()
        entries = list(
            Entry.objects.filter(
                game=game, state__in=[Entry.State.CHECKING, Entry.State.ON]
            ).select_related("user")
        )
        online = with_event_stream(e.user_id for e in entries)
        made = _checks(game, [e for e in entries if e.user_id in online], at)
        made += _ladder(game, entries, online, rng, at, row)
    return made


def _check_matches(user, game: str, since: datetime):
    """``user``'s check matches of ``game`` made since it joined."""
    return LadderMatch.objects.filter(
        kind=LadderMatch.Kind.CHECK, game=game, match__seats__user=user, created_at__gte=since
    ).select_related("match")


def _checks(game: str, entries: list[Entry], at: datetime) -> list[Match]:
    """Two matches against Easy, seats swapped, for each joining program that has none
    running and has not finished its two yet (a check match the match services refused is
    made again at a later round)."""
    made = []
    for entry in entries:
        if entry.state != Entry.State.CHECKING:
            continue
        checks = list(_check_matches(entry.user, game, entry.joined_at))
        if any(c.match.status in RUNNING for c in checks) or len(checks) >= CHECK_MATCHES:
            continue
        computer = bot_user(CHECK_LEVEL)
        made += _encounter(
            game,
            (entry.user_id, computer.pk),
            {entry.user_id: entry.user, computer.pk: computer},
            LadderMatch.Kind.CHECK,
            at,
        )
    return made


def _counts(game: str, at: datetime) -> tuple[Counter, Counter, int, int]:
    """(ladder matches per player in the last day, running ladder-made matches per player,
    running ladder matches, those of them with a computer seated)."""
    day = LadderMatch.objects.filter(
        game=game, kind=LadderMatch.Kind.LADDER, created_at__gte=at - timedelta(days=1)
    )
    recent = Counter(day.values_list("match__seats__user", flat=True))
    running_rows = LadderMatch.objects.filter(game=game, match__status__in=RUNNING)
    running = Counter(running_rows.values_list("match__seats__user", flat=True))
    ladder_running = running_rows.filter(kind=LadderMatch.Kind.LADDER)
    total = ladder_running.count()
    computers = ladder_running.filter(match__seats__user__bot_level__gt="").distinct().count()
    return recent, running, total, computers


def _rating(ratings: dict, user_id: int) -> float:
    mu, sigma = ratings.get(user_id, (MODEL.mu, MODEL.sigma))
    return SCALE * ordinal(mu, sigma)


def _ladder(
    game: str, entries: list[Entry], online: set[int], rng, at: datetime, row: Round
) -> list[Match]:
    recent, running, total, computer_running = _counts(game, at)
    computers = [bot_user(level) for level in LEVELS]
    playing = [e for e in entries if e.state == Entry.State.ON and e.user_id in online]
    users = {e.user_id: e.user for e in playing} | {c.pk: c for c in computers}
    names = {e.user_id: e.owner for e in playing}
    ratings = {
        r.user_id: (r.mu, r.sigma)
        for r in Rating.objects.filter(game=game, user_id__in=list(users))
    }
    entrants = [
        schedule.Entrant(
            key=pk,
            owners=frozenset({"computer"}) if user.bot_level else owners_of(user, names[pk]),
            rating=_rating(ratings, pk),
            recent=recent[pk],
            running=running[pk],
            computer=bool(user.bot_level),
        )
        for pk, user in users.items()
    ]
    rules = limits(game)
    encounters = schedule.plan(
        entrants, rules, rng, running=total, computer_running=computer_running
    )
    made = []
    for encounter in encounters:
        made += _encounter(game, encounter.seats, users, LadderMatch.Kind.LADDER, at)
    row.queue = _queue(entries, online, recent, running, rules, encounters)
    row.ran_at = at
    row.save(update_fields=["queue", "ran_at"])
    return made


def _queue(entries, online, recent, running, rules, encounters) -> list[dict]:
    """The ladder page's queue: every program on it, in the order the next round would seat
    them (fewest matches in the last day first), with what keeps it waiting."""
    seated = {k for e in encounters for k in e.seats}
    rows = []
    for entry in entries:
        pk = entry.user_id
        if entry.state == Entry.State.CHECKING:
            why = "checking"
        elif pk not in online:
            why = "no-stream"
        elif pk in seated:
            why = "seated"
        elif recent[pk] + rules.matches > rules.per_day:
            why = "day-cap"
        elif running[pk] + rules.matches > rules.running_per_program:
            why = "playing"
        else:
            why = "waiting"
        rows.append({"user": pk, "recent": recent[pk], "why": why})
    rows.sort(key=lambda r: (r["why"] != "seated", r["recent"], r["user"]))
    return rows


def _encounter(game: str, seats: tuple[int, ...], users: dict, kind: str, at) -> list[Match]:
    """The matches of one table, the seats turned by one between them, each in a savepoint:
    one the match services refuse (a program at its limits) is left out and logged."""
    code = secrets.token_hex(8)
    control = clock(game)
    made = []
    for seating in schedule.seatings(schedule.Encounter(seats), CHECK_MATCHES):
        try:
            with transaction.atomic():
                match = _match(game, [users[k] for k in seating], control, kind)
                LadderMatch.objects.create(
                    match=match, game=game, kind=kind, encounter=code, created_at=at
                )
        except Refused as refused:
            log.warning("ladder %s: %s refused: %s", game, seating, refused)  # pragma: no mutate
            continue
        made.append(match)
    return made


def _match(game: str, seated: list, control: TimeControl, kind: str) -> Match:
    bots = {i: u.bot_level for i, u in enumerate(seated) if u.bot_level}
    people = [(i, u) for i, u in enumerate(seated) if not u.bot_level]
    first_seat, creator = people[0]
    match = match_services.match_create(
        game=game,
        creator=creator,
        seat=first_seat,
        players=len(seated),
        time_control=control,
        bots=bots,
        rated=kind == LadderMatch.Kind.LADDER,
        scheduled=True,  # the ladder's own caps bound these seats, not a person's hourly limit
    )
    for index, user in people[1:]:
        match = match_services.match_join(
            match_id=match.pk, user=user, seat=index, scheduled=True
        )  # an open match (the ladder's are watched by anyone): no invite is asked
    return match


# --- A ladder match ends -------------------------------------------------------------------


def match_over(match: Match) -> None:
    """``match`` has ended: if the ladder made it, a program that did not answer in time is
    paused (the reason shown to its owner), and a program's check matches, once both are
    over, put it on the ladder or pause it."""
    made = LadderMatch.objects.filter(match=match).first()
    if made is None:
        return
    seats = {s.index: s.user for s in match.seat_list()}
    result = match.result or {}
    failed: dict[int, str] = {}
    if match.aborted and result.get("reason") == "aborted":  # a first move missed (§7.3)
        failed[result.get("seat")] = Entry.Reason.FIRST_MOVE
    for seat, move in Move.objects.filter(match=match, move__type="leave").values_list(
        "seat", "move"
    ):
        reason = NOT_ANSWERING.get(move.get("reason"))
        if reason is not None:
            failed.setdefault(seat, reason)
    for seat, reason in failed.items():
        user = seats.get(seat)
        if user is not None and not user.bot_level:
            _pause(user.pk, match.game, reason, match)
    if made.kind == LadderMatch.Kind.CHECK:
        _check_over(made, seats, failed)


def _check_over(made: LadderMatch, seats: dict, failed: dict) -> None:
    """A check match ended: once the program's checks since it joined are all over, two of
    them, and none was aborted, it stands on the ladder."""
    program_seats = [seat for seat, user in seats.items() if not user.bot_level]
    if not program_seats or any(seat in failed for seat in program_seats):
        return  # paused above
    program = seats[program_seats[0]]
    entry = Entry.objects.filter(user=program, game=made.game, state=Entry.State.CHECKING).first()
    if entry is None:
        return
    checks = list(_check_matches(program, made.game, entry.joined_at))
    if any(c.match.status in RUNNING for c in checks):
        return
    if any(c.match.aborted for c in checks):  # left before every seat moved
        _pause(program.pk, made.game, Entry.Reason.CHECK, made.match)
    elif len(checks) >= CHECK_MATCHES:
        Entry.objects.filter(pk=entry.pk, state=Entry.State.CHECKING).update(
            state=Entry.State.ON, changed_at=timezone.now()
        )
