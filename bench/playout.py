"""Timed random playouts shared by the engine benchmarks."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable


def play_for(
    engine,
    seconds: float,
    choose: Callable,
    players: int = 2,
    options: dict | None = None,
    counts: Callable[[dict], bool] = lambda move: True,
) -> tuple[int, int, float, dict]:
    """Plays seeded games with ``choose(state, seat, rng)`` until ``seconds`` have passed.

    Returns games finished, moves for which ``counts(move)`` held, elapsed seconds and
    how many games ended for each outcome reason.
    """
    games = counted = 0
    endings: Counter = Counter()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(games)
        state = engine.setup(players, games, options)
        while seats := engine.to_move(state):
            move = choose(state, seats[0], rng)
            state = engine.apply(state, seats[0], move)
            counted += counts(move)
        games += 1
        endings[engine.outcome(state)["reason"]] += 1
    return games, counted, time.perf_counter() - start, dict(endings)


def any_legal(engine) -> Callable:
    """A chooser picking uniformly from the full legal move list."""
    return lambda state, seat, rng: rng.choice(list(engine.legal_moves(state, seat)))
