"""What the search knows about one game beyond its rules engine (one ``Knowledge`` per game).

Each game package exports ``KNOWLEDGE`` from ``games/<pkg>/bot.py``. The search
only ever sees a seat's view, so every game first says how to turn a view back into a
full engine state (``determinize``); the rest steers the search where plain random play
is weak: which moves are worth trying, how playouts move, and how to score a position
where a playout is cut short.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.rules import Engine, Move

Determinizer = Callable[[dict, int, random.Random], Any]
Chooser = Callable[[Any, int, random.Random], Move]


@dataclass(frozen=True)
class Knowledge:
    """A game's bot knowledge.

    - ``determinize(view, seat, rng)``: a full state whose ``view(state, seat)`` equals
      ``view``; secrets drawn uniformly from those the view allows (exact without secrets).
    - ``secrets``: whether views hide anything (then every iteration draws a new state).
    - ``sampler(view, seat)``: ``determinize`` bound to one view, a ``draw(rng)`` giving
      what ``determinize(view, seat, rng)`` gives, for games where reading the view costs
      more than dealing its secrets: a search draws once per iteration from one view
      (None: ``determinize`` every time).
    - ``iterations``: search iterations for easy, medium and hard (calibrated so that hard
      takes about a second on one core; the wall-clock cap in ``games.bots.levels`` bounds it).
    - ``candidates(state, seat, rng)``: the moves a tree node tries, best first (None: every
      legal move in random order); the search widens through them as a node is visited.
    - ``thorough(state, seat, rng)``: the root's candidates at the levels that weigh every
      move there (``THOROUGH`` in ``games.bots.levels``), where ``candidates`` only samples
      a huge move space (None: ``candidates``).
    - ``playout(state, seat, rng)``: the move a playout makes (None: ``engine.random_move``).
    - ``evaluate(state)``: a value in [0, 1] per seat where a playout stops after
      ``horizon`` plies (None: playouts run to the end).
    - ``reward(state)``: a value in [0, 1] per seat at the end of a game, where win or loss
      alone says too little to tell moves apart (None: a win shared among the winners).
    - ``deals``: at the levels that weigh every root move, instead of growing a tree, play
      every root move out on the same determinizations (at most ``deals``, and at most
      ``games.bots.search.PLAYOUTS`` times the level's iterations over the root's moves),
      each deal's playouts seeded alike, and take the best average reward: where the deal
      moves every move's result together, comparing moves on common deals takes its luck
      out of the comparison (None: the tree).
    - ``rollout``: how those common-deal playouts move (None: ``playout``).
    - ``widening``: a node visited n times tries ``1 + widening·√n`` candidates (None: all).
    - ``bias``: weight of a candidate's rank in the tree, ``bias / (rank + 1) / (visits + 1)``
      (0: the ranking only orders the widening).
    """

    engine: Engine
    determinize: Determinizer
    iterations: tuple[int, int, int]
    secrets: bool = False
    sampler: Callable[[dict, int], Callable[[random.Random], Any]] | None = None
    candidates: Callable[[Any, int, random.Random], Sequence[Move]] | None = None
    thorough: Callable[[Any, int, random.Random], Sequence[Move]] | None = None
    playout: Chooser | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    horizon: int = 10_000
    reward: Callable[[Any], Sequence[float]] | None = None
    deals: int | None = None
    rollout: Chooser | None = None
    widening: float | None = None
    exploration: float = 0.7
    bias: float = 0.0
