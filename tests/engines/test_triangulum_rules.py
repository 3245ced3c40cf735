"""Triangulum moves of seed 003 and docs/rules.md §5: placing, collisions, triangles, the reveal."""

import json

import pytest

from games.registry import IllegalMove, get_engine, get_game
from games.triangulum.engine import ENGINE
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

A = leg_triangle(2, 5, 10)  # (2,5) (12,5) (2,15), area 55


# -- setup and protocol --------------------------------------------------------------------


def test_engine_is_registered_and_described():
    assert get_engine("triangulum") is ENGINE
    assert ENGINE.min_players == ENGINE.max_players == 2
    assert get_game("triangulum").description.strip()


def test_setup_is_an_empty_board_with_seat_0_to_move_in_partie_1():
    state = start()
    view = ENGINE.view(state, None)
    assert ENGINE.to_move(state) == [0]
    assert view["points"] == [[], []] and view["triangles"] == [[], []]
    assert (view["partie"], view["starter"], view["scores"]) == (1, 0, [0, 0])
    assert (view["width"], view["height"]) == (46, 29)


def test_setup_refuses_other_player_counts_and_options():
    with pytest.raises(ValueError):
        ENGINE.setup(3, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"first": 1})


def test_out_of_turn_moves_are_refused():
    state = start()
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, place((3, 3), (4, 4)))
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, True, place((3, 3), (4, 4)))
    assert list(ENGINE.legal_moves(state, 1)) == []


@pytest.mark.parametrize(
    "move",
    [
        {"type": "place", "open": [3, 3]},
        {"type": "place", "open": [3, 3], "secret": [4, 4], "extra": 1},
        {"type": "place", "open": [3, 3, 1], "secret": [4, 4]},
        {"type": "place", "open": [True, 3], "secret": [4, 4]},
        {"type": "place", "open": [3.0, 3], "secret": [4, 4]},
        {"type": "place", "open": "3,3", "secret": [4, 4]},
        {"type": "place", "open": [46, 3], "secret": [4, 4]},
        {"type": "place", "open": [3, 29], "secret": [4, 4]},
        {"type": "place", "open": [3, 3], "secret": [-1, 4]},
        {"type": "place", "open": [3, 3], "secret": [4, 29]},
        {"type": "triangulate", "points": [[1, 1], [2, 2]]},
        {"type": "triangulate", "points": [[1, 1], [2, 2], [3, 1], [4, 4]]},
        {"type": "triangulate", "points": "abc"},
        {"type": "triangulate", "points": [[1, 1], [2, 2], [3, 29]]},
        {"type": "pass", "open": [3, 3]},
        {"type": "resign"},
        {"open": [3, 3], "secret": [4, 4]},
    ],
)
def test_malformed_moves_are_illegal(move):
    with pytest.raises(IllegalMove):
        ENGINE.apply(start(), 0, move)
    assert not ENGINE.is_legal(start(), 0, move)


def test_board_corners_are_on_the_board():
    state = play(start(), place((0, 0), (45, 28)), place((45, 28), (0, 28)))
    assert points(state, 0) == {(0, 0)} and points(state, 1) == {(45, 28)}


# -- placing -------------------------------------------------------------------------------


def test_place_sets_the_open_point_and_writes_the_secret_for_the_mover_only():
    state = play(start(), place((3, 4), (20, 20)))
    assert points(state, 0) == {(3, 4)} and points(state, 1) == set()
    assert ENGINE.view(state, 0)["my_secrets"] == [[20, 20]]
    assert ENGINE.view(state, 1)["my_secrets"] == []
    assert ENGINE.view(state, None)["my_secrets"] is None
    assert ENGINE.view(state, 1)["secret_counts"] == [1, 0]
    assert "20, 20" not in json.dumps(ENGINE.view(state, 1))
    assert "20, 20" not in json.dumps(ENGINE.view(state, None))
    assert ENGINE.to_move(state) == [1]


def test_open_and_secret_may_be_the_same_point():
    state = play(start(), place((3, 4), (3, 4)))
    assert points(state, 0) == {(3, 4)}
    assert ENGINE.view(state, 0)["my_secrets"] == [[3, 4]]


def test_placing_on_an_opponent_point_removes_both():
    state = play(start(), place((3, 4), (9, 9)), place((3, 4), (9, 8)))
    assert points(state, 0) == points(state, 1) == set()
    assert ENGINE.view(state, None)["last_move"]["collision"] is True


def test_placing_on_an_own_point_removes_both():
    state = play(start(), place((3, 4), (9, 9)), place((7, 7), (9, 8)), place((3, 4), (9, 7)))
    assert points(state, 0) == set() and points(state, 1) == {(7, 7)}


def test_a_scored_vertex_refuses_an_open_point_but_takes_a_secret():
    state = score(start(), A)
    vertex = A[1]
    with pytest.raises(IllegalMove, match="scored triangle"):
        ENGINE.apply(state, 1, place(vertex, (30, 20)))
    state = ENGINE.apply(state, 1, place((30, 20), vertex))  # a secret may be written there
    assert ENGINE.view(state, 1)["my_secrets"] == [list(vertex)]


def test_an_open_point_may_go_inside_or_on_the_edge_of_a_scored_triangle():
    state = score(start(), A)
    state = play(state, place((4, 7), (30, 20)), place((7, 5), (31, 20)))
    assert (4, 7) in points(state, 1) and (7, 5) in points(state, 0)
    assert ENGINE.view(state, None)["partie_totals"] == [55, 0]  # the triangle stays scored


def test_an_open_point_inside_a_scored_triangle_can_collide():
    state = score(start(), A)
    state = play(state, place((4, 7), (30, 20)), place((4, 7), (31, 20)))
    assert (4, 7) not in points(state, 0) | points(state, 1)


# -- triangulating -------------------------------------------------------------------------


def test_a_valid_triangle_scores_its_helper_area_and_fixes_its_vertices():
    state = score(start(), A)
    view = ENGINE.view(state, None)
    assert view["triangles"][0] == [{"points": [[2, 5], [2, 15], [12, 5]], "area": 55}]
    assert view["partie_totals"] == [55, 0]
    assert view["fixed"] == [[2, 5], [2, 15], [12, 5]]
    assert view["last_reveal"]["scored"] is True and view["last_reveal"]["area"] == 55


def test_the_three_points_may_come_in_any_order():
    laid = lay(start(), A)
    results = {
        json.dumps(ENGINE.to_json(play(laid, tri(*order)))["triangles"])
        for order in ([A[0], A[1], A[2]], [A[2], A[0], A[1]], [A[1], A[0], A[2]])
    }
    assert len(results) == 1


def test_a_triangle_needs_three_of_the_movers_own_points():
    laid = lay(start(), A[:2], [A[2]])
    with pytest.raises(IllegalMove, match="not one of your points"):
        play(laid, tri(*A))
    with pytest.raises(IllegalMove, match="not one of your points"):
        play(lay(start(), A[:2]), tri(*A))


def test_a_triangle_refuses_collinear_and_repeated_points():
    laid = lay(start(), [(1, 3), (4, 6), (7, 9)])
    with pytest.raises(IllegalMove, match="one line"):
        play(laid, tri((1, 3), (4, 6), (7, 9)))
    with pytest.raises(IllegalMove, match="three different"):
        play(laid, tri((1, 3), (1, 3), (7, 9)))


def test_an_opponent_point_inside_refuses_the_triangle():
    laid = lay(start(), A, [(4, 7)])
    with pytest.raises(IllegalMove, match="opponent's point"):
        play(laid, tri(*A))


def test_an_opponent_point_on_an_edge_refuses_the_triangle():
    for on_edge in [(7, 5), (2, 9), (7, 10)]:  # bottom leg, left leg, hypotenuse x + y = 17
        laid = lay(start(), A, [on_edge])
        with pytest.raises(IllegalMove, match="opponent's point"):
            play(laid, tri(*A))


def test_an_opponent_point_just_outside_does_not_refuse_the_triangle():
    laid = lay(start(), A, [(8, 10), (1, 9)])
    assert ENGINE.view(play(laid, tri(*A)), None)["partie_totals"] == [55, 0]


def test_own_points_inside_or_on_an_edge_are_allowed():
    laid = lay(start(), [*A, (4, 7), (7, 5)])
    assert ENGINE.view(play(laid, tri(*A)), None)["partie_totals"] == [55, 0]


@pytest.mark.parametrize(
    ("second", "movers"),
    [
        (((12, 5), (20, 5), (20, 12)), [0]),  # shares the vertex (12,5) (only seat 0 owns it)
        (((7, 10), (20, 12), (15, 20)), [0, 1]),  # a vertex on the hypotenuse x + y = 17
        (((0, 9), (20, 9), (20, 10)), [0, 1]),  # edges crossing
        (((3, 5), (10, 5), (6, 1)), [0, 1]),  # an edge lying along A's bottom edge
        (((3, 6), (6, 6), (3, 9)), [0, 1]),  # wholly inside A
        (((1, 4), (30, 4), (1, 25)), [0]),  # containing A (for seat 1, A's vertices refuse it)
    ],
)
def test_a_triangle_may_not_touch_cross_or_contain_a_scored_one(second, movers):
    state = score(start(), A)  # seat 0 scored A = (2,5) (12,5) (2,15); seat 1 to move
    fresh = [p for p in second if p not in A]
    for seat in movers:  # one's own scored triangle blocks as well as the opponent's
        laid = lay(state if seat == 1 else play(state, PASS), fresh)
        assert mover(laid) == seat
        with pytest.raises(IllegalMove, match="scored triangle"):
            ENGINE.apply(laid, seat, tri(*second))


def test_a_triangle_beside_a_scored_one_is_fine():
    state = score(start(), A)
    nearby = ((13, 5), (20, 5), (13, 12))  # x + y >= 18 on the hypotenuse side, x >= 13
    laid = lay(state, nearby)
    after = play(laid, tri(*nearby))
    assert ENGINE.view(after, None)["partie_totals"] == [55, 28]


def test_an_invalid_triangle_is_refused_before_anything_is_revealed():
    laid = lay(start(), A, [(4, 7)], secrets={A[0]: (30, 20)})
    with pytest.raises(IllegalMove):
        play(laid, tri(*A))
    assert ENGINE.view(laid, 0)["my_secrets"][0] == [30, 20]  # the state is untouched


# -- the reveal ----------------------------------------------------------------------------


def test_the_reveal_puts_both_hidden_lists_on_the_board_and_empties_them():
    secrets = {A[0]: (20, 20), (30, 10): (21, 20)}
    laid = lay(start(), A, [(30, 10), (31, 10), (32, 10)], secrets=secrets)
    state = play(laid, tri(*A))
    assert (20, 20) in points(state, 0) and (21, 20) in points(state, 1)
    assert ENGINE.view(state, None)["secret_counts"] == [0, 0]
    assert ENGINE.view(state, 0)["my_secrets"] == ENGINE.view(state, 1)["my_secrets"] == []


def test_an_opponent_secret_inside_makes_the_triangle_fail_and_the_turn_is_lost():
    laid = lay(start(), A, [(30, 10)], secrets={(30, 10): (4, 7)})
    state = play(laid, tri(*A))
    view = ENGINE.view(state, None)
    assert view["partie_totals"] == [0, 0] and view["triangles"] == [[], []]
    assert view["last_reveal"]["scored"] is False
    assert "opponent's point (4,7)" in view["last_reveal"]["reason"]
    assert (4, 7) in points(state, 1)  # the revealed point stays
    assert set(A) <= points(state, 0) and view["fixed"] == []  # vertices stay, not fixed
    assert ENGINE.to_move(state) == [1] and view["pass_streak"] == 0 and view["turn"] == 7


def test_an_opponent_secret_on_an_edge_makes_the_triangle_fail():
    laid = lay(start(), A, [(30, 10)], secrets={(30, 10): (7, 10)})
    assert ENGINE.view(play(laid, tri(*A)), None)["partie_totals"] == [0, 0]


def test_an_own_secret_inside_is_harmless():
    laid = lay(start(), A, secrets={A[0]: (4, 7)})
    state = play(laid, tri(*A))
    assert ENGINE.view(state, None)["partie_totals"] == [55, 0] and (4, 7) in points(state, 0)


def test_an_own_secret_on_an_own_vertex_removes_it_and_the_triangle_fails():
    laid = lay(start(), A, secrets={A[2]: A[0]})
    state = play(laid, tri(*A))
    view = ENGINE.view(state, None)
    assert view["partie_totals"] == [0, 0]
    assert A[0] not in points(state, 0)
    assert "not one of your points" in view["last_reveal"]["reason"]
    collision = {"seat": 0, "at": list(A[0]), "result": "collision", "hit": 0}
    assert view["last_reveal"]["events"][2] == collision


def test_an_opponent_secret_on_a_vertex_removes_it_and_the_triangle_fails():
    laid = lay(start(), A, [(30, 10)], secrets={(30, 10): A[1]})
    state = play(laid, tri(*A))
    assert ENGINE.view(state, None)["partie_totals"] == [0, 0]
    assert A[1] not in points(state, 0) | points(state, 1)


def test_the_movers_list_is_revealed_first_then_the_opponents_each_in_written_order():
    # X = (4, 7) lies inside A. Seat 0 (mover) wrote X once, seat 1 wrote X twice.
    # Mover first: seat 0's X lands, seat 1's first X removes both, its second X lands
    # in seat 1's colour inside A, so A fails. (Opponent first would leave seat 0's X.)
    x = (4, 7)
    laid = lay(start(), A, [(30, 10), (31, 10)], secrets={A[0]: x, (30, 10): x, (31, 10): x})
    state = play(laid, tri(*A))
    view = ENGINE.view(state, None)
    assert x in points(state, 1) and x not in points(state, 0)
    assert view["partie_totals"] == [0, 0]
    events = [(e["seat"], tuple(e["at"]), e["result"]) for e in view["last_reveal"]["events"]]
    assert events[0] == (0, x, "placed")
    assert events[3:5] == [(1, x, "collision"), (1, x, "placed")]
    assert [e[0] for e in events] == [0, 0, 0, 1, 1, 1]


def test_the_reveal_starts_with_the_movers_list_also_when_seat_1_triangulates():
    # Seat 1 scores B; X = (22, 7) inside B. Seat 1 wrote X once, seat 0 twice. Seat 1's
    # list first: its X lands, seat 0's first X removes both, its second X lands inside B
    # in seat 0's colour and B fails. (Seat 0's list first would leave seat 1's X: harmless.)
    b = leg_triangle(20, 5, 10)
    x = (22, 7)
    state = play(start(), place((40, 20), x))
    laid = lay(state, b, [(41, 20)], secrets={b[0]: x, (41, 20): x})
    state = play(laid, tri(*b))
    view = ENGINE.view(state, None)
    assert view["last_reveal"]["seat"] == 1
    assert [e["seat"] for e in view["last_reveal"]["events"]] == [1, 1, 1, 0, 0, 0, 0]
    assert x in points(state, 0) and view["partie_totals"] == [0, 0]


def test_a_secret_on_a_scored_vertex_is_discarded_at_the_reveal():
    state = score(start(), A)
    vertex = A[0]
    b = leg_triangle(20, 5, 10)
    state = lay(state, b, [(30, 10), (31, 10), (32, 10)], secrets={b[0]: vertex})
    state = play(state, tri(*b))
    view = ENGINE.view(state, None)
    assert view["partie_totals"] == [55, 55]
    assert vertex in points(state, 0) and vertex in [tuple(p) for p in view["fixed"]]
    assert {"seat": 1, "at": list(vertex), "result": "discarded"} in view["last_reveal"]["events"]


def test_the_reveal_is_public_in_every_view():
    laid = lay(start(), A, [(30, 10)], secrets={(30, 10): (4, 7)})
    state = play(laid, tri(*A))
    views = [ENGINE.view(state, s) for s in (0, 1, None)]
    assert views[0]["last_reveal"] == views[1]["last_reveal"] == views[2]["last_reveal"]
    assert {"seat": 1, "at": [4, 7], "result": "placed"} in views[2]["last_reveal"]["events"]


# -- listing, preview, notation ------------------------------------------------------------


def test_legal_moves_list_pass_every_order_of_each_valid_triangle_then_every_place():
    laid = lay(start(), [(1, 3), (5, 3), (1, 8), (9, 9)], [(3, 4)])
    moves = list(ENGINE.legal_moves(laid, 0))
    triangles = [m for m in moves if m["type"] == "triangulate"]
    # On the row y = 4 the opponent's (3,4) is inside (1,3)(5,3)(1,8) (between x = 1 and 4.2)
    # and inside (1,3)(5,3)(9,9) (between 2.33 and 5.67), but outside (1,3)(1,8)(9,9)
    # (x from 1 to 2.33) and (5,3)(1,8)(9,9) (x from 4.2 to 5.67).
    kept = {frozenset(map(tuple, m["points"])) for m in triangles}
    assert kept == {frozenset({(1, 3), (1, 8), (9, 9)}), frozenset({(5, 3), (1, 8), (9, 9)})}
    assert len(triangles) == 12 and len({json.dumps(m) for m in triangles}) == 12
    assert moves[0] == PASS
    assert sum(m["type"] == "place" for m in moves) == 1334 * 1334
    assert all(ENGINE.is_legal(laid, 0, m) for m in triangles)


def test_legal_places_skip_scored_vertices():
    state = score(start(), A)
    opens = set()
    for move in ENGINE.legal_moves(state, 1):
        if move["type"] == "place" and move["secret"] == [0, 0]:
            opens.add(tuple(move["open"]))
    assert len(opens) == 1334 - 3 and not opens & set(A)


def test_triangle_preview_uses_the_open_board_only():
    laid = lay(start(), A, [(30, 10)], secrets={(30, 10): (4, 7)})
    expected = {"valid": True, "area": 55, "reason": ""}
    assert ENGINE.triangle_preview(laid, 0, [list(p) for p in A]) == expected
    blocked = lay(start(), A, [(4, 7)])
    preview = ENGINE.triangle_preview(blocked, 0, [list(p) for p in A])
    assert preview["valid"] is False and preview["area"] == 55 and "(4,7)" in preview["reason"]
    assert ENGINE.triangle_preview(laid, 0, [[1, 1], [2, 2], [3, 3]])["area"] == 0
    assert ENGINE.triangle_preview(laid, 0, "junk")["valid"] is False


def test_notation_never_shows_the_secret_point():
    assert ENGINE.notation(None, place((3, 4), (17, 9))) == "place (3,4) + secret"
    assert ENGINE.notation(None, tri((1, 1), (5, 1), (1, 6))) == "triangle (1,1) (5,1) (1,6)"
    assert ENGINE.notation(None, PASS) == "pass"
