"""Shared moves (games/rules/frozen.py): listed by every position, so none may change, and
each behaves as the plain move it equals (docs/rules.md §1.2)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from games.registry import get_engine
from games.rules import IllegalMove
from games.rules.frozen import FrozenMove

SHARED = ("powerdrain", "high-voltage", "high-voltage-companies")


def listed_positions(slug: str, games: int = 3):
    """(engine, state, seat, moves) along seeded random games."""
    engine = get_engine(slug)
    for game in range(games):
        rng = random.Random(game)
        state = engine.setup(2, game)
        while seats := engine.to_move(state):
            moves = list(engine.legal_moves(state, seats[0]))
            yield engine, state, seats[0], moves
            state = engine.apply(state, seats[0], rng.choice(moves))


def fifth(slug: str):
    """The fifth position of the first seeded random game that has one."""
    for game in range(50):
        found = list(listed_positions(slug, games=game + 1))
        if len(found) >= 5:
            return found[4]
    raise AssertionError("no game of five plies")


@pytest.mark.parametrize("slug", SHARED)
def test_a_listed_move_refuses_every_change_and_the_next_list_is_unchanged(slug):
    engine, state, seat, moves = fifth(slug)
    move = moves[-1]
    before = json.dumps(moves)
    key = next(iter(move))
    for change in (
        lambda: move.__setitem__("type", "x"),
        lambda: move.pop(key),
        lambda: move.update(extra=1),
        lambda: move.clear(),
        lambda: move.setdefault("extra", 1),
        lambda: move.popitem(),
    ):
        with pytest.raises(TypeError, match="shared"):
            change()
    lists = [value for value in move.values() if isinstance(value, list)]
    for value in lists:
        with pytest.raises(TypeError, match="shared"):
            value[0] = 99
        with pytest.raises(TypeError, match="shared"):
            value.append(1)
    assert json.dumps(list(engine.legal_moves(state, seat))) == before


@pytest.mark.parametrize("slug", SHARED)
def test_a_listed_move_is_the_plain_move_for_json_copies_and_apply(slug):
    for engine, state, seat, moves in listed_positions(slug, games=1):
        for move in moves[:: max(1, len(moves) // 5)]:
            assert isinstance(move, FrozenMove)
            plain = json.loads(json.dumps(move))
            assert plain == move and move == plain
            for made in (copy.deepcopy(move), pickle.loads(pickle.dumps(move)), dict(move)):
                assert made == plain and type(made) is dict
            assert engine.to_json(engine.apply(state, seat, move)) == engine.to_json(
                engine.apply(state, seat, plain)
            )
            assert engine.decode(state, engine.encode(state, move)) == move
            copied = dict(move)
            copied["type"] = "nonsense"  # a copy is the caller's own
            assert move["type"] != "nonsense"


@pytest.mark.parametrize("slug", SHARED)
def test_a_listed_move_is_refused_where_the_position_refuses_it(slug):
    """The shortcut in apply for listed moves still asks the position: a move listed for one
    position is refused in a later one where it no longer stands, and by the other seat."""
    engine, state, seat, moves = fifth(slug)
    move = moves[-1]
    with pytest.raises(IllegalMove):
        engine.apply(state, 1 - seat, move)
    later = engine.apply(state, seat, move)
    while engine.to_move(later) and engine.to_move(later)[0] != seat:
        later = engine.apply(
            later,
            engine.to_move(later)[0],
            next(engine.legal_moves(later, engine.to_move(later)[0])),
        )
    if engine.to_move(later) and move not in list(engine.legal_moves(later, seat)):
        with pytest.raises(IllegalMove):
            engine.apply(later, seat, move)
