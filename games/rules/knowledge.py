"""What the search knows about one game beyond its rules engine (one ``Knowledge`` per game).

Each rules package exports ``KNOWLEDGE`` from ``games/rules/<pkg>/bot.py``. The search
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
    - ``widening``: a node visited n times tries ``1 + widening·√n`` candidates (None: all).
    - ``bias``: weight of a candidate's rank in the tree, ``bias / (rank + 1) / (visits + 1)``
      (0: the ranking only orders the widening).
    """

    engine: Engine
    determinize: Determinizer
    iterations: tuple[int, int, int]
    secrets: bool = False
    candidates: Callable[[Any, int, random.Random], Sequence[Move]] | None = None
    thorough: Callable[[Any, int, random.Random], Sequence[Move]] | None = None
    playout: Chooser | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    horizon: int = 10_000
    reward: Callable[[Any], Sequence[float]] | None = None
    widening: float | None = None
    exploration: float = 0.7
    bias: float = 0.0
