"""The one door from the web layer to the rules engines (GAMES.md §1).

Engines are plain Python objects with the protocol below; the web layer calls
nothing else. They are imported lazily so that starting the site does not pay for
every engine, and so an unknown slug fails loudly with ``KeyError``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, Protocol

Move = dict[str, Any]


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


# slug -> "module:attribute" of the engine instance, in GAMES.md order (the lobby's order).
ENGINES: dict[str, str] = {
    "high-voltage": "games.high_voltage.engine:ENGINE",
    "high-voltage-companies": "games.high_voltage_companies.engine:ENGINE",
    "hive": "games.hive.engine:ENGINE",
    "triangulum": "games.triangulum.engine:ENGINE",
    "powerdrain": "games.powerdrain.engine:ENGINE",
}


def get_engine(slug: str) -> Engine:
    """Returns the engine for ``slug``; raises ``KeyError`` for an unknown slug."""
    module_name, _, attribute = ENGINES[slug].partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def all_engines() -> list[Engine]:
    """Returns every registered engine in lobby order."""
    return [get_engine(slug) for slug in ENGINES]
