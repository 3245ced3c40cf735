"""Match records: the JSON a finished match exports and an import must replay exactly.

A record is the setup plus the move log, so an import is checked by the engine
itself: every move is applied in order, and the first one refused names its ply.
A player leaving (resigning, losing on time, abandoning) is an entry of the log too,
``{"type": "leave", "reason": ...}``, so every finished match ends on its moves. Records
exported before that named the seat that resigned in their result instead; they are read
as if their log ended on that leave. A record is read into the match's log
(``games.store.matchlog``), as every replay of a move log is. A real-time match aborted because a seat missed its
first move's deadline (docs/rules.md §7.3) ends without a result: its record's result says
so (``clocks.aborted_result``), and its moves stop during that seat's first turn. A match
aborted as a seat left before every seat still in had moved (``clocks.LEFT_EARLY``) has
such a result too, and its moves stop before that leave.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import features
from games.clocks import LEFT_EARLY, aborted_result
from games.models import Match
from games.registry import IllegalMove, get_game
from games.rules import play_entry
from games.store import matchlog

FORMAT = "gametable-match/1"
MAX_MOVES = 5000


class RecordError(ValueError):
    """A record that cannot be imported; the message says where and why."""


@dataclass
class Replayed:
    game: str
    seed: int
    options: dict
    seats: list[str]
    moves: list[tuple[int, dict]]
    state: Any
    result: dict
    log: matchlog.Log  # the match's log, read once (the import keeps it for the match)


def export_record(match: Match, seen_by=None) -> dict:
    """Returns the record of a finished match (the seed would reveal secrets of a live one).

    A move carries its ``hint`` where ``seen_by`` may read it (``Match.hint_seats``: their
    own, the computer's, public ones); an import ignores hints."""
    if match.status != Match.Status.FINISHED:
        raise RecordError("Only finished matches can be exported.")
    shown = match.hint_seats(seen_by)
    return {
        "format": FORMAT,
        "game": match.game,
        "seed": match.seed,
        "options": match.options,
        "seats": [seat.display_name for seat in match.seat_list()],
        "moves": [_move_json(m, shown) for m in match.moves.all()],
        "result": match.result,
        **features.record_extras(match),
    }


def _move_json(move, hint_seats: set[int]) -> dict:
    if move.hint and move.seat in hint_seats:
        return {"seat": move.seat, "move": move.move, "hint": move.hint}
    return {"seat": move.seat, "move": move.move}


def replay_record(data: Any) -> Replayed:
    """Checks a record by replaying it; returns the final position and result or raises RecordError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'Not a match record: "format" must be "{FORMAT}".')
    try:
        game = get_game(data.get("game"))
    except (KeyError, TypeError):
        raise RecordError(f"Unknown game {data.get('game')!r}.") from None
    engine = game.engine
    seed, options, seats, moves = (data.get(k) for k in ("seed", "options", "seats", "moves"))
    if type(seed) is not int or not -(2**63) <= seed < 2**63 or not isinstance(options, dict):
        raise RecordError('"seed" must be a 64-bit whole number and "options" an object.')
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise RecordError('"seats" must list the players\' names.')
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise RecordError(f"{engine.name} is not played by {len(seats)} players.")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise RecordError(f'"moves" must be a list of at most {MAX_MOVES} moves.')
    try:
        log = matchlog.start(game, len(seats), seed, options)
    except (ValueError, TypeError) as error:
        raise RecordError(f"The setup does not work: {error}") from None
    for ply, entry in enumerate(moves):
        if engine.outcome(log.state) is not None:
            raise RecordError(f"Ply {ply}: the game was already over.")
        if not isinstance(entry, dict) or type(entry.get("seat")) is not int:
            raise RecordError(f'Ply {ply}: each move needs a "seat" and a "move".')
        try:
            log = matchlog.extended(log, entry["seat"], entry.get("move"))
        except IllegalMove as error:
            raise RecordError(f"Ply {ply}: {error}") from None
    claimed = data.get("result")
    resigned = _legacy_resignation(claimed, len(seats))
    if resigned is not None and engine.outcome(log.state) is None:
        try:
            log = matchlog.extended(log, resigned, {"type": "leave", "reason": "resigned"})
        except IllegalMove as error:
            raise RecordError(f"Ply {log.ply}: {error}") from None
        claimed = _same_winners(engine.outcome(log.state), claimed)
    played = [(p.seat, p.entry) for p in log.plies]
    aborted = isinstance(claimed, dict) and claimed.get("aborted") is not None
    return Replayed(
        game=data["game"],
        seed=seed,
        options=options,
        seats=seats,
        moves=played,
        state=log.state,
        result=_check_abort(engine, log.state, played, claimed, len(seats))
        if aborted
        else _check_result(engine, log.state, claimed),
        log=log,
    )


def _legacy_resignation(claimed, players: int) -> int | None:
    """The seat that resigned in a record exported before leaving was a logged move: its
    moves stop short of the end and its result names the seat, ``{"winners": [...],
    "scores": [...], "reason": "resigned", "resigned": seat}``. None for any other record."""
    if isinstance(claimed, dict) and claimed.get("reason") == "resigned":
        seat = claimed.get("resigned")
        if type(seat) is int and 0 <= seat < players:
            return seat
    return None


def _same_winners(outcome, legacy: dict) -> dict:
    """The result the leave entry gives, if it names the winners the old record named.
    Back then a resignation ended the match for everybody; in a power-companies match of
    three or four the others now play on, and such a record cannot be replayed."""
    if outcome is None:
        raise RecordError(
            "This record's resignation ended the match for every player, as the table did "
            "before leaving became a move; today the others play on, so it cannot be replayed."
        )
    if outcome["winners"] != legacy.get("winners"):
        raise RecordError("The recorded resignation does not match the position.")
    return outcome


def _check_abort(
    engine, state, played: list[tuple[int, dict]], claimed: dict, players: int
) -> dict:
    """An aborted match's result, if the moves allow it: the game is not over and the seat it
    names is to move in its first turn (it has not moved before this turn)."""
    seat = claimed.get("seat")
    if engine.outcome(state) is not None:
        raise RecordError("The moves finish the game, so it was not aborted.")
    if claimed.get("reason") == LEFT_EARLY:
        return _check_left_early(engine, state, played, claimed, players)
    if type(seat) is not int or claimed != aborted_result(seat):
        raise RecordError('An aborted record\'s result names the "seat" that did not move.')
    if seat not in engine.to_move(state):
        raise RecordError(f"Seat {seat + 1} is not to move, so it did not miss its first move.")
    others_moved = False
    for mover, entry in reversed(played):
        if mover != seat and entry.get("type") != "leave":
            others_moved = True
        elif mover == seat and others_moved:
            raise RecordError(
                f"Seat {seat + 1} had moved before, so it did not miss its first move."
            )
    return claimed


def _check_left_early(
    engine, state, played: list[tuple[int, dict]], claimed: dict, players: int
) -> dict:
    """A match aborted as ``seat`` left before every seat still in had moved: that leave
    would have ended the game, and a seat still in had not moved."""
    seat = claimed.get("seat")
    if type(seat) is not int or claimed != aborted_result(seat, LEFT_EARLY):
        raise RecordError('An aborted record\'s result names the "seat" that left.')
    try:
        left = play_entry(engine, state, seat, {"type": "leave", "reason": "resigned"})
    except IllegalMove as error:
        raise RecordError(str(error)) from None
    if engine.outcome(left) is None:
        raise RecordError(f"Seat {seat + 1} leaving would not have ended the match.")
    gone = {s for s, entry in played if entry.get("type") == "leave"} - {seat}
    moved = {s for s, entry in played if entry.get("type") != "leave"}
    if all(s in moved for s in range(players) if s not in gone):
        raise RecordError("Every seat still in had moved, so leaving did not abort the match.")
    return claimed


def _check_result(engine, state, claimed) -> dict:
    outcome = engine.outcome(state)
    if outcome is None:
        raise RecordError("The moves do not finish the game.")
    if claimed is not None and claimed != outcome:
        raise RecordError("The recorded result differs from the result of the moves.")
    return outcome
