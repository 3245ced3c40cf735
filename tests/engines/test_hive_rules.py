"""Hive setup, placing, turns, input checks, the end and the view (docs/rules.md §4, seed 002).

Movement of the insects is in test_hive_movement.py. Expected values are worked
out by hand from the rules on the position in each test.
"""

import json
from collections import Counter

import pytest

from games.hive.engine import ENGINE
from games.registry import IllegalMove, get_engine
from tests.engines.hive_support import (
    FAR_BLOCKED,
    drag,
    listed,
    play,
    position,
    refused,
    set_,
    set_fields,
)

C = (0, 0, 0)
R, UR, UL, L, DL, DR = (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)
ALL_FIELDS = {(q, r, -q - r) for q in range(-5, 6) for r in range(-5, 6) if abs(-q - r) <= 5}
SKIP = {"type": "skip"}


# --- setup -----------------------------------------------------------------------


def test_registered_under_its_slug():
    assert get_engine("hive") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)


def test_board_has_91_fields_and_three_random_blocked_fields():
    assert len(ALL_FIELDS) == 91
    seen = set()
    for seed in range(20):
        blocked = ENGINE.view(ENGINE.setup(2, seed), None)["blocked"]
        assert len({tuple(b) for b in blocked}) == 3
        assert all(tuple(b) in ALL_FIELDS for b in blocked)
        seen.add(json.dumps(blocked))
    assert len(seen) > 10  # random, not fixed
    assert ENGINE.to_json(ENGINE.setup(2, 7)) == ENGINE.to_json(ENGINE.setup(2, 7))


def test_blocked_option_fixes_the_brambles():
    state = ENGINE.setup(2, 1, {"blocked": [[0, 0, 0], [1, -1, 0], [-5, 0, 5]]})
    assert sorted(map(tuple, ENGINE.view(state, None)["blocked"])) == sorted(
        [(0, 0, 0), (1, -1, 0), (-5, 0, 5)]
    )


@pytest.mark.parametrize(
    "blocked",
    [
        [[0, 0, 0], [1, -1, 0]],  # two
        [[0, 0, 0], [0, 0, 0], [1, -1, 0]],  # not distinct
        [[0, 0, 0], [1, -1, 0], [1, 1, 1]],  # q + r + s != 0
        [[0, 0, 0], [1, -1, 0], [6, -6, 0]],  # off the board
        [[0, 0, 0], [1, -1, 0], [True, -1, 0]],
        "all",
    ],
)
def test_bad_blocked_option_is_refused(blocked):
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"blocked": blocked})


def test_setup_refuses_other_player_counts_and_unknown_options():
    with pytest.raises(ValueError):
        ENGINE.setup(3, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"size": 7})


def test_each_player_has_the_seeds_eleven_pieces():
    reserves = ENGINE.view(ENGINE.setup(2, 1), None)["reserves"]
    expected = {"BEE": 1, "SPIDER": 2, "BEETLE": 2, "GRASSHOPPER": 3, "ANT": 3}
    assert reserves == [expected, expected]


# --- placing ---------------------------------------------------------------------


def test_red_starts_and_first_piece_goes_on_any_free_field():
    state = ENGINE.setup(2, 1, {"blocked": FAR_BLOCKED})
    assert ENGINE.to_move(state) == [0]
    free = ALL_FIELDS - {tuple(b) for b in FAR_BLOCKED}
    for piece in ("BEE", "SPIDER", "BEETLE", "GRASSHOPPER", "ANT"):
        assert set_fields(state, piece) == free
    assert "blocked" in refused(state, set_("ANT", FAR_BLOCKED[0]))


def test_first_blue_piece_must_touch_the_red_piece():
    blocked = [list(R), *FAR_BLOCKED[:2]]
    state = play([set_("SPIDER", C)], blocked=blocked)
    assert ENGINE.to_move(state) == [1]
    # Every free neighbour of red's spider, but not the bramble on R.
    assert set_fields(state) == {UR, UL, L, DL, DR}
    assert "touch" in refused(state, set_("ANT", (3, -3, 0)))
    assert "blocked" in refused(state, set_("ANT", R))


def test_later_pieces_touch_own_colour_and_no_opponent():
    state = play([set_("BEE", C), set_("BEE", R)])
    # Next to red's bee and not next to blue's: UR and DR touch R.
    assert set_fields(state) == {UL, L, DL}
    assert "none of your opponent" in refused(state, set_("ANT", UR))
    assert "not free" in refused(state, set_("ANT", R))


def test_top_piece_colour_counts_for_placing():
    # Red grasshopper on C is covered by a blue beetle.
    board = {(-2, 2, 0): "R.BEE", L: "R.ANT", C: "R.GRASSHOPPER B.BEETLE", R: "B.BEE"}
    red = position(board)
    assert set_fields(red) == {(-1, 2, -1), (-2, 1, 1), (-2, 3, -1), (-3, 3, 0), (-3, 2, 1)}
    blue = position(board, moves=(5, 4))
    # Blue may set next to the covered red piece, but nowhere next to red's L.
    assert (0, -1, 1) in set_fields(blue)
    assert DL not in set_fields(blue)
    assert UL not in set_fields(blue)


def test_player_whose_pieces_are_all_covered_cannot_place_and_skips():
    board = {C: "R.BEE B.BEETLE", R: "R.ANT B.BEETLE", (2, -2, 0): "B.BEE"}
    state = position(board, moves=(3, 3))
    assert listed(state) == {json.dumps(SKIP)}
    assert "touch one of your own" in refused(state, set_("ANT", L))
    after = ENGINE.apply(state, 0, SKIP)
    assert ENGINE.to_move(after) == [1]
    assert ENGINE.view(after, None)["moves_made"] == [4, 3]


def test_no_piece_left_of_that_kind():
    state = play([set_("BEE", C), set_("BEE", R)])
    assert "no BEE left" in refused(state, set_("BEE", L))


def test_bee_must_be_set_by_the_fourth_move():
    opening = [
        set_("ANT", C),
        set_("ANT", R),
        set_("ANT", L),
        set_("ANT", (2, -2, 0)),
    ]
    third = play(opening)
    assert {m["piece"] for m in ENGINE.legal_moves(third, 0)} == {
        "BEE",
        "SPIDER",
        "BEETLE",
        "GRASSHOPPER",
        "ANT",
    }
    fourth = play([*opening, set_("SPIDER", (-2, 2, 0)), set_("SPIDER", (3, -3, 0))])
    moves = list(ENGINE.legal_moves(fourth, 0))
    assert moves and {m["piece"] for m in moves} == {"BEE"}
    assert "BEE now" in refused(fourth, set_("ANT", (-3, 3, 0)))
    # Blue has made three moves without its bee too: its next move must be the bee.
    assert ENGINE.view(fourth, None)["must_set_bee"] == [True, True]
    after = ENGINE.apply(fourth, 0, set_("BEE", (-3, 3, 0)))
    assert ENGINE.view(after, None)["must_set_bee"] == [False, True]


def test_bee_that_cannot_be_set_on_the_fourth_move_means_a_skip():
    # Red's ant and spider are covered by blue beetles; every free field next to the
    # red grasshopper on (2,-2,0) also touches blue.
    board = {
        C: "R.ANT B.BEETLE",
        R: "R.SPIDER B.BEETLE",
        (2, -2, 0): "R.GRASSHOPPER",
        (3, -3, 0): "B.BEE",
    }
    state = position(board, moves=(3, 3))
    assert listed(state) == {json.dumps(SKIP)}
    assert "BEE now" in refused(state, set_("ANT", (1, -2, 1)))
    after = ENGINE.apply(ENGINE.apply(state, 0, SKIP), 1, drag((3, -3, 0), (3, -2, -1)))
    # Still no bee: on red's 5th move the rule still holds.
    # (2,-3,1) no longer touches blue, so now the bee can be set there, and only the bee.
    assert ENGINE.view(after, None)["must_set_bee"][0] is True
    assert listed(after) == {json.dumps(set_("BEE", (2, -3, 1)), sort_keys=True)}


def test_skip_is_refused_while_another_move_exists():
    state = play([set_("BEE", C)])
    assert json.dumps(SKIP) not in listed(state)
    assert "only skip" in refused(state, SKIP)


# --- turns and input checks ------------------------------------------------------


def test_turns_alternate_and_off_turn_moves_are_refused():
    state = play([set_("BEE", C)])
    assert ENGINE.to_move(state) == [1]
    assert list(ENGINE.legal_moves(state, 0)) == []
    assert "not your turn" in refused(state, set_("ANT", L), seat=0)
    assert "not your turn" in refused(state, set_("ANT", L), seat=5)
    assert "not your turn" in refused(state, set_("ANT", L), seat=True)


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "skip",
        {},
        {"type": "jump"},
        {"type": "set", "piece": "ANT"},
        {"type": "set", "piece": "ANT", "to": [0, 0, 0], "extra": 1},
        {"type": "set", "piece": "QUEEN", "to": [1, -1, 0]},
        {"type": "set", "piece": "ant", "to": [1, -1, 0]},
        {"type": "set", "piece": 3, "to": [1, -1, 0]},
        {"type": "set", "piece": "ANT", "to": [1, -1]},
        {"type": "set", "piece": "ANT", "to": [1, -1, 0, 0]},
        {"type": "set", "piece": "ANT", "to": "1,-1,0"},
        {"type": "set", "piece": "ANT", "to": [1.0, -1, 0]},
        {"type": "set", "piece": "ANT", "to": [True, -1, 0]},
        {"type": "set", "piece": "ANT", "to": [1, 0, 0]},  # q + r + s != 0
        {"type": "set", "piece": "ANT", "to": [6, -6, 0]},  # out of range
        {"type": "set", "piece": "ANT", "to": [5, 5, -10]},
        {"type": "drag", "from": [0, 0, 0]},
        {"type": "drag", "from": [0, 0, 0], "to": [7, -7, 0]},
        {"type": "drag", "from": None, "to": [1, -1, 0]},
        {"type": "skip", "to": [0, 0, 0]},
    ],
)
def test_malformed_moves_are_refused(move):
    state = play([set_("BEE", C)])
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, move)


def test_apply_never_changes_the_given_state():
    state = play([set_("BEE", C), set_("BEE", R)])
    before = json.dumps(ENGINE.to_json(state))
    ENGINE.apply(state, 0, set_("ANT", L))
    ENGINE.apply(state, 0, drag(C, DR))
    assert json.dumps(ENGINE.to_json(state)) == before


def test_drag_must_start_from_an_own_piece():
    state = play([set_("BEE", C), set_("BEE", R)])
    assert "no piece of yours" in refused(state, drag(R, UR))
    assert "no piece of yours" in refused(state, drag(L, DL))


# --- the end ---------------------------------------------------------------------

SURROUND = {
    C: "B.BEE",
    R: "R.BEE",
    UR: "B.ANT",
    UL: "R.SPIDER",
    L: "B.SPIDER",
    DL: "R.GRASSHOPPER",
    (1, -2, 1): "R.ANT",
}


def test_surrounding_the_opposing_bee_wins():
    state = position(SURROUND)
    assert ENGINE.outcome(state) is None
    after = ENGINE.apply(state, 0, drag((1, -2, 1), DR))
    # Red bee on R keeps (2,-2,0), (2,-1,-1) and (1,-2,1) free.
    assert ENGINE.outcome(after) == {"winners": [0], "scores": [3, 0], "reason": "bee surrounded"}
    assert ENGINE.to_move(after) == []
    assert list(ENGINE.legal_moves(after, 1)) == []
    assert "over" in refused(after, SKIP, seat=1)


def test_surrounding_your_own_bee_loses():
    board = dict(SURROUND)
    board[C], board[R] = "R.BEE", "B.BEE"
    after = ENGINE.apply(position(board), 0, drag((1, -2, 1), DR))
    assert ENGINE.outcome(after)["winners"] == [1]


def test_board_edge_and_brambles_surround_a_bee():
    # Blue bee on the right edge: two sides off the board, two brambles, red bee on
    # (4,-2,-2); the red ant closes the last side.
    blocked = [[5, -1, -4], [4, -1, -3], FAR_BLOCKED[1]]
    board = {
        (5, -2, -3): "B.BEE",
        (4, -2, -2): "R.BEE",
        (4, -3, -1): "R.ANT",
        (3, -2, -1): "B.ANT",
    }
    state = position(board, blocked=blocked)
    # Red bee: (5,-3,-2) and (3,-1,-2) free; blue bee: only (5,-3,-2) free.
    assert ENGINE.view(state, None)["free_around_bee"] == [2, 1]
    after = ENGINE.apply(state, 0, drag((4, -3, -1), (5, -3, -2)))
    assert ENGINE.outcome(after)["winners"] == [0]
    assert ENGINE.outcome(after)["reason"] == "bee surrounded"


def test_both_bees_surrounded_by_one_move_is_a_draw():
    board = {
        C: "R.BEE",
        (2, -1, -1): "B.BEE",
        R: "B.ANT",
        UL: "R.ANT",
        L: "R.ANT",
        DL: "R.GRASSHOPPER",
        DR: "R.GRASSHOPPER",
        (3, -2, -1): "B.ANT",
        (3, -1, -2): "B.GRASSHOPPER",
        (2, 0, -2): "B.GRASSHOPPER",
        (2, -2, 0): "B.SPIDER",
        (1, 1, -2): "B.ANT R.BEETLE",
    }
    state = position(board)
    assert ENGINE.outcome(state) is None
    assert ENGINE.view(state, None)["free_around_bee"] == [1, 1]  # both miss only UR
    after = ENGINE.apply(state, 0, drag((1, 1, -2), UR))
    assert ENGINE.outcome(after) == {
        "winners": [],
        "scores": [0, 0],
        "reason": "both bees surrounded",
    }


def _limit_board():
    return {C: "R.BEE", R: "B.BEE", (2, -2, 0): "B.ANT"}


def test_game_ends_after_thirty_moves_each_by_free_fields():
    state = position(_limit_board(), moves=(30, 29))
    assert ENGINE.to_move(state) == [1]
    assert ENGINE.view(state, None)["round"] == 30
    after = ENGINE.apply(state, 1, set_("SPIDER", (2, -1, -1)))
    # Red bee: only R taken, 5 free. Blue bee: (2,-2,0), (2,-1,-1) and C taken, 3 free.
    assert ENGINE.outcome(after) == {"winners": [0], "scores": [5, 3], "reason": "move limit"}


def test_thirty_move_end_with_equal_free_fields_is_a_draw():
    board = {C: "R.BEE", R: "B.BEE", L: "R.ANT", (2, -2, 0): "B.ANT"}
    after = ENGINE.apply(position(board, moves=(30, 29)), 1, set_("BEETLE", (1, -2, 1)))
    # Red: R and L taken → 4 free; blue: C, (2,-2,0), (1,-2,1) taken → 3 free.
    assert ENGINE.outcome(after)["winners"] == [0]
    even = ENGINE.apply(position(board, moves=(30, 29)), 1, drag((2, -2, 0), (2, -1, -1)))
    # Red: 4 free; blue: C and (2,-1,-1) taken → 4 free.
    assert ENGINE.outcome(even) == {"winners": [], "scores": [4, 4], "reason": "move limit"}


def test_bee_never_set_scores_zero_at_the_end():
    board = {C: "R.BEE", R: "B.ANT", (2, -2, 0): "B.SPIDER"}
    state = position(board, moves=(30, 29))
    assert ENGINE.view(state, None)["scores"] == [5, 0]
    after = ENGINE.apply(state, 1, set_("BEE", (2, -1, -1)))
    # Blue sets its bee at last: R, (2,-2,0) taken around it, 4 free; red has 5.
    assert ENGINE.outcome(after)["winners"] == [0]
    assert ENGINE.outcome(after)["scores"] == [5, 4]


def test_skips_count_towards_the_thirty_moves():
    board = {C: "R.BEE B.BEETLE", R: "R.ANT B.BEETLE", (2, -2, 0): "B.BEE"}
    state = position(board, moves=(29, 29))
    assert listed(state) == {json.dumps(SKIP)}
    after = ENGINE.apply(state, 0, SKIP)
    assert ENGINE.outcome(after) is None
    end = ENGINE.apply(after, 1, drag((2, -2, 0), (2, -1, -1)))
    assert ENGINE.outcome(end)["reason"] == "move limit"


def test_no_end_before_thirty_moves_each():
    state = position(_limit_board(), moves=(29, 29))
    after = ENGINE.apply(state, 0, set_("ANT", L))
    assert ENGINE.outcome(after) is None
    assert ENGINE.to_move(after) == [1]


# --- view, notation, JSON --------------------------------------------------------


def test_view_shows_the_whole_public_position():
    board = {C: "R.BEE", R: "B.ANT R.BEETLE", (2, -2, 0): "B.BEE"}
    state = position(board, moves=(6, 5))
    views = [ENGINE.view(state, seat) for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]  # nothing hidden in Hive
    view = json.loads(json.dumps(views[0]))
    assert view["players"] == 2
    assert view["to_move"] == [1]
    assert view["outcome"] is None
    stacks = {tuple(f["field"]): f["stack"] for f in view["board"]}
    assert stacks[R] == [
        {"seat": 1, "colour": "blue", "piece": "ANT"},
        {"seat": 0, "colour": "red", "piece": "BEETLE"},
    ]
    assert sorted(map(tuple, view["blocked"])) == sorted(map(tuple, FAR_BLOCKED))
    assert view["reserves"][0] == {"BEE": 0, "SPIDER": 2, "BEETLE": 1, "GRASSHOPPER": 3, "ANT": 3}
    assert view["reserves"][1] == {"BEE": 0, "SPIDER": 2, "BEETLE": 2, "GRASSHOPPER": 3, "ANT": 2}
    assert view["moves_made"] == [6, 5]
    assert view["round"] == 6
    assert view["rounds"] == 30
    assert view["bees"] == [[0, 0, 0], [2, -2, 0]]
    # Red bee: R taken, 5 free. Blue bee: R taken, 5 free.
    assert view["free_around_bee"] == [5, 5]
    assert view["scores"] == [5, 5]


def test_notation():
    state = position({C: "R.BEETLE", R: "B.BEE", L: "R.BEE"})
    assert ENGINE.notation(state, set_("ANT", (1, -2, 1))) == "set ANT (1,-2,1)"
    assert ENGINE.notation(state, SKIP) == "skip"
    assert ENGINE.notation(state, drag(C, R)) == "BEETLE (0,0,0)→(1,-1,0)"


def test_json_round_trip_keeps_stacks_and_counters():
    board = {C: "R.BEE", R: "B.ANT R.BEETLE B.BEETLE", (2, -2, 0): "B.BEE"}
    state = position(board, moves=(7, 6))
    data = json.loads(json.dumps(ENGINE.to_json(state)))
    again = ENGINE.from_json(data)
    assert ENGINE.to_json(again) == ENGINE.to_json(state)
    assert listed(again) == listed(state)
    assert ENGINE.view(again, None) == ENGINE.view(state, None)


def test_placement_field_reachable_only_through_a_closed_gate_is_still_settable():
    # Fields may be set into a pocket that no sliding piece could enter (seed).
    board = {
        C: "R.BEE",
        (1, 1, -2): "R.ANT",
        UL: "R.SPIDER",
        (2, 0, -2): "R.GRASSHOPPER",
        (2, -1, -1): "R.ANT",
        R: "R.BEETLE",
        (-1, 0, 1): "B.BEE",
    }
    state = position(board)
    assert UR in set_fields(state)


def test_counts_of_every_piece_kind_stay_on_board_or_in_hand():
    state = play([set_("BEE", C), set_("GRASSHOPPER", R), set_("ANT", L)])
    view = ENGINE.view(state, None)
    on_board = Counter((p["seat"], p["piece"]) for f in view["board"] for p in f["stack"])
    assert on_board == Counter({(0, "BEE"): 1, (1, "GRASSHOPPER"): 1, (0, "ANT"): 1})
    assert view["reserves"][0]["ANT"] == 2
    assert sum(view["reserves"][1].values()) == 10


def test_view_names_the_last_move_for_the_board_and_it_survives_json():
    assert ENGINE.view(ENGINE.setup(2, 1, {"blocked": FAR_BLOCKED}), None)["last"] is None
    state = play([set_("BEE", C), set_("BEE", R)])
    assert ENGINE.view(state, 1)["last"] == {"type": "set", "from": None, "to": list(R)}
    state = ENGINE.apply(state, 0, drag(C, UR))
    last = {"type": "drag", "from": list(C), "to": list(UR)}
    assert ENGINE.view(state, None)["last"] == last
    again = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state))))
    assert ENGINE.view(again, 0)["last"] == last
    # Red's pieces are all covered by blue beetles: red skips, and the view says so.
    board = {C: "R.BEE B.BEETLE", R: "R.ANT B.BEETLE", (2, -2, 0): "B.BEE"}
    skipped = ENGINE.apply(position(board, moves=(3, 3)), 0, SKIP)
    assert ENGINE.view(skipped, 1)["last"] == {"type": "skip", "from": None, "to": None}
