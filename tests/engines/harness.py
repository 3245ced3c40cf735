"""Protocol checks shared by every engine's tests (docs/rules.md §1).

`random_game` plays a seeded random game to its end; `check_agreement` checks
that ``legal_moves`` and ``apply`` agree on the listed moves and on near misses
(every coordinate nudged, keys dropped, junk), so a rule left out of either side
shows up as a disagreement.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

from games.registry import IllegalMove

SAMPLE = 40  # listed moves checked per position; keeps big move lists fast


def key(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


def choose_move(engine, state, seat: int, rng: random.Random) -> dict:
    """Returns a random legal move (the engine's own sampler, exact for huge move spaces)."""
    return engine.random_move(state, seat, rng)


def random_game(engine, players: int, seed: int, options=None, max_plies: int = 5000) -> Iterator:
    """Yields (state, seat, move) along one random game, then the final state as (state, None, None)."""
    rng = random.Random(seed ^ 0x5EED)
    state = engine.setup(players=players, seed=seed, options=options)
    for _ in range(max_plies):
        seats = engine.to_move(state)
        if not seats:
            break
        seat = seats[0]
        move = choose_move(engine, state, seat, rng)
        yield state, seat, move
        state = engine.apply(state, seat, move)
    else:
        raise AssertionError(f"game did not end within {max_plies} plies")
    assert engine.outcome(state) is not None, "to_move is empty but outcome is None"
    yield state, None, None


def near_misses(move: dict) -> Iterator[Any]:
    """Yields moves close to ``move``: each int nudged by ±1, each key dropped, junk."""
    for name, value in move.items():
        if name == "type":
            continue
        without = dict(move)
        del without[name]
        yield without
        for path, number in _ints(value):
            for delta in (-1, 1):
                changed = copy.deepcopy(move)
                _set(changed, [name, *path], number + delta)
                yield changed
        yield {**move, name: "x"}
    yield {**move, "extra": 1}
    yield {"type": "no-such-move"}
    yield "not a dict"


def _ints(value, path=()):
    if type(value) is int:
        yield path, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _ints(item, (*path, i))


def _set(target, path, number):
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = number


def check_agreement(engine, state, seat: int, rng: random.Random, is_listed=None) -> None:
    """Asserts listed moves apply, near misses apply iff listed, and nothing mutates ``state``.

    ``is_listed`` decides membership for engines whose move list is generated lazily.
    """
    before = key(engine.to_json(state))
    listed = None if is_listed else {key(m): m for m in engine.legal_moves(state, seat)}
    membership = is_listed or (lambda m: key(m) in listed)
    sample = (
        [choose_move(engine, state, seat, rng) for _ in range(5)]
        if listed is None
        else rng.sample(list(listed.values()), min(SAMPLE, len(listed)))
    )
    for move in sample:
        engine.apply(state, seat, move)  # must not raise
        for miss in near_misses(move):
            try:
                engine.apply(state, seat, miss)
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == bool(isinstance(miss, dict) and membership(miss)), (
                f"apply {'accepted' if accepted else 'refused'} {miss!r}, "
                f"legal_moves {'does not list' if accepted else 'lists'} it"
            )
    for other in range(engine.view(state, None)["players"]):
        if other not in engine.to_move(state):
            assert not any(True for _ in engine.legal_moves(state, other)), (
                "off-turn seat has moves"
            )
    assert key(engine.to_json(state)) == before, "apply or legal_moves mutated the state"
