"""Property tests over random Hive games, against a slow independent reference model.

The reference works straight on cube coordinates and the rule text of docs/rules.md §4:
connectivity by flood fill with the piece removed, fields next to both cells as
the intersection of two neighbour sets. It shares no code with the engine.
"""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.hive.engine import ENGINE
from tests.engines.harness import key, random_game
from tests.engines.hive_support import neighbours

seeds = st.integers(min_value=0, max_value=2**32)
FULL = Counter({"BEE": 1, "SPIDER": 2, "BEETLE": 2, "GRASSHOPPER": 3, "ANT": 3})


def on_board(c):
    return sum(c) == 0 and max(map(abs, c)) <= 5


def connected(cells) -> bool:
    cells = set(cells)
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def reference_moves(data, seat) -> set[str]:
    """Every legal move by the rule text, as JSON keys."""
    stacks = {tuple(f): [(s, k) for s, k in st_] for f, st_ in data["board"]}
    blocked = {tuple(b) for b in data["blocked"]}
    made = data["moves"]
    mine = [k for st_ in stacks.values() for s, k in st_ if s == seat]
    hand = FULL - Counter(mine)
    bee_down = "BEE" in mine

    def free(c):
        return on_board(c) and c not in blocked and c not in stacks

    moves = []
    must_bee = not bee_down and made[seat] >= 3
    kinds = ["BEE"] if must_bee else [k for k in FULL if hand[k] > 0]
    every = [(q, r, -q - r) for q in range(-5, 6) for r in range(-5, 6)]
    for c in filter(free, every):
        tops = [stacks[n][-1][0] for n in neighbours(c) if n in stacks]
        first = not mine
        if (first and (not stacks or tops)) or (
            not first and seat in tops and (1 - seat) not in tops
        ):
            moves += [{"type": "set", "piece": k, "to": list(c)} for k in kinds]

    def slide_ok(x, y, occupied):
        if not free(y) or y in occupied:
            return False
        both = [c for c in set(neighbours(x)) & set(neighbours(y)) if on_board(c)]
        if not any(c in occupied for c in both):
            return False
        return not (len(both) == 2 and all(c in occupied or c in blocked for c in both))

    if bee_down:
        for a, stack in stacks.items():
            who, what = stack[-1]
            if who != seat:
                continue
            rest = set(stacks) if len(stack) > 1 else set(stacks) - {a}
            if not connected(rest):
                continue
            found = set()
            if what == "BEE":
                found = {y for y in neighbours(a) if slide_ok(a, y, rest)}
            elif what == "SPIDER":
                paths = [[a]]
                for _ in range(3):
                    paths = [
                        [*p, y]
                        for p in paths
                        for y in neighbours(p[-1])
                        if y not in p and slide_ok(p[-1], y, rest)
                    ]
                found = {p[-1] for p in paths}
            elif what == "ANT":
                seen, todo = {a}, [a]
                while todo:
                    x = todo.pop()
                    for y in neighbours(x):
                        if y not in seen and slide_ok(x, y, rest):
                            seen.add(y)
                            todo.append(y)
                found = seen - {a}
            elif what == "BEETLE":
                for y in neighbours(a):
                    if not on_board(y) or y in blocked:
                        continue
                    both = set(neighbours(a)) & set(neighbours(y))
                    if len(stack) > 1 or y in stacks or any(c in stacks for c in both):
                        found.add(y)
            else:  # GRASSHOPPER
                for d in [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]:
                    y = (a[0] + d[0], a[1] + d[1], a[2] + d[2])
                    if y not in stacks:
                        continue
                    while y in stacks:
                        y = (y[0] + d[0], y[1] + d[1], y[2] + d[2])
                    if on_board(y) and y not in blocked:
                        found.add(y)
            for y in found:
                assert connected(rest | {y}), "a move as defined left the hive"
                moves.append({"type": "drag", "from": list(a), "to": list(y)})
    if not moves:
        moves = [{"type": "skip"}]
    return {key(m) for m in moves}


def reference_result(data):
    stacks = {tuple(f): st_ for f, st_ in data["board"]}
    blocked = {tuple(b) for b in data["blocked"]}
    free = [0, 0]
    surrounded = [False, False]
    for f, st_ in stacks.items():
        for seat, what in st_:
            if what == "BEE":
                free[seat] = sum(
                    1 for n in neighbours(f) if on_board(n) and n not in blocked and n not in stacks
                )
                surrounded[seat] = free[seat] == 0
    if all(surrounded):
        return [], free, "both bees surrounded"
    if any(surrounded):
        return [1 if surrounded[0] else 0], free, "bee surrounded"
    if min(data["moves"]) >= 30:
        return ([] if free[0] == free[1] else [0 if free[0] > free[1] else 1]), free, "move limit"
    return None, free, None


@settings(max_examples=100, deadline=None)
@given(seed=seeds)
def test_random_games_end_with_a_valid_outcome(seed):
    plies = list(random_game(ENGINE, 2, seed))
    final = plies[-1][0]
    result = ENGINE.outcome(final)
    winners, free, reason = reference_result(ENGINE.to_json(final))
    assert result == {"winners": winners, "scores": free, "reason": reason}
    assert ENGINE.view(final, None)["scores"] == free
    assert len(plies) - 1 <= 60


@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_legal_moves_match_the_reference_model(seed):
    for state, seat, _ in random_game(ENGINE, 2, seed):
        data = ENGINE.to_json(state)
        if seat is None:
            assert reference_result(data)[0] is not None
            break
        assert reference_result(data)[0] is None
        assert {key(m) for m in ENGINE.legal_moves(state, seat)} == reference_moves(data, seat)


@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_one_hive_and_every_piece_on_the_board_or_in_hand(seed):
    for state, _, _ in random_game(ENGINE, 2, seed):
        view = ENGINE.view(state, None)
        assert connected({tuple(f["field"]) for f in view["board"]})
        for seat in (0, 1):
            on_board = Counter(
                p["piece"] for f in view["board"] for p in f["stack"] if p["seat"] == seat
            )
            assert on_board + Counter(view["reserves"][seat]) == FULL
