"""Computer players: information-set Monte-Carlo tree search over each game's rules engine.

Pure Python like the engines (no Django, no global random state, no I/O but the warning
logged when the search chooses an illegal move). The one entry point is ``choose_move``
(``think`` also says how sure the search is, for the computer's hint); it sees exactly what a human in the seat is shown, the seat's view (docs/rules.md §7),
never the state, the seed or the move log.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from games.bots.levels import LEVELS, TEMPERATURE, THOROUGH, budget
from games.bots.search import Search
from games.packages import PACKAGES
from games.rules import IllegalMove, Move
from games.rules.knowledge import Knowledge

__all__ = ["LEVELS", "Thought", "choose_move", "knowledge", "think"]

#: slug -> each listed game's bot knowledge (``<package>/bot.py``, beside its engine), read
#: from the one list of games (``games.packages``), not the registry: the bots stay free of
#: the web layer, and the game's declaration ``Game.bot`` names the same knowledge.
KNOWLEDGE: dict[str, Knowledge] = {
    know.engine.slug: know
    for know in (import_module(f"{package}.bot").KNOWLEDGE for package in PACKAGES)
}
SLUGS = tuple(KNOWLEDGE)

log = logging.getLogger(__name__)

#: Moves the search chose that were illegal, per game, each replaced by a random legal one:
#: play goes on, but a count above zero is a bug (tests/bots/conftest.py fails on it).
FALLBACKS: Counter[str] = Counter()


def knowledge(slug: str) -> Knowledge:
    """The bot knowledge beside a game's rules (``games/<package>/bot.py``, which the game's
    declaration ``Game.bot`` names too); ``KeyError`` for an unknown slug."""
    return KNOWLEDGE[slug]


@dataclass(frozen=True)
class Thought:
    """A chosen move and what the search thought of it."""

    move: Move
    win: float | None  # the move's average reward for the seat, 0-1 (None: a fallback move)
    iterations: int  # search iterations run


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
    return think(slug, view, seat, level=level, seed=seed, clock=clock, scale=scale).move


def think(
    slug: str,
    view: dict,
    seat: int,
    *,
    level: str,
    seed: int,
    clock: Callable[[], float] | None = None,
    scale: float = 1.0,
) -> Thought:
    """``choose_move``'s move with the search's estimate of it and its iterations."""
    if seat not in view["to_move"]:
        raise ValueError(f"Seat {seat} is not to move.")
    know = knowledge(slug)
    iterations, seconds = budget(know, level, scale)
    rng = random.Random(seed)
    search = Search(know, view, seat, rng, thorough=THOROUGH[level])
    move = search.run(iterations, clock, seconds, TEMPERATURE[level])
    chosen = search.chosen
    win = chosen.total / chosen.visits if chosen is not None and chosen.visits else None
    state = know.determinize(view, seat, rng)
    try:
        know.engine.apply(state, seat, move)
    except IllegalMove as refused:  # a candidate only another determinization allowed
        FALLBACKS[slug] += 1
        log.warning("%s: the search chose an illegal move %r (%s)", slug, move, refused)
        move, win = know.engine.random_move(state, seat, rng), None
    return Thought(move, win, search.done)
