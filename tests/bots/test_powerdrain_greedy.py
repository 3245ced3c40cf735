"""The bench's greedy Powerdrain yardstick plays a move the engine's own tally ranks best, by
each of its rankings (active plugs then volts; volts alone)."""

import random

import pytest

from games.powerdrain.engine import tally
from games.registry import get_engine
from tooling.powerdrain_greedy import RANKS, greedy_move


def _standing(state, seat, rank):
    active, power = tally(state)
    volts = power[seat] - power[1 - seat]
    return (active[seat] - active[1 - seat], volts) if rank == "active" else (volts,)


@pytest.mark.parametrize("rank", RANKS)
@pytest.mark.parametrize("seed", range(12))
def test_greedy_move_leaves_the_best_standing_the_engine_counts(seed, rank):
    engine = get_engine("powerdrain")
    state = engine.setup(2, seed, {"draft": True} if seed % 2 else None)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 12)):
        mover = engine.to_move(state)[0]
        state = engine.apply(state, mover, engine.random_move(state, mover, rng))
    seat = engine.to_move(state)[0]
    best = max(
        _standing(engine.apply(state, seat, m), seat, rank) for m in engine.legal_moves(state, seat)
    )
    move = greedy_move(engine.view(state, seat), seat, seed, rank)
    assert _standing(engine.apply(state, seat, move), seat, rank) == best
