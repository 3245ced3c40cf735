"""Triangulum partie and match rules: 333 per round, two passes, 400 turns, scoring, 3 parties."""

import pytest

from games.registry import IllegalMove
from games.triangulum.engine import ENGINE, partie_points
from tests.engines.triangulum_support import (
    PASS,
    lay,
    leg_triangle,
    mover,
    place,
    play,
    points,
    score,
    start,
    tri,
)

BIG0 = leg_triangle(0, 2, 26)  # (0,2) (26,2) (0,28): x + y <= 28, area 26·27/2 = 351
BIG1 = leg_triangle(45, 28, 27, flip=True)  # (45,28) (18,28) (45,1): x + y >= 46, area 378


def view(state):
    return ENGINE.view(state, None)


def ended_partie(state):
    return view(state)["history"][-1]


def end_by_passes(state):
    return play(state, PASS, PASS)


# -- the 333 threshold ---------------------------------------------------------------------


def test_reaching_333_as_starter_lets_the_second_player_still_move():
    state = score(start(), BIG0)  # seat 0 (starter) reaches 351
    assert view(state)["partie"] == 1 and ENGINE.to_move(state) == [1]
    assert view(state)["partie_totals"] == [351, 0]
    state = play(state, place((30, 10), (31, 10)))  # seat 1's answer ends the round
    record = ended_partie(state)
    assert record["reason"] == "area" and record["totals"] == [351, 0]
    assert record["winner"] == 0 and record["points"] == 351  # 351 > 2·0: 351 + 0
    assert view(state)["partie"] == 2 and view(state)["scores"] == [351, 0]


def test_the_second_player_may_overtake_after_the_starter_reached_333():
    state = lay(start(), BIG0, BIG1)
    state = play(state, tri(*BIG0))
    assert view(state)["partie"] == 1
    state = play(state, tri(*BIG1))  # 378 > 351: the larger total wins
    record = ended_partie(state)
    assert record["totals"] == [351, 378] and record["winner"] == 1
    assert record["points"] == 378 - 351  # 378 <= 2·351
    assert view(state)["scores"] == [0, 27]


def test_the_second_player_reaching_333_ends_the_partie_at_once():
    state = lay(start(), [(30, 10)], BIG1)
    state = play(state, place((31, 12), (32, 12)))  # seat 0's turn; seat 1 then scores
    assert ENGINE.to_move(state) == [1]
    state = play(state, tri(*BIG1))
    record = ended_partie(state)
    assert record["reason"] == "area" and record["winner"] == 1 and record["points"] == 378
    assert view(state)["partie"] == 2


def test_in_partie_2_seat_1_starts_and_seat_0_answers_its_333():
    state = end_by_passes(start())
    assert view(state)["partie"] == 2 and ENGINE.to_move(state) == [1]
    state = score(state, BIG1)  # seat 1, the starter now, reaches 378
    assert view(state)["partie"] == 2 and ENGINE.to_move(state) == [0]
    state = play(state, PASS)
    assert ended_partie(state)["winner"] == 1 and view(state)["partie"] == 3


def test_below_333_the_partie_goes_on():
    state = score(start(), leg_triangle(0, 2, 25))  # 325
    state = play(state, PASS)
    assert view(state)["partie"] == 1 and view(state)["partie_totals"] == [325, 0]


# -- partie scoring ------------------------------------------------------------------------


def two_triangles(legs0, legs1):
    """Seat 0 scores legs0 at (2,5), seat 1 legs1 at (20,5); then two passes end partie 1."""
    state = score(start(), leg_triangle(2, 5, legs0))
    state = score(state, leg_triangle(20, 5, legs1))
    return end_by_passes(state)


def test_more_than_twice_the_loser_scores_the_sum():
    state = two_triangles(10, 6)  # 55 > 2·21
    assert ended_partie(state)["totals"] == [55, 21]
    assert ended_partie(state)["points"] == 76 and view(state)["scores"] == [76, 0]


def test_at_most_twice_the_loser_scores_the_difference():
    state = two_triangles(10, 7)  # 55 <= 2·28
    assert ended_partie(state)["totals"] == [55, 28]
    assert view(state)["scores"] == [27, 0]


def test_exactly_twice_the_loser_takes_the_difference():
    state = two_triangles(3, 2)  # 6 = 2·3, not strictly more
    assert ended_partie(state)["totals"] == [6, 3]
    assert view(state)["scores"] == [3, 0]


def test_the_loser_scores_nothing_even_as_the_larger_area_belongs_to_seat_1():
    state = two_triangles(3, 10)  # 55 > 2·6
    assert ended_partie(state)["winner"] == 1 and view(state)["scores"] == [0, 61]


def test_equal_totals_score_nothing():
    state = two_triangles(5, 5)
    record = ended_partie(state)
    assert record["totals"] == [15, 15] and record["winner"] is None and record["points"] == 0
    assert view(state)["scores"] == [0, 0]


def test_partie_points_formula():
    assert partie_points(100, 49) == 149
    assert partie_points(100, 50) == 50
    assert partie_points(10, 0) == 10


# -- two passes and 400 turns --------------------------------------------------------------


def test_two_passes_in_a_row_end_the_partie():
    state = play(start(), PASS)
    assert view(state)["partie"] == 1 and view(state)["pass_streak"] == 1
    state = play(state, PASS)
    assert ended_partie(state)["reason"] == "passes" and view(state)["partie"] == 2


def test_passes_with_a_move_between_do_not_end_the_partie():
    state = play(start(), PASS, place((3, 3), (4, 4)), PASS)
    assert view(state)["partie"] == 1 and view(state)["pass_streak"] == 1


def test_passes_across_rounds_count_too():
    state = play(start(), place((3, 3), (4, 4)), PASS)  # seat 1 ends round 1 with a pass
    state = play(state, PASS)  # seat 0 opens round 2 with a pass
    assert ended_partie(state)["reason"] == "passes" and ended_partie(state)["turns"] == 3


def test_a_failed_triangle_is_a_lost_turn_not_a_pass():
    a = leg_triangle(2, 5, 10)
    laid = lay(start(), a, [(30, 10)], secrets={(30, 10): (4, 7)})
    state = play(laid, PASS, PASS)  # seat 0 passes, seat 1 passes: that ends it
    assert view(state)["partie"] == 2
    state = play(laid, PASS, place((31, 11), (31, 12)), PASS)
    assert view(state)["partie"] == 1
    state = play(laid, tri(*a))  # fails: (4,7) of seat 1 lands inside
    assert view(state)["last_reveal"]["scored"] is False and view(state)["pass_streak"] == 0
    state = play(state, PASS, PASS)
    assert ended_partie(state)["reason"] == "passes"
    state = play(laid, tri(*a), PASS)
    assert view(state)["partie"] == 1 and view(state)["pass_streak"] == 1


def distinct_places(n, offset=0):
    """n place moves on distinct open points (no collisions); the secrets all on (0, 0)."""
    return [place((i % 46, i // 46), (0, 0)) for i in range(offset, offset + n)]


def test_400_turns_end_the_partie_every_move_counting():
    moves = distinct_places(397)
    state = play(start(), *moves[:200], PASS, *moves[200:])  # a pass counts as a turn
    assert view(state)["turn"] == 398 and view(state)["partie"] == 1
    state = play(state, place((45, 28), (0, 0)))
    assert view(state)["turn"] == 399 and view(state)["partie"] == 1
    state = play(state, PASS)
    record = ended_partie(state)
    assert record["reason"] == "turns" and record["turns"] == 400
    assert view(state)["partie"] == 2 and view(state)["turn"] == 0


def test_hidden_points_are_discarded_when_a_partie_ends():
    state = play(start(), place((3, 3), (17, 17)), place((5, 5), (18, 18)))
    assert view(state)["secret_counts"] == [1, 1]
    state = end_by_passes(state)
    for seat in (0, 1, None):
        seen = ENGINE.view(state, seat)
        assert seen["points"] == [[], []] and seen["secret_counts"] == [0, 0]
        assert seen["my_secrets"] in ([], None)
        assert "17, 17" not in str(seen) and "18, 18" not in str(seen)
    assert ENGINE.to_json(state)["secrets"] == [[], []]


def test_the_board_is_cleared_for_the_next_partie():
    state = end_by_passes(score(start(), leg_triangle(2, 5, 10)))
    assert view(state)["triangles"] == [[], []] and view(state)["fixed"] == []
    assert points(state, 0) == set() and view(state)["partie_totals"] == [0, 0]
    assert view(state)["history"][0]["triangles"][0]["area"] == 55
    state = play(state, place((2, 5), (0, 0)))  # the old vertex is free again
    assert points(state, 1) == {(2, 5)}


# -- the match -----------------------------------------------------------------------------


def test_three_parties_with_alternating_starters_then_the_match_ends():
    state = start()
    starters = []
    for partie in (1, 2, 3):
        assert view(state)["partie"] == partie
        starters.append(ENGINE.to_move(state)[0])
        assert view(state)["starter"] == starters[-1]
        state = end_by_passes(state)
    assert starters == [0, 1, 0]
    assert ENGINE.to_move(state) == []
    assert ENGINE.outcome(state) == {"winners": [], "scores": [0, 0], "reason": "parties"}
    assert [r["starter"] for r in view(state)["history"]] == [0, 1, 0]
    for seat in (0, 1):
        assert list(ENGINE.legal_moves(state, seat)) == []
        with pytest.raises(IllegalMove, match="over"):
            ENGINE.apply(state, seat, PASS)


def test_the_match_goes_to_the_higher_sum_of_partie_results():
    state = end_by_passes(score(start(), leg_triangle(2, 5, 10)))  # partie 1: seat 0 +55
    assert mover(state) == 1
    state = end_by_passes(score(state, leg_triangle(2, 5, 3)))  # partie 2: seat 1 +6
    state = score(state, leg_triangle(2, 5, 4))  # partie 3: seat 0 10
    state = score(state, leg_triangle(20, 5, 5))  # seat 1 15
    state = end_by_passes(state)  # 15 <= 2·10: seat 1 +5
    assert view(state)["scores"] == [55, 11]
    assert ENGINE.outcome(state) == {"winners": [0], "scores": [55, 11], "reason": "parties"}
    assert view(state)["outcome"] == ENGINE.outcome(state)


def test_the_last_board_stays_in_view_after_the_match():
    state = end_by_passes(end_by_passes(start()))
    state = play(state, place((3, 3), (9, 9)))
    state = end_by_passes(state)
    assert ENGINE.outcome(state) is not None
    assert points(state, 0) == {(3, 3)} and view(state)["secret_counts"] == [0, 0]
