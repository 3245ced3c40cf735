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
