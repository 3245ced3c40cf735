"""The estimate's own search (analysis/estimate.py) on real positions, without a database:
the budget it runs, the share the played move is given, the tree it keeps and what a search
from a kept tree runs, the precision it stores."""

import json
import random

import pytest

from analysis import estimate as estimates
from analysis.estimate import estimate
from games.bots import knowledge
from games.registry import get_game

HIVE = get_game("hive").engine


def hive_opening(seed: int = 7):
    state = HIVE.setup(players=2, seed=seed, options=None)
    seat = HIVE.to_move(state)[0]
    return state, seat, HIVE.view(state, seat), list(HIVE.legal_moves(state, seat))


def test_a_seat_not_to_move_is_refused_by_name():
    _, seat, view, moves = hive_opening()
    with pytest.raises(ValueError, match=f"^Seat {1 - seat} is not to move.$"):
        estimate("hive", view, 1 - seat, moves[0], seed=3, iterations=10)


def test_a_fresh_search_runs_its_budget_and_gives_the_played_move_its_share(monkeypatch):
    """100 iterations: the played move (the first set, which the search left alone visits
    less) is given exactly a tenth of them; its node has a visit fewer (the one that made it)."""
    _, seat, view, moves = hive_opening()
    found = estimate("hive", view, seat, moves[0], seed=3, iterations=100)
    assert found.iterations == 100 and found.seat == seat and found.best != moves[0]
    assert found.kept.node.visits + 1 == round(estimates.PLAYED_SHARE * 100) == 10
    monkeypatch.setattr(estimates, "PLAYED_SHARE", 0.0)  # a visit at least, no more
    alone = estimate("hive", view, seat, moves[0], seed=3, iterations=100)
    assert alone.kept.node.visits + 1 < 10


def test_what_is_stored_is_to_four_places_and_a_chance():
    _, seat, view, moves = hive_opening()
    found = estimate("hive", view, seat, moves[0], seed=3, iterations=100)
    for value in [*found.chances, found.played]:
        assert 0 < value < 1 and value == round(value, 4)
    assert any(value != round(value, 3) for value in [*found.chances, found.played])
    assert sum(found.chances) == pytest.approx(1, abs=2e-4)


def test_a_search_from_a_kept_tree_runs_what_its_budget_lacks_and_a_quarter_at_least():
    """The kept tree below the first set has 9 visits: a budget of 100 runs 91 more; one of
    11 runs 3, a quarter of it (rounded), though 2 would fill it."""
    state, seat, view, moves = hive_opening()
    after = HIVE.apply(state, seat, moves[0])
    mover = HIVE.to_move(after)[0]
    reply = next(iter(HIVE.legal_moves(after, mover)))
    for budget, runs in [(100, 91), (11, 3)]:
        kept = estimate("hive", view, seat, moves[0], seed=3, iterations=100).kept
        assert kept.node.visits == 9
        again = estimate(
            "hive", HIVE.view(after, mover), mover, reply, seed=4, iterations=budget, reuse=kept
        )
        assert again.iterations == runs
        assert again.kept is not None  # the next position's search may start from it in turn


def test_a_game_with_secrets_keeps_no_tree():
    engine = get_game("triangulum").engine
    state = engine.setup(players=2, seed=5, options=None)
    seat = engine.to_move(state)[0]
    view = engine.view(state, seat)
    played = next(iter(engine.legal_moves(state, seat)))
    found = estimate("triangulum", view, seat, played, seed=3, iterations=40)
    assert found.kept is None and found.iterations == 40


def test_the_kept_tree_holds_legal_moves_only_each_edge_with_its_sums():
    """Walked from the position after the move played: the move played is a candidate at
    the root alone, and every edge a search went through keeps every seat's reward sums
    (a search from the tree averages them)."""
    state, seat, view, moves = hive_opening()
    kept = estimate("hive", view, seat, moves[0], seed=3, iterations=300).kept
    waiting, edges = [(kept.node, HIVE.apply(state, seat, moves[0]))], 0
    while waiting:
        node, position = waiting.pop()
        mover = HIVE.to_move(position)[0]
        legal = list(HIVE.legal_moves(position, mover))
        for edge in node.edges:
            assert edge.move in legal and edge in kept.sums
            edges += 1
            waiting.append((edge.child, HIVE.apply(position, mover, edge.move)))
    assert edges == len(kept.sums) > 20


def test_a_move_is_valued_by_its_most_visited_reply_once_that_had_its_visits():
    from games.bots.search import Edge, Node

    def move_with(visits: int, replies: list[int]) -> Edge:
        edge = Edge({"type": "pass"}, 1.0)
        edge.child = Node()
        edge.child.visits = visits
        for n in replies:
            reply = Edge({"type": "pass"}, 1.0)
            reply.visits = n
            edge.child.edges.append(reply)
        return edge

    line = estimates._Analysing.line
    enough = estimates.REPLY_VISITS
    edge = move_with(enough, [3, 12, 5])
    assert line(None, edge) is edge.child.edges[1]
    edge = move_with(enough - 1, [3, 12, 4])
    assert line(None, edge) is edge  # too few visits below it yet
    edge = move_with(enough + 5, [])
    assert line(None, edge) is edge  # the game ended there


def test_a_playouts_rewards_as_shares_of_one_win_and_places_by_scores():
    assert estimates._shares([0.5, 0.5, 0.5]) == pytest.approx([1 / 3] * 3)
    assert estimates._shares([0.2, 0.6, 0.2]) == pytest.approx([0.2, 0.6, 0.2])
    assert estimates._shares([0.1, 0.4, 0.3, 0.2]) == pytest.approx([0.1, 0.4, 0.3, 0.2])
    assert estimates._shares([0.0, 0.0, 0.0]) == pytest.approx([1 / 3] * 3)
    assert estimates._places([10, 30, 30]) == [3.0, 1.0, 1.0]  # tied seats share the better
    assert estimates._places([5, 20, 10, 1]) == [3.0, 1.0, 2.0, 4.0]


@pytest.mark.parametrize("players", [2, 3])
def test_power_companies_chances_add_up_to_one_win_and_places_come_from_three_seats(players):
    """The bots' evaluation values each seat on its own (with two players too: their
    chances summed to 98 % before each playout's rewards were taken as shares); expected
    places only where a place says more than the chance, with three seats or more."""
    engine = get_game("high-voltage-companies").engine
    state, rng = engine.setup(players, 3), random.Random(3)
    for _ in range(3):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, engine.random_move(state, seat, rng))
    seat = engine.to_move(state)[0]
    played = engine.random_move(state, seat, random.Random(0))
    view = engine.view(state, seat)
    found = estimate("high-voltage-companies", view, seat, played, seed=3, iterations=60)
    assert sum(found.chances) == pytest.approx(1, abs=3e-4)
    if players == 2:
        assert found.places is None
    else:
        assert len(found.places) == 3 and all(1 <= p <= 3 for p in found.places)
        assert sum(found.places) <= 6 + 0.003  # 1 + 2 + 3 a playout, less where seats tie


def test_a_fresh_roots_candidates_hold_the_move_played_once_and_it_is_tried_first():
    state, seat, view, moves = hive_opening()
    played = moves[5]
    search = estimates._Analysing(
        knowledge("hive"), view, seat, random.Random(3), thorough=True, played=played
    )
    fresh = search.candidates(search.root, state, seat)
    assert fresh[-1] == (json.dumps(played, sort_keys=True), played)  # popped first
    assert [move for _, move in fresh].count(played) == 1


def test_a_kept_root_takes_the_move_played_there_as_its_next_candidate_once():
    """The position after the first set: a reply the kept tree has not tried yet waits among
    its candidates; adopted, the search tries it first and keeps the others waiting."""
    state, seat, view, moves = hive_opening()
    kept = estimate("hive", view, seat, moves[0], seed=3, iterations=100).kept
    after = HIVE.apply(state, seat, moves[0])
    mover = HIVE.to_move(after)[0]
    waiting = list(kept.node.moves)
    reply = waiting[0][1]
    assert all(edge.move != reply for edge in kept.node.edges)
    search = estimates._Analysing(
        knowledge("hive"), HIVE.view(after, mover), mover, random.Random(4), thorough=True,
        played=reply,
    )  # fmt: skip
    search.adopt(kept)
    assert search.root is kept.node and search.played_key in search.root.keys
    assert search.root.moves[-1] == (search.played_key, reply)
    assert len(search.root.moves) == len(waiting)  # the others still wait
    assert [move for _, move in search.root.moves].count(reply) == 1
