"""The pure rules engines, one package per game, and the protocol they share (docs/rules.md §1).

Nothing under ``games/rules`` imports Django or Channels, reads a clock or touches a file or
the network: an engine is a deterministic function of its seed, options and moves
(``tests/engines/test_purity.py`` holds this).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

Move = dict[str, Any]

# Why a seat left a match (docs/rules.md §7).
LEAVE_REASONS = ("resigned", "time", "abandoned")
# How a leave entry reads in a move list.
LEAVE_NOTATION = {"resigned": "resigned", "time": "lost on time", "abandoned": "left (abandoned)"}


class IllegalMove(ValueError):
    """A move the rules refuse; the message is written for the player."""


class Engine(Protocol):
    slug: str
    name: str
    min_players: int
    max_players: int

    def setup(self, players: int, seed: int, options: dict | None = None) -> Any: ...
    def to_move(self, state: Any) -> list[int]: ...
    def legal_moves(self, state: Any, seat: int) -> Iterable[Move]: ...
    def apply(self, state: Any, seat: int, move: Move) -> Any: ...
    def leave(self, state: Any, seat: int, reason: str) -> Any: ...
    def view(self, state: Any, seat: int | None) -> dict: ...
    def outcome(self, state: Any) -> dict | None: ...
    def to_json(self, state: Any) -> dict: ...
    def from_json(self, data: dict) -> Any: ...
    def notation(self, state: Any, move: Move) -> str: ...
    def random_move(self, state: Any, seat: int, rng) -> Move: ...
    def is_legal(self, state: Any, seat: int, move: Move) -> bool: ...
    def replay_view(self, state: Any) -> dict: ...


class EngineBase:
    """Defaults that every engine may keep: sampling a move and the replay's view."""

    def random_move(self, state: Any, seat: int, rng) -> Move:
        """Returns a uniformly random legal move (engines with huge move spaces override it)."""
        return rng.choice(list(self.legal_moves(state, seat)))

    def is_legal(self, state: Any, seat: int, move: Move) -> bool:
        """Whether ``legal_moves`` lists ``move`` (engines with huge move spaces override it)."""
        return move in list(self.legal_moves(state, seat))

    def replay_view(self, state: Any) -> dict:
        """What a replay of a finished match shows at ``state``: a spectator's view by default."""
        return self.view(state, None)


def check_leave(seat: Any, reason: Any, players: int, left, over: bool) -> None:
    """Raises IllegalMove unless ``seat`` may leave now for ``reason`` (docs/rules.md §7).

    ``left`` is the (seat, reason) pairs of the seats that already left; ``over`` whether
    the game has ended. Any seat still in a running game may leave, its turn or not.
    """
    if not isinstance(reason, str) or reason not in LEAVE_REASONS:
        raise IllegalMove(
            f"Unknown reason for leaving {reason!r}; expected one of {LEAVE_REASONS}."
        )
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalMove("There is no such seat in this game.")
    if over:
        raise IllegalMove("The game is over.")
    if any(s == seat for s, _ in left):
        raise IllegalMove("That player has already left the game.")


def play_entry(engine: Engine, state: Any, seat: int, entry: Any) -> Any:
    """Plays one entry of a match's move log by ``seat``: a leave or a move.

    A match is its setup plus its ordered entries, and leaving is one of them
    (``{"type": "leave", "reason": ...}``), so every replay goes through here.
    """
    if isinstance(entry, dict) and entry.get("type") == "leave":
        if set(entry) != {"type", "reason"}:
            raise IllegalMove('A leave entry is {"type": "leave", "reason": ...} and nothing more.')
        return engine.leave(state, seat, entry["reason"])
    return engine.apply(state, seat, entry)


def entry_notation(engine: Engine, state: Any, entry: Move) -> str:
    """How one log entry reads in a move list: the engine's notation, or the leave's words."""
    if entry.get("type") == "leave":
        return LEAVE_NOTATION[entry["reason"]]
    return engine.notation(state, entry)
