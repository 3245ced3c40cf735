"""Everything that changes a match: validate, write, then announce after commit.

The HTTP views, the WebSocket consumer and the computer players call these functions;
nothing else writes matches, seats or moves. What happens next (pushes to viewers, a
computer's turn, a flag at the deadline, emails) subscribes to the announcements in
games/events.py: this module does not know who listens.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from random import SystemRandom

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.throttle import Limit
from games import clocks, guard, positions
from games.bot_accounts import free_bot
from games.clocks import TimeControl
from games.errors import Refused
from games.events import announce_on_commit, match_ending
from games.models import Match, Move, Seat
from games.plaintext import clean_hint
from games.presence import seats_here
from games.records import RecordError, replay_record
from games.registry import Engine, IllegalMove, get_engine, get_game
from games.rules import play_entry
from games.store import matchlog, written_sql

ABSENCE_MS = 60_000  # the player to move may be claimed absent after this (docs/rules.md §7)
RUNNING = (Match.Status.WAITING, Match.Status.ACTIVE)
NEW_SEATS = Limit("new-seat", lambda: settings.NEW_MATCHES_PER_HOUR, lambda: 3600)


class _TimeUp(Exception):
    """The mover's clock fell before their move arrived (handled by ``move_play``)."""


def server_now() -> int:
    """The server's clock in milliseconds since the epoch: the only time a clock is charged
    by. Every service that reads time takes ``now`` so tests pass their own."""
    return time.time_ns() // 1_000_000


def checked_game(game: str, options: dict | None, players) -> Engine:
    """The rules engine of ``game`` when ``options`` fix only the setup's public parts
    (docs/rules.md §7.1) and it is played by ``players``; Refused, saying why, otherwise.
    Match creation and challenges (checked when made, not when accepted) share it."""
    try:
        declared = get_game(game)
    except KeyError:
        raise Refused(gettext("There is no game called “%(game)s”.") % {"game": game}) from None
    engine = declared.engine
    hidden = set(options or ()) - declared.public_options
    if hidden:
        allowed = ", ".join(sorted(declared.public_options)) or gettext("nothing")
        raise Refused(
            gettext("A custom setup may fix only what everyone sees (%(allowed)s), not %(hidden)s.")
            % {"allowed": allowed, "hidden": ", ".join(sorted(hidden))}
        )
    if type(players) is not int or not engine.min_players <= players <= engine.max_players:
        raise Refused(
            gettext("%(game)s is for %(low)d–%(high)d players, not %(players)s.")
            % {
                "game": engine.name,
                "low": engine.min_players,
                "high": engine.max_players,
                "players": players,
            }
        )
    return engine


def setup_or_refuse(engine: Engine, players: int, seed: int, options: dict | None):
    """``engine``'s setup for these options, or Refused when the engine cannot set them up."""
    try:
        return engine.setup(players=players, seed=seed, options=options or None)
    except (ValueError, TypeError) as error:
        raise Refused(gettext("Those options do not work: %(error)s") % {"error": error}) from None


@transaction.atomic
def match_create(
    *,
    game: str,
    creator,
    options: dict | None = None,
    seat: int | None = None,
    players: int = 2,
    time_control: TimeControl | None = None,
    bots: dict[int, str] | None = None,
    now: int | None = None,
    private: bool = False,
    rematch_of: Match | None = None,
    rated: bool = False,
    scheduled: bool = False,
) -> Match:
    """Returns a new match, ``creator`` in ``seat`` (None: a random seat).

    ``bots`` maps seats to computer levels; a creator who leaves no seat to people but
    every seat to bots watches a computer match. The match starts once every seat is taken.
    ``options`` may fix only the public parts of the setup (docs/rules.md §7): the hidden
    ones come from the seed, so nobody, the creator included, knows them in advance.
    ``private`` matches seat players through the invite link only. A match with computer
    players is refused beyond the limits of ``_computer_limits``. A ``rated`` match changes
    ratings when it ends (docs/rules.md §7.6); one created by a guest, a private one, or one
    that no person plays (the computer against itself), is casual. ``scheduled``: the table
    made this match for its players (a tournament's pairing), nobody asked for it, so the
    hourly limit against a person making matches does not apply (``_seat_limits``).
    """
    engine = checked_game(game, options, players)
    bots = bots or {}
    if any(not (type(s) is int and 0 <= s < players) for s in bots):
        raise Refused(
            gettext("A %(players)d-player match has seats 1 to %(players)d.") % {"players": players}
        )
    if len(bots) == players:
        seat = None  # the creator watches
    elif seat is None:
        seat = SystemRandom().choice([s for s in range(players) if s not in bots])
    elif not (type(seat) is int and 0 <= seat < players) or seat in bots:
        raise Refused(
            gettext("There is no free seat %(seat)s in a %(players)d-player match.")
            % {"seat": seat + 1, "players": players}
        )
    if bots:
        _computer_limits(creator, watching=seat is None)
    if seat is not None:
        _seat_limits(creator, scheduled=scheduled)
    seed = secrets.randbits(48)
    state = setup_or_refuse(engine, players, seed, options)
    match = Match.objects.create(
        game=game,
        seed=seed,
        options=options or {},
        players=players,
        state=engine.to_json(state),
        created_by=creator,
        time_control=(time_control or TimeControl()).to_json(),
        private=private,
        rematch_of=rematch_of,
        rated=rated and seat is not None and not creator.is_guest and not private,
    )
    users = {}
    for index, level in sorted(bots.items()):
        users[index] = free_bot(level, {u.username for u in users.values()})
    if seat is not None:
        users[seat] = creator
    Seat.objects.bulk_create(Seat(match=match, index=i, user=users.get(i)) for i in range(players))
    if len(users) == players:
        _start(match, now, state)
        announce_on_commit(match, started=True)
    return match


def _seat_limits(person, *, scheduled: bool = False) -> None:
    """Refuses ``person`` (never the table's computer) one more seat beyond the limits
    (settings): ``RUNNING_MATCHES_PER_PERSON`` matches waiting or running at once, and
    ``NEW_MATCHES_PER_HOUR`` seats taken an hour, counted here, so an account cannot play
    hundreds of matches against a second one of its own. Two requests at once may pass one
    over: a bound on volume, not an exact count.

    A ``scheduled`` seat (a tournament's pairing) is neither refused nor counted by the
    hourly limit: the tournament, not the person, chose how many matches they play (a fast
    Arena pairs a player again after every match), and a refusal there forfeits their match.
    The bound on matches at once still holds."""
    if person.is_bot:
        return
    limit = settings.NEW_MATCHES_PER_HOUR
    if not scheduled and NEW_SEATS.exceeded(str(person.pk)):
        raise Refused(
            gettext(
                "You have taken a seat in %(limit)d matches this hour, the most one person may. "
                "Finish a match, then try again later."
            )
            % {"limit": limit}
        )
    limit = settings.RUNNING_MATCHES_PER_PERSON
    if Match.objects.filter(status__in=RUNNING, seats__user=person).distinct().count() >= limit:
        raise Refused(
            gettext(
                "You already have %(limit)d matches waiting or running, the most one person "
                "may have at once. Finish, resign or cancel one of them first."
            )
            % {"limit": limit}
        )
    if not scheduled:
        NEW_SEATS.hit(str(person.pk))


def _computer_limits(person, *, watching: bool) -> None:
    """Refuses one more running match with computer players for ``person`` beyond the limits
    (settings): matches of computers only (``watching``) per creator and on the whole site,
    and matches in which ``person`` plays the computer. Every computer move is work for the
    background workers, which every match with a computer shares.

    ``person``'s row is locked first, so their requests arriving at once count one by one.
    """
    list(get_user_model().objects.select_for_update().filter(pk=person.pk).values_list("pk"))
    running = Match.objects.filter(status__in=RUNNING)
    if watching:
        computers_only = running.exclude(seats__user=None).exclude(seats__user__bot_level="")
        limit = settings.COMPUTER_MATCHES_PER_PERSON
        if computers_only.filter(created_by=person).count() >= limit:
            raise Refused(
                gettext(
                    "You already have %(limit)d matches of computers only running, the most one "
                    "person may have at once. Watch one of them to its end, then start another."
                )
                % {"limit": limit}
            )
        limit = settings.COMPUTER_MATCHES_TOTAL
        if computers_only.count() >= limit:
            raise Refused(
                gettext(
                    "The table is running %(limit)d matches of computers only, the most it runs "
                    "at once. Try again when one has finished, or play the computer yourself."
                )
                % {"limit": limit}
            )
        return
    limit = settings.MATCHES_VS_COMPUTER_PER_PERSON
    playing = running.filter(seats__user=person).filter(seats__user__bot_level__gt="")
    if playing.distinct().count() >= limit:
        raise Refused(
            gettext(
                "You already play %(limit)d running matches against the computer, the most one "
                "person may have at once. Finish or resign one of them first."
            )
            % {"limit": limit}
        )


def match_cancel(*, match_id: int, user) -> None:
    """Deletes a match nobody has moved in yet, for its creator: it leaves every list."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.created_by_id != getattr(user, "pk", None):
            raise Refused(gettext("Only the match's creator can cancel it."))
        if match.status != Match.Status.WAITING:
            raise Refused(gettext("A match that has started cannot be cancelled; resign instead."))
        match.delete()


def _start(match: Match, now: int | None, state=None) -> None:
    """Every seat is taken: the match runs and the first clock starts (``state``: the
    decoded position, when the caller has it)."""
    now = server_now() if now is None else now
    engine = get_engine(match.game)
    state = engine.from_json(match.state) if state is None else state
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    match.clock = clocks.start(match.control, match.players, engine.to_move(state), now)
    match.save(
        update_fields=["status", "started_at", "clock_ms", "turn_started", "deadline", "unmoved"]
    )
    # Nobody has a page open yet: absence is counted from the start.
    match.seats.update(away_since=now)


@transaction.atomic
def match_join(
    *,
    match_id: int,
    user,
    seat: int | None = None,
    now: int | None = None,
    invite: str | None = None,
    scheduled: bool = False,
) -> Match:
    """Seats ``user`` (in ``seat`` or the first free one); starts the match when all are taken.

    A private match needs its ``invite`` token; an open one seats anyone. A guest who takes a
    seat makes a rated match casual (docs/rules.md §7.6). ``scheduled``: as ``match_create``'s.
    """
    # Lock the match row so two friends clicking "join" at once cannot take the same seat.
    # It covers the seats too: whoever seats someone (here, match_seat_bot) holds it first.
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.private and not (invite and secrets.compare_digest(invite, match.invite)):
        raise Refused(gettext("This match is private: only its invite link seats players."))
    seats = list(match.seats.all())
    if any(s.user_id == user.pk for s in seats):
        return match
    if match.status != Match.Status.WAITING:
        raise Refused(gettext("This match has already started; you can watch it."))
    free = [s for s in seats if s.user_id is None and (seat is None or s.index == seat)]
    if not free:
        raise Refused(gettext("That seat is taken."))
    _seat_limits(user, scheduled=scheduled)
    free[0].user = user
    free[0].save(update_fields=["user"])
    if match.rated and user.is_guest:  # guests play casual matches only (§7.6)
        match.rated = False
        match.save(update_fields=["rated"])
    started = all(s.user_id for s in seats)
    if started:
        _start(match, now)
    announce_on_commit(match, started=started)
    return match


@transaction.atomic
def match_seat_bot(*, match_id: int, user, seat: int, level: str, now: int | None = None) -> Match:
    """The match's creator puts a computer player of ``level`` in the empty ``seat``."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if user is None or match.created_by_id != getattr(user, "pk", None):
        raise Refused(gettext("Only the player who created the match can seat the computer."))
    seats = list(match.seats.all())  # the match's lock covers them (match_join)
    if match.status != Match.Status.WAITING:
        raise Refused(gettext("This match has already started."))
    free = [s for s in seats if s.index == seat and s.user_id is None]
    if not free:
        raise Refused(gettext("That seat is taken."))
    if not any(s.user_id and s.user.is_bot for s in seats):  # a match against the computer now
        _computer_limits(user, watching=False)
    free[0].user = free_bot(level, {s.user.username for s in seats if s.user_id})
    free[0].save(update_fields=["user"])
    started = all(s.user_id for s in seats)
    if started:
        _start(match, now)
    announce_on_commit(match, started=started)
    return match


def parse_move(raw) -> dict:
    """Returns the move as a dict from a dict or its JSON text (as forms and frames send it)."""
    if isinstance(raw, str):
        try:
            raw = guard.loads(raw, max_bytes=settings.MAX_FRAME_BYTES, what="That move")
        except guard.BadJSON as error:
            raise Refused(str(error)) from None
    if not isinstance(raw, dict):
        raise Refused(gettext("A move must be a JSON object."))
    return raw


def parse_ply(raw) -> int:
    """The position a move was made on: a whole number (text from forms), never a float."""
    ply = guard.whole_number(raw, low=0, high=10**9)
    if ply is None:
        raise Refused(gettext("The move did not say which position it was made on."))
    return ply


def move_play(
    *, match_id: int, user, ply, move, now: int | None = None, hint: str | None = None
) -> Match:
    """Validates and records ``user``'s move made on position ``ply``; returns the match.

    ``hint``: the mover's words on the move (games/plaintext.py), stored with it and shown
    to nobody while the match runs; a refused hint refuses the move before anything else.

    The ply check makes a second tab, a double click or a replayed frame harmless:
    a move made on an old position is refused instead of landing on the new one.
    A move that arrives after its player's clock fell loses on time instead (or, after a
    first move's deadline, aborts the match).
    """
    hint = clean_hint(hint)
    now = server_now() if now is None else now
    try:
        return _move_play(match_id=match_id, user=user, ply=ply, move=move, now=now, hint=hint)
    except _TimeUp as up:
        clock_flag(match_id=match_id, now=now)
        if up.args and up.args[0]:
            raise Refused(
                gettext("Your first move came too late: the match is aborted, nobody won.")
            ) from None
        raise Refused(gettext("Your time ran out before that move arrived.")) from None


@transaction.atomic
def _move_play(*, match_id: int, user, ply, move, now: int, hint: str) -> Match:
    ply, move = parse_ply(ply), parse_move(move)
    if move.get("type") == "leave":  # leaving is logged by the server only (match_resign)
        raise Refused(gettext("Leaving is not a move: use the Resign button to leave the match."))
    # Lock the match row: concurrent submissions for one match run one after another.
    match, before = positions.locked(match_id)
    seat = match.seat_of(user)
    if seat is None:
        raise Refused(gettext("You are watching this match; only its players can move."))
    if match.status == Match.Status.WAITING:
        raise Refused(gettext("The match starts when every seat is taken."))
    if match.status == Match.Status.FINISHED:
        raise Refused(gettext("The match is over."))
    if ply < match.ply and _already_played(match, ply, seat, move):
        return match  # the same move sent twice (double click, resent frame): nothing to do
    if ply != match.ply:
        raise Refused(gettext("The board changed before your move arrived; it was not played."))
    if clocks.fallen(match.clock, now):
        raise _TimeUp(match.clock.first_move(seat))
    return _record(match, seat, move, now, hint, before)


def _record(match: Match, seat: int, entry: dict, now: int, hint: str = "", before=None) -> Match:
    """Plays ``entry`` (a move or a leave) by ``seat`` on the locked ``match`` and logs it,
    charging the clocks by the server's time ``now``. ``before``: the match's engine
    position when the caller has it (``positions.locked``).

    The caller holds the row lock (select_for_update) inside its transaction.
    """
    engine = get_engine(match.game)
    if before is None:
        before = engine.from_json(match.state)
    try:
        state = play_entry(engine, before, seat, entry)
    except IllegalMove as error:
        raise Refused(str(error)) from None
    try:
        # No savepoint: a refusal rolls the whole transaction back anyway.
        written_sql.insert(Move(match=match, ply=match.ply, seat=seat, move=entry, hint=hint))
    except IntegrityError:
        raise Refused(
            gettext("The board changed before your move arrived; it was not played.")
        ) from None
    match.ply += 1
    match.clock = _next_clock(
        match, seat, entry, engine.to_move(before), engine.to_move(state), now
    )
    fields = ["ply", "clock_ms", "turn_started", "deadline", "unmoved"]
    outcome = engine.outcome(state)
    if outcome is not None:
        match.status, match.result, match.finished_at = (
            Match.Status.FINISHED,
            outcome,
            timezone.now(),
        )
        fields += ["status", "result", "finished_at"]
    positions.save(match, state, fields)
    if outcome is not None:  # receivers write in this transaction (ratings), events.py
        match_ending.send(Match, match=match)
    announce_on_commit(match, state, (seat, entry))
    return match


def _next_clock(
    match: Match, seat: int, entry: dict, movers_before, movers_after, now: int
) -> clocks.Clock:
    """The clocks after ``seat``'s ``entry``: the running clock is charged when the turn
    passes, or on each ply of its own turn, with no increment when a leave ends the turn;
    another seat leaving out of turn changes nothing unless it ends the match."""
    if not movers_before or (seat not in movers_before and movers_after == movers_before):
        return match.clock
    leaving = entry.get("type") == "leave"
    return clocks.after_move(
        match.control, match.clock, movers_before[0], movers_after, now, leaving=leaving
    )


def _already_played(match: Match, ply: int, seat: int, move: dict) -> bool:
    return match.moves.filter(ply=ply, seat=seat, move=move).exists()


@transaction.atomic
def match_import(*, data, user, listed: bool = False) -> Match:
    """Stores a finished match from its record after replaying every move (RecordError if not).

    Only a member imports (not a visitor or a guest). The record is unlisted (like a private
    match: reachable by its link only) unless ``listed``, and even then the history shows
    imported records only to whoever asks for them."""
    if not user.is_authenticated or user.is_guest:
        raise RecordError("Importing a record needs an account: log in or sign up.")
    replayed = replay_record(data)
    engine = get_engine(replayed.game)
    digest = record_digest(replayed)
    earlier = Match.objects.filter(record_digest=digest).first()
    if earlier is not None:
        raise RecordError(f"This record was imported before, as match #{earlier.public_id}.")
    now = timezone.now()
    try:
        match = Match.objects.create(
            game=replayed.game,
            seed=replayed.seed,
            options=replayed.options,
            players=len(replayed.seats),
            status=Match.Status.FINISHED,
            ply=len(replayed.moves),
            state=engine.to_json(replayed.state),
            result=replayed.result,
            imported=True,
            private=not listed,
            record_digest=digest,
            created_by=user,
            started_at=now,
            finished_at=now,
        )
    except IntegrityError:  # the same record, imported at the same moment
        raise RecordError("This record was imported before.") from None
    Seat.objects.bulk_create(
        Seat(match=match, index=i, name=name[:60]) for i, name in enumerate(replayed.seats)
    )
    Move.objects.bulk_create(
        Move(match=match, ply=ply, seat=seat, move=move)
        for ply, (seat, move) in enumerate(replayed.moves)
    )
    matchlog.remember(match, replayed.log)  # its replay, opened next, need not read it again
    return match


def record_digest(replayed) -> str:
    """A fingerprint of what a record says happened: game, setup, names, moves and result."""
    canonical = json.dumps(
        [
            replayed.game,
            replayed.seed,
            replayed.options,
            replayed.seats,
            replayed.moves,
            replayed.result,
        ],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


@transaction.atomic
def match_resign(*, match_id: int, user) -> Match:
    """``user`` leaves the match (reason "resigned"), logged as a leave entry (docs/rules.md §7).

    In a two-player game the other seat wins; in power companies the others play on.
    """
    match = Match.objects.select_for_update().get(pk=match_id)
    seat = match.seat_of(user)
    if seat is None:
        raise Refused(gettext("Only a player can resign."))
    if match.status != Match.Status.ACTIVE:
        raise Refused(gettext("Only a running match can be resigned."))
    return _leave_or_abort(match, seat, "resigned", server_now())


def _leave(match_id: int, reason: str, now: int, allowed) -> Match | None:
    """The player to move in ``match_id`` leaves for ``reason`` if ``allowed(match, seat)``
    holds under the row lock; returns the match, or None when nothing was due.

    A mover in their first real-time turn whose deadline has passed does not leave: the
    match is aborted instead (docs/rules.md §7.3)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.ACTIVE:
            return None
        engine = get_engine(match.game)
        movers = engine.to_move(engine.from_json(match.state))
        if not movers or not allowed(match, movers[0]):
            return None
        if clocks.missed_first_move(match.clock, movers[0], now):
            return _abort(match, movers[0])
        return _leave_or_abort(match, movers[0], reason, now)


def _leave_or_abort(match: Match, seat: int, reason: str, now: int) -> Match:
    """``seat`` leaves the locked ``match`` for ``reason``; a leave that would end the match
    while a seat still in has not made a move aborts it instead (as lichess aborts a game
    resigned before both sides moved): nobody won, nothing is rated, so a second account
    resigning at once farms no rating (docs/rules.md §7.3)."""
    entry = {"type": "leave", "reason": reason}
    engine = get_engine(match.game)
    before = engine.from_json(match.state)
    try:
        after = play_entry(engine, before, seat, entry)
    except IllegalMove as error:
        raise Refused(str(error)) from None
    if engine.outcome(after) is not None and not _everyone_in_moved(match, seat):
        return _abort(match, seat, clocks.LEFT_EARLY)
    return _record(match, seat, entry, now)


def _everyone_in_moved(match: Match, leaver: int) -> bool:
    """Whether every seat still in (``leaver`` too) has made a move in ``match``."""
    log = list(match.moves.values_list("seat", "move"))
    gone = {s for s, move in log if move.get("type") == "leave"} - {leaver}
    moved = {s for s, move in log if move.get("type") != "leave"}
    return all(s in moved for s in range(match.players) if s not in gone)


def _abort(match: Match, seat: int, reason: str = "aborted") -> Match:
    """Ends the locked ``match`` without a result: ``seat`` missed its first move's deadline
    (or left early, ``clocks.LEFT_EARLY``). Nothing is added to the move log and nobody wins
    or loses."""
    match.status, match.result, match.finished_at = (
        Match.Status.FINISHED,
        clocks.aborted_result(seat, reason),
        timezone.now(),
    )
    match.deadline = None
    match.save(update_fields=["status", "result", "finished_at", "deadline"])
    announce_on_commit(match)
    return match


def clock_flag(*, match_id: int, now: int | None = None) -> bool:
    """The player to move loses on time if their clock has fallen at ``now``; whether it did.
    A first move's deadline that passed aborts the match instead (no winner).

    Safe to run any number of times, in any number of processes: under the row lock a
    flag that already fell finds a new clock (or a finished match) and does nothing.
    """
    now = server_now() if now is None else now
    return _leave(match_id, "time", now, lambda m, _seat: clocks.fallen(m.clock, now)) is not None


def fallen_clocks(now: int) -> list[int]:
    """Running matches whose mover's clock has fallen: what the flag job looks for."""
    return list(
        Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now).values_list(
            "pk", flat=True
        )
    )


def absent_since(match: Match, seat: int) -> int | None:
    """Since when no page of ``seat``'s player has been open (None: one is open now)."""
    if seat in seats_here(match.pk):
        return None
    return match.seats.filter(index=seat).values_list("away_since", flat=True).first()


def match_claim(*, match_id: int, user, now: int | None = None) -> Match:
    """Another player claims the absent player to move (docs/rules.md §7): in a real-time
    match whose mover has had no page open for 60 seconds, the mover leaves ("abandoned").
    A computer player is never absent: its turn is queued or being thought, never gone."""
    now = server_now() if now is None else now
    match = Match.objects.get(pk=match_id)
    claimant = match.seat_of(user)
    if claimant is None:
        raise Refused(gettext("Only a player can claim an absent opponent."))
    if not match.control.realtime:
        raise Refused(
            gettext("Only matches with a clock can be claimed; this one waits for its players.")
        )

    def absent(locked: Match, mover: int) -> bool:
        player = locked.seat_list()[mover].user
        if player is not None and player.is_bot:
            raise Refused(
                gettext(
                    "%(name)s is never absent: its move is being worked out (or waits its turn "
                    "while the server is busy), so it cannot be claimed against."
                )
                % {"name": player.display_name}
            )
        since = absent_since(locked, mover)
        return mover != claimant and since is not None and now - since >= ABSENCE_MS

    claimed = _leave(match_id, "abandoned", now, absent)
    if claimed is None:
        raise Refused(gettext("The player to move is here, or has not been away for a minute yet."))
    return claimed
