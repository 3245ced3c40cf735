"""The bench's alpha-beta Hive yardstick (``tooling/hive_alphabeta.py``) sees wins and
threats, rates closing the opponent's bee, keeps its own board in step with the engine's,
and plays only legal moves, also when its clock runs out mid-search."""

import random

import pytest

from games.hive.engine import ENGINE
from tooling.hive_alphabeta import Board, alphabeta_move

BLOCKED = [[-5, 5, 0], [5, -5, 0], [0, 5, -5]]
# Six fields around (0, 0, 0); the last one, (0, -1, 1), is left open below.
RING = [[1, -1, 0], [1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1]]


def _position(pieces: dict, moves=(6, 6)):
    board = [[field, [list(p) for p in stack]] for field, stack in pieces.items()]
    return ENGINE.from_json({"blocked": BLOCKED, "board": board, "moves": list(moves)})


def _blue_bee_closed_on_five():
    """Blue's bee at the centre, closed on five sides; Red's ant can fill the sixth."""
    ring = [(1, "SPIDER"), (0, "BEETLE"), (1, "GRASSHOPPER"), (0, "GRASSHOPPER"), (1, "ANT")]
    pieces = {(0, 0, 0): [(1, "BEE")]}
    pieces.update({tuple(f): [p] for f, p in zip(RING, ring, strict=True)})
    pieces[(2, -2, 0)] = [(0, "ANT")]
    pieces[(2, -1, -1)] = [(0, "BEE")]
    return pieces


def _winners(state):
    outcome = ENGINE.outcome(state)
    return outcome and outcome["winners"]


def _played(state, seat, move):
    assert move in list(ENGINE.legal_moves(state, seat))
    return ENGINE.apply(state, seat, move)


@pytest.mark.parametrize("depth", [1, 3])
def test_it_surrounds_the_bee_when_it_can(depth):
    state = _position(_blue_bee_closed_on_five())
    choice = alphabeta_move(state, 0, depth=depth, seconds=None)
    assert ENGINE.outcome(_played(state, 0, choice.move))["winners"] == [0]


def test_one_ply_it_closes_a_side_of_the_opponents_bee():
    pieces = _blue_bee_closed_on_five()
    del pieces[(1, 0, -1)], pieces[(-1, 1, 0)]  # three sides closed; no win in reach
    pieces[(-1, 2, -1)] = [(0, "SPIDER")]  # keeps the hive in one piece
    pieces[(-2, 2, 0)] = [(1, "BEETLE")]
    state = _position(pieces)
    after = _played(state, 0, alphabeta_move(state, 0, depth=1, seconds=None).move)
    assert ENGINE.view(after, 0)["free_around_bee"][1] == 2


def test_two_plies_it_stops_its_bee_being_surrounded():
    """Red's bee is closed on five sides, four of them by Blue; only moving Red's
    grasshopper off it stops Blue closing the sixth (an ant or a jump can)."""
    ring = [(1, "SPIDER"), (1, "BEETLE"), (1, "GRASSHOPPER"), (0, "GRASSHOPPER"), (1, "ANT")]
    pieces = {(0, 0, 0): [(0, "BEE")]}
    pieces.update({tuple(f): [p] for f, p in zip(RING, ring, strict=True)})
    pieces.update({(2, -2, 0): [(1, "ANT")], (2, -1, -1): [(1, "BEE")]})
    pieces.update({(-2, 1, 1): [(0, "ANT")], (-3, 1, 2): [(0, "SPIDER")]})
    state = _position(pieces)

    def blue_wins_next(move) -> bool:
        after = ENGINE.apply(state, 0, move)
        return bool(ENGINE.to_move(after)) and any(
            _winners(ENGINE.apply(after, 1, reply)) == [1] for reply in ENGINE.legal_moves(after, 1)
        )

    moves = list(ENGINE.legal_moves(state, 0))
    assert sum(map(blue_wins_next, moves)) > len(moves) // 2  # most moves lose
    assert not blue_wins_next(alphabeta_move(state, 0, depth=2, seconds=None).move)


class _Ticks:
    """A clock that runs a millisecond a look, so the time runs out mid-search."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("seed", range(3))
def test_its_board_keeps_step_and_its_moves_are_legal_when_time_runs_out(seed):
    rng = random.Random(seed)
    state = ENGINE.setup(2, seed)
    kept = Board(ENGINE.view(state, 0))
    for ply in range(24):
        seat = ENGINE.to_move(state)[0]
        if ply % 3:
            move = ENGINE.random_move(state, seat, rng)
        else:
            move = alphabeta_move(state, seat, seconds=0.005, clock=_Ticks()).move
        kept.make(seat, move)
        state = _played(state, seat, move)
        fresh, view = Board(ENGINE.view(state, 0)), ENGINE.view(state, 0)
        assert (kept.stacks, kept.hands, kept.bees, kept.key) == (
            fresh.stacks,
            fresh.hands,
            fresh.bees,
            fresh.key,
        )
        for bee, free in zip(kept.bees, view["free_around_bee"], strict=True):
            assert bee is None or kept.closed(bee) == 6 - free
        if not ENGINE.to_move(state):
            break
