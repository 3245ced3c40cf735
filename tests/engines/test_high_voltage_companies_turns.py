"""High Voltage (companies): the turn — actions, chips, double, end conditions, views, errors."""

import pytest

from games.high_voltage_companies.engine import ENGINE
from games.registry import IllegalMove
from tests.engines.high_voltage_companies_support import (
    all_up,
    cross_row,
    declare_phase,
    ell,
    legal,
    mixed,
    play,
    single,
    table,
)

CROSS_RY = mixed("cross", "red", "yellow")  # 0
CURVES_RY = mixed("curves", "red", "yellow")  # 24
RED_CROSS = single("cross", "red", 0)  # 12
RED_CURVES = single("curves", "red", 1)  # 37 (36 is printed DANGER)
DANGER_CARD = single("curves", "red", 0)  # 36


def moves_of(state, kind):
    return [m for m in legal(state) if m["type"] == kind]


def refused(state, move, match=None):
    with pytest.raises(IllegalMove, match=match):
        ENGINE.apply(state, ENGINE.to_move(state)[0], move)


# ------------------------------------------------------------ reveal/place
def test_reveal_shows_the_card_to_the_mover_alone_and_keeps_the_turn():
    state = table({}, down={(0, 0): 17}, players=3)
    state = play(state, {"type": "reveal", "at": [0, 0]})
    assert ENGINE.to_move(state) == [0]
    assert ENGINE.view(state, 0)["hand"]["card"]["card"] == 17
    for viewer in (1, 2, None):
        assert ENGINE.view(state, viewer)["hand"] == {"from": [0, 0], "card": None}
    assert ENGINE.view(state, 1)["grid"][0][0] is None
    assert [m["type"] for m in legal(state)] == ["place"] * 8


def test_place_back_or_into_the_gap_in_any_rotation():
    state = play(table({}, down={(0, 0): 17}), {"type": "reveal", "at": [0, 0]})
    assert {(tuple(m["to"]), m["rotation"]) for m in legal(state)} == {
        (p, k) for p in [(0, 0), (3, 3)] for k in range(4)
    }
    back = play(state, {"type": "place", "to": [0, 0], "rotation": 2})
    view = ENGINE.view(back, 1)
    assert view["grid"][0][0]["card"] == 17 and view["grid"][0][0]["rotation"] == 2
    assert view["gap"] == [3, 3]
    into_gap = play(state, {"type": "place", "to": [3, 3], "rotation": 1})
    view = ENGINE.view(into_gap, 1)
    assert view["grid"][3][3]["card"] == 17 and view["gap"] == [0, 0]
    assert view["grid"][0][0] is None
    refused(state, {"type": "place", "to": [0, 1], "rotation": 0}, "gap")


def test_only_face_down_cards_can_be_revealed():
    state = table({(0, 0): (CROSS_RY, 0)})
    refused(state, {"type": "reveal", "at": [0, 0]}, "face-down")
    refused(state, {"type": "reveal", "at": [3, 3]}, "face-down")
    assert len(moves_of(state, "reveal")) == 47


# ------------------------------------------------------------------ rotate
def test_rotating_must_change_the_appearance():
    state = table(
        {
            (0, 0): (CROSS_RY, 0),
            (0, 1): (RED_CROSS, 0),
            (0, 2): (RED_CURVES, 0),
            (0, 3): (CURVES_RY, 0),
        }
    )
    turns = {}
    for m in moves_of(state, "rotate"):
        turns.setdefault(tuple(m["at"]), set()).add(m["rotation"])
    assert turns == {(0, 0): {1, 3}, (0, 2): {1, 3}, (0, 3): {1, 2, 3}}
    refused(state, {"type": "rotate", "at": [0, 0], "rotation": 2}, "change")
    refused(state, {"type": "rotate", "at": [0, 0], "rotation": 0}, "change")
    refused(state, {"type": "rotate", "at": [0, 1], "rotation": 1}, "change")  # one-colour cross
    refused(state, {"type": "rotate", "at": [0, 2], "rotation": 2}, "change")
    after = play(state, {"type": "rotate", "at": [0, 3], "rotation": 2})
    assert ENGINE.view(after, 0)["grid"][0][3]["rotation"] == 2


def test_danger_cards_never_rotate_high_voltage_ones_do():
    state = table(
        {(0, 0): (CROSS_RY, 0), (0, 1): (CURVES_RY, 0), (0, 2): (DANGER_CARD, 0)},
        chips={(0, 0): 1, (0, 1): 2},
    )
    assert {tuple(m["at"]) for m in moves_of(state, "rotate")} == {(0, 0)}
    refused(state, {"type": "rotate", "at": [0, 1], "rotation": 1}, "DANGER")
    refused(state, {"type": "rotate", "at": [0, 2], "rotation": 1}, "DANGER")
    refused(state, {"type": "rotate", "at": [0, 2], "rotation": 1, "special": True})
    play(state, {"type": "rotate", "at": [0, 0], "rotation": 1})


def test_face_down_cards_cannot_be_rotated_moved_or_swapped():
    state = table({(0, 0): (CROSS_RY, 0)}, down={(0, 1): 5})
    refused(state, {"type": "rotate", "at": [0, 1], "rotation": 1}, "face-up")
    refused(state, {"type": "move", "from": [0, 1], "rotation": 0}, "face-up")
    refused(state, {"type": "swap", "a": [0, 0], "b": [0, 1], "rotations": [0, 0]}, "face-up")
    refused(state, {"type": "swap", "a": [0, 0], "b": [3, 3], "rotations": [0, 0]}, "face-up")
    refused(state, {"type": "move", "from": [3, 3], "rotation": 0}, "face-up")


# --------------------------------------------------------------- move/swap
def test_move_puts_the_card_into_the_gap_and_leaves_a_new_gap():
    state = table({(0, 0): (CROSS_RY, 0)}, chips={(0, 0): 1})
    after = play(state, {"type": "move", "from": [0, 0], "rotation": 3})
    view = ENGINE.view(after, None)
    assert view["gap"] == [0, 0] and view["grid"][0][0] is None
    moved = view["grid"][3][3]
    assert (moved["card"], moved["rotation"], moved["chip"]) == (CROSS_RY, 3, "high_voltage")
    assert view["action_chips"] == [4, 5]


def test_swap_exchanges_cards_with_their_rotations_and_chips():
    state = table({(0, 0): (CROSS_RY, 0), (5, 5): (CURVES_RY, 0)}, chips={(5, 5): 1})
    after = play(state, {"type": "swap", "a": [0, 0], "b": [5, 5], "rotations": [1, 2]})
    grid = ENGINE.view(after, None)["grid"]
    assert (grid[5][5]["card"], grid[5][5]["rotation"], grid[5][5]["chip"]) == (CROSS_RY, 1, None)
    assert (grid[0][0]["card"], grid[0][0]["rotation"], grid[0][0]["chip"]) == (
        CURVES_RY,
        2,
        "high_voltage",
    )
    refused(state, {"type": "swap", "a": [5, 5], "b": [0, 0], "rotations": [0, 0]}, "order")
    refused(state, {"type": "swap", "a": [0, 0], "b": [0, 0], "rotations": [0, 0]}, "order")


def test_move_and_swap_list_all_four_rotations_even_look_alikes():
    state = table({(0, 0): (RED_CROSS, 0), (0, 1): (CROSS_RY, 0)})
    assert sorted(m["rotation"] for m in moves_of(state, "move") if m["from"] == [0, 0]) == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
    ]  # plain and special
    swaps = [m for m in moves_of(state, "swap") if "special" not in m]
    assert sorted(tuple(m["rotations"]) for m in swaps) == [
        (a, b) for a in range(4) for b in range(4)
    ]


def test_five_action_chips_then_no_plain_moves():
    state = table({(0, 0): (CROSS_RY, 0), (0, 1): (CURVES_RY, 0)}, players=2)
    for _ in range(5):
        state = play(
            state, {"type": "swap", "a": [0, 0], "b": [0, 1], "rotations": [0, 0]}, {"type": "end"}
        )
        state = play(state, moves_of(state, "reveal")[0])
        state = play(state, moves_of(state, "place")[0], {"type": "end"})
    assert ENGINE.view(state, None)["action_chips"] == [0, 5]
    assert all("special" in m for m in moves_of(state, "move") + moves_of(state, "swap"))
    refused(state, {"type": "move", "from": [0, 0], "rotation": 0}, "action chips")


# ------------------------------------------------------------------ special
def test_danger_cards_move_and_swap_only_with_the_special_chip():
    state = table(
        {(0, 0): (CROSS_RY, 0), (0, 1): (DANGER_CARD, 0), (0, 2): (CURVES_RY, 0)},
        chips={(0, 0): 2},
    )
    plain = {tuple(m["from"]) for m in moves_of(state, "move") if "special" not in m}
    special = {tuple(m["from"]) for m in moves_of(state, "move") if "special" in m}
    assert plain == {(0, 2)} and special == {(0, 0), (0, 1), (0, 2)}
    refused(state, {"type": "move", "from": [0, 0], "rotation": 0}, "DANGER")
    refused(state, {"type": "move", "from": [0, 1], "rotation": 0}, "DANGER")
    refused(state, {"type": "swap", "a": [0, 0], "b": [0, 2], "rotations": [0, 0]}, "DANGER")
    after = play(state, {"type": "move", "from": [0, 0], "rotation": 1, "special": True})
    view = ENGINE.view(after, None)
    assert view["grid"][3][3]["chip"] == "danger"  # the chip travels with its card
    assert view["special_available"] == [False, True] and view["action_chips"] == [5, 5]
    assert not view["can_double"]
    swapped = play(
        state, {"type": "swap", "a": [0, 0], "b": [0, 1], "rotations": [0, 0], "special": True}
    )
    assert ENGINE.view(swapped, None)["grid"][0][1]["card"] == CROSS_RY


def test_the_special_chip_is_spent_once_per_game():
    state = table({(0, 0): (CROSS_RY, 0), (0, 1): (CURVES_RY, 0)}, special=(False, True))
    refused(state, {"type": "move", "from": [0, 0], "rotation": 0, "special": True}, "special")
    assert all("special" not in m for m in moves_of(state, "move"))
    state = play(state, {"type": "rotate", "at": [0, 0], "rotation": 1})
    assert {"type": "double"} not in legal(state)
    refused(state, {"type": "double"}, "special")


def test_special_must_be_true_when_given():
    state = table({(0, 0): (CROSS_RY, 0)})
    for value in (False, 1, "yes", None):
        refused(state, {"type": "move", "from": [0, 0], "rotation": 0, "special": value})


# ------------------------------------------------------------------- double
def test_double_gives_one_more_action_and_declarations_cover_both():
    layout = cross_row(0) | cross_row(
        5, [mixed("cross", "blue", b) for b in ("red", "yellow", "green")] + list(range(15, 19))
    )
    state = declare_phase(table(layout), (0, 2))
    assert {"type": "double"} in legal(state)
    state = play(state, {"type": "double"})
    assert state.phase == "action" and ENGINE.to_move(state) == [0]
    assert ENGINE.view(state, None)["special_available"] == [False, True]
    state = declare_phase(state, (5, 0))
    assert sorted(m["from"] for m in moves_of(state, "declare")) == ["E0", "E5"]
    assert {"type": "double"} not in legal(state)
    state = play(state, {"type": "declare", "from": "E0"}, {"type": "declare", "from": "E5"})
    state = play(state, {"type": "end"})
    assert ENGINE.to_move(state) == [1]


def test_lines_declared_before_a_double_stay_scored():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    state = play(state, {"type": "declare", "from": "N2"}, {"type": "double"})
    assert ENGINE.view(state, None)["point_chips"] == [1, 0]
    refused(state, {"type": "declare", "from": "N2"}, "action")


def test_no_double_after_the_last_face_down_card_is_placed():
    state = all_up({(6, 6): 40})
    state = play(
        state, {"type": "reveal", "at": [6, 6]}, {"type": "place", "to": [6, 6], "rotation": 0}
    )
    assert {"type": "double"} not in legal(state)
    refused(state, {"type": "double"}, "last face-down")


# ------------------------------------------------------------ end of game
def test_last_face_down_card_ends_at_that_turns_end_after_its_declarations():
    line = ell(2, 2)
    curve = line.pop((2, 2))[0]
    state = table(line, down={(2, 2): curve}, rest_up=True)
    assert ENGINE.view(state, None)["face_down_left"] == 1
    state = play(
        state, {"type": "reveal", "at": [2, 2]}, {"type": "place", "to": [2, 2], "rotation": 3}
    )
    assert ENGINE.to_move(state) == [0]
    assert "N2" in [m["from"] for m in moves_of(state, "declare")]
    state = play(state, {"type": "declare", "from": "N2"})
    assert ENGINE.outcome(state) is None
    state = play(state, {"type": "end"})
    result = ENGINE.outcome(state)
    assert result["reason"] == "cards" and ENGINE.to_move(state) == []
    assert ENGINE.view(state, None)["point_chips"] == [1, 0]


def quiet_turn(state):
    """A turn with one rotation and no declaration."""
    return play(state, moves_of(state, "rotate")[0], {"type": "end"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_as_many_quiet_turns_as_players_end_the_game(players):
    state = table({(0, 0): (CROSS_RY, 0)}, players=players)
    for _ in range(players - 1):
        state = quiet_turn(state)
        assert ENGINE.outcome(state) is None
    state = quiet_turn(state)
    assert ENGINE.outcome(state)["reason"] == "quiet"


def test_a_reveal_resets_the_quiet_count():
    state = quiet_turn(table({(0, 0): (CROSS_RY, 0)}))
    state = play(
        state,
        {"type": "reveal", "at": [6, 6]},
        {"type": "place", "to": [6, 6], "rotation": 0},
        {"type": "end"},
    )
    state = quiet_turn(state)
    assert ENGINE.outcome(state) is None
    assert ENGINE.outcome(quiet_turn(state))["reason"] == "quiet"


def test_a_declaration_resets_the_quiet_count():
    state = quiet_turn(table(ell(2, 2) | {(0, 0): (RED_CURVES, 0)}, first=1))
    state = play(declare_phase(state, (2, 0)), {"type": "declare", "from": "N2"}, {"type": "end"})
    assert ENGINE.view(state, None)["quiet_turns"] == 0
    state = quiet_turn(state)
    assert ENGINE.outcome(state) is None


def test_a_double_turn_counts_as_one_quiet_turn():
    state = table({(0, 0): (CROSS_RY, 0)}, players=2)
    state = play(
        state,
        {"type": "rotate", "at": [0, 0], "rotation": 1},
        {"type": "double"},
        {"type": "rotate", "at": [0, 0], "rotation": 2},
        {"type": "end"},
    )
    assert ENGINE.view(state, None)["quiet_turns"] == 1 and ENGINE.outcome(state) is None


# ---------------------------------------------------------- final scoring
def test_final_score_is_own_company_track_plus_point_chips():
    # Seat 0 red declares the row-0 line (red 3, yellow 2, green 1, blue 3; 2 chips).
    state = declare_phase(
        table(cross_row(0), players=3, companies=["red", "blue", "yellow"]), (0, 2)
    )
    state = play(state, {"type": "declare", "from": "E0"}, {"type": "end"})
    for _ in range(3):
        state = quiet_turn(state)
    result = ENGINE.outcome(state)
    assert result["scores"] == [3 + 2, 3, 2]
    assert result["winners"] == [0]


def test_ties_give_several_winners():
    state = quiet_turn(quiet_turn(table({(0, 0): (CROSS_RY, 0)})))
    assert ENGINE.outcome(state) == {
        "winners": [0, 1],
        "scores": [0, 0],
        "reason": "quiet",
        "ranking": [1, 1],
        "left": [],
    }
    # blue (seat 1) and red (seat 0) both score 3 on the row-0 line; seat 0 got no chips.
    state = table(cross_row(0), players=3, companies=["red", "blue", "green"], point_supply=0)
    state = play(declare_phase(state, (0, 2)), {"type": "declare", "from": "E0"}, {"type": "end"})
    for _ in range(3):
        state = quiet_turn(state)
    assert ENGINE.outcome(state)["winners"] == [0, 1]


# -------------------------------------------------------------------- views
def test_views_show_own_company_only_until_the_end():
    state = table({(0, 0): (CROSS_RY, 0)}, players=3, companies=["green", "red", "blue"])
    assert [ENGINE.view(state, s)["company"] for s in (0, 1, 2, None)] == [
        "green",
        "red",
        "blue",
        None,
    ]
    assert all(ENGINE.view(state, s)["companies"] is None for s in (0, 1, 2, None))
    for _ in range(3):
        state = quiet_turn(state)
    assert ENGINE.view(state, None)["companies"] == ["green", "red", "blue"]


def test_scores_during_play_are_the_public_point_chips():
    state = declare_phase(table(ell(2, 4), companies=["red", "blue"]), (2, 0))
    state = play(state, {"type": "declare", "from": "N4"})
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["scores"] == [2, 0]


def test_closable_lines_are_shown_to_the_mover_only():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    line = ENGINE.view(state, 0)["closable"]
    assert [(x["from"], x["to"], x["points"]) for x in line] == [("N2", "W2", 1)]
    # N2 green; N–S of (0,2) yellow/red and (1,2) red/blue crosses is colour a; the curve's
    # W–N red; E–W of (2,1) red/green is b; (2,0) red/yellow turned to r1 shows a; W2 yellow.
    assert line[0]["colours"] == ["green", "yellow", "red", "red", "green", "red", "yellow"]
    assert ENGINE.view(state, 1)["closable"] == []
    assert ENGINE.view(state, None)["closable"] == []


def test_no_declare_move_without_a_closable_line():
    state = play(table({(0, 0): (CROSS_RY, 0)}), {"type": "rotate", "at": [0, 0], "rotation": 1})
    assert legal(state) == [{"type": "double"}, {"type": "end"}]
    refused(state, {"type": "declare", "from": "N0"}, "No closable")


# ------------------------------------------------------------------- errors
def test_out_of_turn_moves_are_refused_and_listed_empty():
    state = table({(0, 0): (CROSS_RY, 0)})
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, {"type": "reveal", "at": [0, 1]})
    assert list(ENGINE.legal_moves(state, 1)) == []


@pytest.mark.parametrize(
    "move",
    [
        "reveal",
        None,
        {},
        {"type": "fly"},
        {"type": "reveal"},
        {"type": "reveal", "at": [0, 1], "extra": 1},
        {"type": "reveal", "at": [0, 7]},
        {"type": "reveal", "at": [-1, 0]},
        {"type": "reveal", "at": [0]},
        {"type": "reveal", "at": [True, 0]},
        {"type": "reveal", "at": "0,1"},
        {"type": "rotate", "at": [0, 0], "rotation": 4},
        {"type": "rotate", "at": [0, 0], "rotation": True},
        {"type": "rotate", "at": [0, 0], "rotation": 1.0},
        {"type": "swap", "a": [0, 0], "b": [0, 1], "rotations": [0]},
        {"type": "end"},
        {"type": "declare", "from": ["N0"]},
        {"type": "place", "to": [0, 0], "rotation": 0},
    ],
)
def test_malformed_or_out_of_phase_moves_are_refused(move):
    state = table({(0, 0): (CROSS_RY, 0), (0, 1): (CURVES_RY, 0)})
    refused(state, move)


def test_unknown_distributor_refused():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    for name in ("X1", "N7", "n2", ""):
        refused(state, {"type": "declare", "from": name}, "distributor")


def test_moves_after_the_end_are_refused():
    state = quiet_turn(quiet_turn(table({(0, 0): (CROSS_RY, 0)})))
    assert ENGINE.to_move(state) == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, 0, {"type": "reveal", "at": [6, 6]})


def test_apply_never_mutates_the_state():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    before = ENGINE.to_json(state)
    play(state, {"type": "declare", "from": "N2"})
    assert ENGINE.to_json(state) == before


def test_notation():
    def n(move):
        return ENGINE.notation(None, move)

    assert n({"type": "reveal", "at": [2, 3]}) == "reveal (2,3)"
    assert n({"type": "place", "to": [3, 3], "rotation": 1}) == "place (3,3) r1"
    assert n({"type": "rotate", "at": [2, 3], "rotation": 2}) == "rotate (2,3) r2"
    assert n({"type": "move", "from": [2, 3], "rotation": 0}) == "move (2,3)→gap r0"
    assert n({"type": "move", "from": [2, 3], "rotation": 0, "special": True}) == (
        "move (2,3)→gap r0 special"
    )
    assert n({"type": "swap", "a": [1, 1], "b": [1, 2], "rotations": [0, 3]}) == (
        "swap (1,1)↔(1,2) r0 r3"
    )
    assert n({"type": "declare", "from": "E0"}) == "declare E0"
    assert n({"type": "double"}) == "double"
    assert n({"type": "end"}) == "end"


def test_both_swapped_cards_count_as_touched():
    layout = cross_row(0)
    missing = layout.pop((0, 3))[0]
    layout |= {(0, 3): (CURVES_RY, 0), (5, 5): (missing, 0)}
    state = table(layout)
    assert "E0" not in [m["from"] for m in moves_of(state, "declare")]
    # The card from b=(5,5) lands on a=(0,3) and closes row 0.
    state = play(state, {"type": "swap", "a": [0, 3], "b": [5, 5], "rotations": [0, 0]})
    assert [m["from"] for m in moves_of(state, "declare")] == ["E0"]
    assert ENGINE.view(state, 1)["touched"] == [[0, 3], [5, 5]]
    # Moving a line card away and back is a touch of that card too (tracked by card).
    state = table(cross_row(0) | {(5, 5): (CURVES_RY, 0)})
    state = play(state, {"type": "move", "from": [0, 3], "rotation": 0})
    assert ENGINE.view(state, 0)["gap"] == [0, 3]
    state = play(state, {"type": "double"}, {"type": "move", "from": [3, 3], "rotation": 0})
    assert [m["from"] for m in moves_of(state, "declare")] == ["E0"]


def test_the_previous_turn_stays_visible_to_everybody_as_the_last_move():
    state = ENGINE.setup(3, 4, {"first": 1})
    assert ENGINE.view(state, None)["last_turn"] is None
    state = play(state, {"type": "reveal", "at": [0, 0]})
    state = play(state, {"type": "place", "to": [3, 3], "rotation": 1})
    state = play(state, {"type": "end"})
    for viewer in (None, 0, 1, 2):
        last = ENGINE.view(state, viewer)["last_turn"]
        assert last == {"seat": 1, "touched": [[3, 3]], "declared": []}
    assert ENGINE.from_json(ENGINE.to_json(state)) == state
    old = {k: v for k, v in ENGINE.to_json(state).items() if not k.startswith("last_")}
    assert ENGINE.from_json(old).last_seat is None  # states saved before this field still load
