"""The games of this table, each declared once in its own package (docs/rules.md §1).

A game package (``games/<name>/__init__.py``) declares ``GAME = Game(...)``: its pure
rules engine (``games/rules/<name>``), its board layout, its wording, its secrets and
what a bot needs. ``GAMES`` lists the packages; this module is the only one that goes
from a slug to a package, and nothing reads a game's parts except through ``Game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.rules import PACKAGES, Engine, IllegalMove, Move  # noqa: F401  (the web layer's imports)

# slug -> package declaring GAME, in docs/rules.md order (the lobby's order).
GAMES: dict[str, str] = {slug: f"games.{package}" for slug, package in PACKAGES.items()}

# How leaving reads after "X won ...", the same in every game (docs/rules.md §7).
LEAVE_WORDING = {
    "resigned": _("by resignation"),
    "time": _("on time"),
    "abandoned": _("as the opponent left"),
}


@dataclass(frozen=True)
class Game:
    """What the table knows about one game; everything optional has a stated default.

    - ``board``: the layout module, with ``SEATS`` (name and colour per seat) and
      ``context(view, seat, legal) -> dict`` for the package's ``board.html``.
    - ``reasons``: outcome reason -> the words after "X won" (leaving is added here), like
      ``description`` marked with ``gettext_lazy``: put in the viewer's language when shown.
    - ``options``: the lobby's option fields; ``public_options``: the setup keys a
      match's creator may fix (docs/rules.md §7); everything else comes from the seed.
    - ``lists_legal_moves``: False where the move space is huge and the board's script
      builds moves from the view.
    - ``directory``: the package, which holds the rest of the game's presentation:
      ``rules.md`` (its rules page), ``board.html`` (the board's Jinja2 template) and
      ``static/board.css`` (and ``static/board.js`` when ``has_script``), served as
      ``games/<slug>/board.css`` and ``games/<slug>/board.js``.
    - ``twin(state, seat, rng)``: for games with secrets, a state that ``seat`` cannot
      tell from ``state`` but whose secrets differ (the secret audits use it).
    - ``bot``: the bots' knowledge of the game (``games.rules.knowledge.Knowledge``).
    - ``first_seat``: the seat that moves first (None: a random seat does).
    - ``separator(before, after)``: where a game has parts (Triangulum), the move list's
      line between two of them, from the spectator views around a move (else None).
    """

    engine: Engine
    description: str
    board: ModuleType
    reasons: Mapping[str, str]
    options: tuple[dict, ...] = ()
    public_options: frozenset[str] = frozenset()
    lists_legal_moves: bool = True
    has_script: bool = False
    twin: Callable[[Any, int | None, Any], Any] | None = None
    bot: Any = None
    first_seat: int | None = 0
    separator: Callable[[dict, dict], str | None] | None = None
    directory: Path = field(default=Path(), compare=False)

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def stylesheet(self) -> str:
        """The board's stylesheet as a static path."""
        return f"games/{self.slug}/board.css"

    @property
    def script(self) -> str | None:
        """The board's own script as a static path, if it has one."""
        return f"games/{self.slug}/board.js" if self.has_script else None

    @property
    def has_secrets(self) -> bool:
        return self.twin is not None

    def reason_text(self, reason: str, players: int = 2) -> str:
        """The words after "X won" for an outcome reason, e.g. "by connection"; with more
        than two ``players`` the last one left won as the others, not the opponent, left."""
        if reason == "abandoned" and players > 2:
            return str(_("as the others left"))
        wording = {**self.reasons, **LEAVE_WORDING}
        return str(wording.get(reason, f"({reason})"))


@cache
def get_game(slug: str) -> Game:
    """Returns the declared game for ``slug``; raises ``KeyError`` for an unknown slug."""
    return importlib.import_module(GAMES[slug]).GAME


def get_engine(slug: str) -> Engine:
    """Returns the rules engine for ``slug``; raises ``KeyError`` for an unknown slug."""
    return get_game(slug).engine


def all_games() -> list[Game]:
    """Every declared game in lobby order."""
    return [get_game(slug) for slug in GAMES]
