"""The games of this table, in docs/rules.md order (the lobby's order): each listed package's
declaration (``<package>.game``, a ``games.declaration.Game``), read from the one list of games
(``games.packages``). This module is the only one that goes from a slug to a game, and nothing
reads a game's parts except through ``Game``.
"""

from __future__ import annotations

from importlib import import_module

from games.declaration import LEAVE_WORDING, Game  # noqa: F401  (the web layer's imports)
from games.packages import PACKAGES
from games.rules import Engine, IllegalMove, Move  # noqa: F401  (the web layer's imports)

DECLARED: tuple[Game, ...] = tuple(import_module(f"{package}.game").GAME for package in PACKAGES)
GAMES: dict[str, Game] = {game.slug: game for game in DECLARED}


def get_game(slug: str) -> Game:
    """Returns the declared game for ``slug``; raises ``KeyError`` for an unknown slug."""
    return GAMES[slug]


def get_engine(slug: str) -> Engine:
    """Returns the rules engine for ``slug``; raises ``KeyError`` for an unknown slug."""
    return GAMES[slug].engine


def all_games() -> list[Game]:
    """Every declared game in lobby order."""
    return list(DECLARED)
