"""Match records: the JSON a finished match exports and an import must replay exactly.

A record is the setup plus the move log, so an import is checked by the engine
itself: every move is applied in order, and the first one refused names its ply.
A player leaving (resigning, losing on time, abandoning) is an entry of the log too,
``{"type": "leave", "reason": ...}``, so every finished match ends on its moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    return Replayed(
        game=data["game"],
        seed=seed,
        options=options,
        seats=seats,
        moves=played,
        state=state,
        result=_check_result(engine, state, data.get("result")),
    )


def _check_result(engine, state, claimed) -> dict:
    outcome = engine.outcome(state)
    if outcome is None:
        raise RecordError("The moves do not finish the game.")
    if claimed is not None and claimed != outcome:
        raise RecordError("The recorded result differs from the result of the moves.")
    return outcome
