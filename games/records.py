"""Match records: the JSON a finished match exports and an import must replay exactly.

A record is the setup plus the move log, so an import is checked by the engine
itself: every move is applied in order, and the first one refused names its ply.
A player leaving (resigning, losing on time, abandoning) is an entry of the log too,
``{"type": "leave", "reason": ...}``, so every finished match ends on its moves. Records
exported before that named the seat that resigned in their result instead; they are read
as if their log ended on that leave. A real-time match aborted because a seat missed its
first move's deadline (docs/rules.md §7.3) ends without a result: its record's result says
so (``clocks.aborted_result``), and its moves stop during that seat's first turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.clocks import aborted_result
from games.models import Match
from games.registry import IllegalMove, get_engine
from games.rules import play_entry

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


def export_record(match: Match) -> dict:
    """Returns the record of a finished match (the seed would reveal secrets of a live one)."""
    if match.status != Match.Status.FINISHED:
        raise RecordError("Only finished matches can be exported.")
    return {
        "format": FORMAT,
        "game": match.game,
        "seed": match.seed,
        "options": match.options,
        "seats": [seat.display_name for seat in match.seat_list()],
        "moves": [{"seat": m.seat, "move": m.move} for m in match.moves.all()],
        "result": match.result,
    }


def replay_record(data: Any) -> Replayed:
    """Checks a record by replaying it; returns the final position and result or raises RecordError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'Not a match record: "format" must be "{FORMAT}".')
    try:
        engine = get_engine(data.get("game"))
    except (KeyError, TypeError):
        raise RecordError(f"Unknown game {data.get('game')!r}.") from None
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
        state = engine.setup(players=len(seats), seed=seed, options=options or None)
    except (ValueError, TypeError) as error:
        raise RecordError(f"The setup does not work: {error}") from None
    played = []
    for ply, entry in enumerate(moves):
        if engine.outcome(state) is not None:
            raise RecordError(f"Ply {ply}: the game was already over.")
        if not isinstance(entry, dict) or type(entry.get("seat")) is not int:
            raise RecordError(f'Ply {ply}: each move needs a "seat" and a "move".')
        try:
            state = play_entry(engine, state, entry["seat"], entry.get("move"))
        except IllegalMove as error:
            raise RecordError(f"Ply {ply}: {error}") from None
        played.append((entry["seat"], entry["move"]))
    claimed = data.get("result")
    resigned = _legacy_resignation(claimed, len(seats))
    if resigned is not None and engine.outcome(state) is None:
        leave = {"type": "leave", "reason": "resigned"}
        try:
            state = play_entry(engine, state, resigned, leave)
        except IllegalMove as error:
            raise RecordError(f"Ply {len(played)}: {error}") from None
        played.append((resigned, leave))
        claimed = _same_winners(engine.outcome(state), claimed)
    aborted = isinstance(claimed, dict) and claimed.get("aborted") is not None
    return Replayed(
        game=data["game"],
        seed=seed,
        options=options,
        seats=seats,
        moves=played,
        state=state,
        result=_check_abort(engine, state, played, claimed)
        if aborted
        else _check_result(engine, state, claimed),
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


def _check_abort(engine, state, played: list[tuple[int, dict]], claimed: dict) -> dict:
    """An aborted match's result, if the moves allow it: the game is not over and the seat it
    names is to move in its first turn (it has not moved before this turn)."""
    seat = claimed.get("seat")
    if engine.outcome(state) is not None:
        raise RecordError("The moves finish the game, so it was not aborted.")
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


def _check_result(engine, state, claimed) -> dict:
    outcome = engine.outcome(state)
    if outcome is None:
        raise RecordError("The moves do not finish the game.")
    if claimed is not None and claimed != outcome:
        raise RecordError("The recorded result differs from the result of the moves.")
    return outcome
