"""Everything that changes a match: validate, write, then notify after commit.

Both the HTTP views and the WebSocket consumer call these functions; nothing
else writes matches, seats or moves.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import logging
import secrets
from random import SystemRandom

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import guard
from games.models import Match, Move, Seat
from games.records import RecordError, replay_record, resignation
from games.registry import IllegalMove, get_engine, get_game
from games.rendering import prerender

log = logging.getLogger(__name__)


class Refused(Exception):
    """An action the server refuses; ``str(error)`` is written for the player."""


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


def notify_match_updated(match: Match) -> None:
    """Tells every viewer of ``match`` to re-render; never carries the board itself (secrets).

    Called from a thread that Daphne's event loop handed sync work to (a consumer's
    database call, a view), the notice is handed back to that loop without waiting for
    it: the thread is free for the next move at once instead of idling until the loop
    and the channel layer got round to it. Elsewhere (a shell, a command) it is sent
    before returning.
    """
    layer = get_channel_layer()
    message = {"type": "match.updated", "ply": match.ply, "status": match.status}
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or not loop.is_running():
        async_to_sync(layer.group_send)(group_name(match.pk), message)
        return
    sent = asyncio.run_coroutine_threadsafe(layer.group_send(group_name(match.pk), message), loop)
    sent.add_done_callback(_log_failure)


def _log_failure(sent: concurrent.futures.Future) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error("match notice not sent", exc_info=sent.exception())


def _notify_on_commit(match: Match) -> None:
    """After commit: render the new position for every seat once, then tell the viewers."""

    def publish():
        prerender(match)
        notify_match_updated(match)

    transaction.on_commit(publish)


@transaction.atomic
def match_create(
    *,
    game: str,
    creator,
    options: dict | None = None,
    seat: int | None = None,
    players: int = 2,
    private: bool = False,
) -> Match:
    """Returns a new match waiting for players, ``creator`` in ``seat`` (None: a random seat).

    ``options`` may fix only the public parts of the setup (docs/rules.md §7): the hidden
    ones come from the seed, so nobody, the creator included, knows them in advance.
    ``private`` matches seat players through the invite link only.
    """
    try:
        declared = get_game(game)
    except KeyError:
        raise Refused(f"There is no game called {game!r}.") from None
    engine = declared.engine
    hidden = set(options or ()) - declared.public_options
    if hidden:
        allowed = ", ".join(sorted(declared.public_options)) or "nothing"
        raise Refused(
            f"A custom setup may fix only what everyone sees ({allowed}), not {sorted(hidden)}."
        )
    if not engine.min_players <= players <= engine.max_players:
        raise Refused(
            f"{engine.name} is for {engine.min_players}–{engine.max_players} players, not {players}."
        )
    if seat is None:
        seat = SystemRandom().randrange(players)
    if not 0 <= seat < players:
        raise Refused(f"There is no seat {seat + 1} in a {players}-player match.")
    seed = secrets.randbits(48)
    try:
        state = engine.setup(players=players, seed=seed, options=options or None)
    except (ValueError, TypeError) as error:
        raise Refused(f"Those options do not work: {error}") from None
    match = Match.objects.create(
        game=game,
        seed=seed,
        options=options or {},
        players=players,
        state=engine.to_json(state),
        created_by=creator,
        private=private,
    )
    Seat.objects.bulk_create(
        Seat(match=match, index=i, user=creator if i == seat else None) for i in range(players)
    )
    return match


@transaction.atomic
def match_join(*, match_id: int, user, seat: int | None = None, invite: str | None = None) -> Match:
    """Seats ``user`` (in ``seat`` or the first free one); starts the match when all are taken.

    A private match needs its ``invite`` token; an open one seats anyone.
    """
    # Lock the match row so two friends clicking "join" at once cannot take the same seat.
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.private and not (invite and secrets.compare_digest(invite, match.invite)):
        raise Refused("This match is private: only its invite link seats players.")
    seats = list(match.seats.select_for_update())
    if any(s.user_id == user.pk for s in seats):
        return match
    if match.status != Match.Status.WAITING:
        raise Refused("This match has already started; you can watch it.")
    free = [s for s in seats if s.user_id is None and (seat is None or s.index == seat)]
    if not free:
        raise Refused("That seat is taken.")
    free[0].user = user
    free[0].save(update_fields=["user"])
    if all(s.user_id for s in seats):
        match.status = Match.Status.ACTIVE
        match.started_at = timezone.now()
        match.save(update_fields=["status", "started_at"])
    _notify_on_commit(match)
    return match


def parse_move(raw) -> dict:
    """Returns the move as a dict from a dict or its JSON text (as forms and frames send it)."""
    if isinstance(raw, str):
        try:
            raw = guard.loads(raw, max_bytes=settings.MAX_FRAME_BYTES, what="That move")
        except guard.BadJSON as error:
            raise Refused(str(error)) from None
    if not isinstance(raw, dict):
        raise Refused("A move must be a JSON object.")
    return raw


def parse_ply(raw) -> int:
    """The position a move was made on: a whole number (text from forms), never a float."""
    ply = guard.whole_number(raw, low=0, high=10**9)
    if ply is None:
        raise Refused("The move did not say which position it was made on.")
    return ply


@transaction.atomic
def move_play(*, match_id: int, user, ply, move) -> Match:
    """Validates and records ``user``'s move made on position ``ply``; returns the match.

    The ply check makes a second tab, a double click or a replayed frame harmless:
    a move made on an old position is refused instead of landing on the new one.
    """
    ply, move = parse_ply(ply), parse_move(move)
    # Lock the match row: concurrent submissions for one match run one after another.
    match = Match.objects.select_for_update().get(pk=match_id)
    seat = match.seat_of(user)
    if seat is None:
        raise Refused("You are watching this match; only its players can move.")
    if match.status == Match.Status.WAITING:
        raise Refused("The match starts when every seat is taken.")
    if match.status == Match.Status.FINISHED:
        raise Refused("The match is over.")
    if ply < match.ply and _already_played(match, ply, seat, move):
        return match  # the same move sent twice (double click, resent frame): nothing to do
    if ply != match.ply:
        raise Refused("The board changed before your move arrived; it was not played.")
    engine = get_engine(match.game)
    try:
        state = engine.apply(engine.from_json(match.state), seat, move)
    except IllegalMove as error:
        raise Refused(str(error)) from None
    try:
        # No savepoint: a refusal rolls the whole transaction back anyway.
        Move.objects.create(match=match, ply=match.ply, seat=seat, move=move)
    except IntegrityError:
        raise Refused("The board changed before your move arrived; it was not played.") from None
    match.ply += 1
    match.state = engine.to_json(state)
    fields = ["ply", "state"]
    outcome = engine.outcome(state)
    if outcome is not None:
        match.status, match.result, match.finished_at = (
            Match.Status.FINISHED,
            outcome,
            timezone.now(),
        )
        fields += ["status", "result", "finished_at"]
    match.save(update_fields=fields)
    _notify_on_commit(match)
    return match


def _already_played(match: Match, ply: int, seat: int, move: dict) -> bool:
    return match.moves.filter(ply=ply, seat=seat, move=move).exists()


@transaction.atomic
def match_import(*, data, user) -> Match:
    """Stores a finished match from its record after replaying every move (RecordError if not)."""
    replayed = replay_record(data)
    engine = get_engine(replayed.game)
    digest = record_digest(replayed)
    earlier = Match.objects.filter(record_digest=digest).first()
    if earlier is not None:
        raise RecordError(f"This record was imported before, as match #{earlier.pk}.")
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
            record_digest=digest,
            created_by=user if user.is_authenticated else None,
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
    """Ends a running match: every other seat wins (reason "resigned")."""
    match = Match.objects.select_for_update().get(pk=match_id)
    seat = match.seat_of(user)
    if seat is None:
        raise Refused("Only a player can resign.")
    if match.status != Match.Status.ACTIVE:
        raise Refused("Only a running match can be resigned.")
    engine = get_engine(match.game)
    scores = engine.view(engine.from_json(match.state), None)["scores"]
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.result = resignation(match.players, seat, scores)
    match.save(update_fields=["status", "finished_at", "result"])
    _notify_on_commit(match)
    return match
