"""What the table knows about one game: its declaration, ``GAME = Game(...)`` in the game's
package (``games/<name>/game.py``). Everything a game brings (its engine with the
public-code hook, board, words, clock presets, options, secrets and bot knowledge) is a field
here, so nothing outside the game's package says ``if slug == …``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.rules import Engine

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
      ``context(view, seat, legal) -> dict`` for the package's ``board.html``; with
      ``OFF_TURN_AS_SPECTATOR = True`` it says that a seat not to move, with no moves and
      the spectators' view, gets the spectators' context (one layout serves both); with
      ``public_layout(view) -> dict`` (Triangulum) the part of the layout every audience
      shares is computed once per position, from the spectators' view, and handed to
      ``context(view, seat, legal, public)``.
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
    - ``clock_presets``: the real-time clocks the lobby offers, (minutes, increment
      seconds) each; longer games get more time.
    - ``words``: the board's words that take parameters (``gettext_noop``,
      ``ngettext_lazy``), marked here for the catalogue: the Jinja2 board says them as
      ``{{ _("…", n=…) }}``, which makemessages does not read.
    - ``separator(before, after)``: where a game has parts (Triangulum), the move list's
      line between two of them, from the spectator views around a move (else None).
    - ``title``: the game's name for pages, marked with ``gettext_lazy`` where it has words
      to translate (else the engine's ``name``, which programs and records keep).
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
    title: str = ""
    clock_presets: tuple[tuple[int, int], ...] = ((5, 3), (10, 5), (15, 10))
    words: tuple = ()
    directory: Path = field(default=Path(), compare=False)

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        """The name pages show, in the viewer's language."""
        return str(self.title) if self.title else self.engine.name

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
