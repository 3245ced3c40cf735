"""Computer players: information-set Monte-Carlo tree search over each game's rules engine.

Pure Python like the engines (no Django, no global random state, no I/O but the warning
logged when the search chooses an illegal move). The one entry point is ``choose_move``;
it sees exactly what a human in the seat is shown, the seat's view (docs/rules.md §7),
never the state, the seed or the move log.
"""

from __future__ import annotations

import importlib
import logging
import random
from collections import Counter
from collections.abc import Callable

from games.bots.levels import LEVELS, TEMPERATURE, THOROUGH, budget
from games.bots.search import Search
from games.rules import PACKAGES, IllegalMove, Move
from games.rules.knowledge import Knowledge

__all__ = ["LEVELS", "choose_move", "knowledge"]

SLUGS = tuple(PACKAGES)

log = logging.getLogger(__name__)

#: Moves the search chose that were illegal, per game, each replaced by a random legal one:
#: play goes on, but a count above zero is a bug (tests/bots/conftest.py fails on it).
FALLBACKS: Counter[str] = Counter()


def knowledge(slug: str) -> Knowledge:
    """The bot knowledge beside a game's rules (``games/rules/<package>/bot.py``, which the
    game's declaration ``Game.bot`` names too); ``KeyError`` for an unknown slug. Read from
    the rules, not the registry: the bots stay free of the web layer."""
    return importlib.import_module(f"games.rules.{PACKAGES[slug]}.bot").KNOWLEDGE


def choose_move(
    slug: str,
    view: dict,
    seat: int,
    *,
    level: str,
    seed: int,
    clock: Callable[[], float] | None = None,
    scale: float = 1.0,
) -> Move:
    """Returns a legal move for ``seat``, which must be to move in ``view`` (its own view).

    ``level`` is one of ``LEVELS``; the same view, seat, level and seed give the same move
    unless ``clock`` (e.g. ``time.monotonic``) is passed and the level's time cap is hit.
    ``scale`` shrinks or grows the level's iterations and cap together.
    """
    if seat not in view["to_move"]:
        raise ValueError(f"Seat {seat} is not to move.")
    know = knowledge(slug)
    iterations, seconds = budget(know, level, scale)
    rng = random.Random(seed)
    search = Search(know, view, seat, rng, thorough=THOROUGH[level])
    move = search.run(iterations, clock, seconds, TEMPERATURE[level])
    state = know.determinize(view, seat, rng)
    try:
        know.engine.apply(state, seat, move)
    except IllegalMove as refused:  # a candidate only another determinization allowed
        FALLBACKS[slug] += 1
        log.warning("%s: the search chose an illegal move %r (%s)", slug, move, refused)
        move = know.engine.random_move(state, seat, rng)
    return move
