"""High Voltage (companies): card set, setup, tracing, closable lines and scoring (docs/rules.md §3)."""

import pytest

from games.high_voltage_companies.engine import ENGINE
from games.registry import get_engine
from tests.engines.high_voltage_companies_support import (
    COLOURS,
    PAIRS,
    cross_row,
    declare_phase,
    ell,
    legal,
    mixed,
    play,
    single,
    table,
)

EDGE = {"N": 0, "E": 1, "S": 2, "W": 3}


def faces(card, rotation=0):
    """The card as shown to a viewer (face up at [0,0])."""
    state = table({(0, 0): (card, rotation)})
    return ENGINE.view(state, None)["grid"][0][0]


def segment_set(face):
    return {(frozenset(s["edges"]), s["colour"]) for s in face["segments"]}


def declares(state):
    return sorted(m["from"] for m in legal(state) if m["type"] == "declare")


# ----------------------------------------------------------------- card set
def test_registry_lists_the_engine():
    assert get_engine("high-voltage-companies") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)


def test_card_ids_follow_the_games_md_order():
    for card in range(48):
        face = faces(card)
        shape = "cross" if card < 24 else "curves"
        index = card % 24
        a, b = PAIRS[index] if index < 12 else (COLOURS[(index - 12) // 3],) * 2
        assert (face["card"], face["shape"], face["colours"]) == (card, shape, [a, b])


def test_segments_at_rotation_zero():
    cross = faces(mixed("cross", "red", "blue"))
    assert segment_set(cross) == {
        (frozenset("NS"), "red"),
        (frozenset("EW"), "blue"),
    }
    curves = faces(mixed("curves", "green", "yellow"))
    assert segment_set(curves) == {
        (frozenset("NE"), "green"),
        (frozenset("SW"), "yellow"),
    }


def test_rotation_is_quarter_turns_clockwise():
    curves = faces(mixed("curves", "green", "yellow"), 1)  # N–E turns to E–S
    assert segment_set(curves) == {(frozenset("ES"), "green"), (frozenset("WN"), "yellow")}


def test_exactly_cards_36_39_42_45_are_printed_danger_and_are_first_single_curves():
    danger = [card for card in range(48) if faces(card)["danger"]]
    assert danger == [36, 39, 42, 45]
    assert danger == [single("curves", colour, 0) for colour in COLOURS]


def test_the_set_has_two_times_twelve_mixed_and_three_of_each_single_colour():
    shown = [(f["shape"], tuple(f["colours"])) for f in map(faces, range(48))]
    for shape in ("cross", "curves"):
        assert sorted(c for s, c in shown if s == shape and c[0] != c[1]) == sorted(PAIRS)
        for colour in COLOURS:
            assert shown.count((shape, (colour, colour))) == 3


def test_distributor_colours_run_clockwise_from_n0():
    expected = {
        "N0": "red", "N1": "yellow", "N2": "green", "N3": "blue",
        "N4": "red", "N5": "yellow", "N6": "green",
        "E0": "blue", "E1": "red", "E2": "yellow", "E3": "green",
        "E4": "blue", "E5": "red", "E6": "yellow",
        "S6": "green", "S5": "blue", "S4": "red", "S3": "yellow",
        "S2": "green", "S1": "blue", "S0": "red",
        "W6": "yellow", "W5": "green", "W4": "blue", "W3": "red",
        "W2": "yellow", "W1": "green", "W0": "blue",
    }  # fmt: skip
    view = ENGINE.view(ENGINE.setup(2, 1), None)
    assert {d["id"]: d["colour"] for d in view["distributors"]} == expected


# -------------------------------------------------------------------- setup
def test_options_lay_cards_row_by_row_skipping_the_centre():
    order = list(reversed(range(48)))
    state = ENGINE.setup(
        2, 5, {"cards": order, "rotations": [1, 2, 3, 0], "companies": ["red", "blue"], "first": 1}
    )
    view = ENGINE.view(state, None)
    assert view["gap"] == [3, 3] and view["grid"][3][3] is None
    places = [(r, c) for r in range(7) for c in range(7) if (r, c) != (3, 3)]
    up = {(2, 3): 1, (4, 3): 2, (3, 2): 3, (3, 4): 0}
    for (r, c), card in zip(places, order, strict=True):
        cell = view["grid"][r][c]
        if (r, c) in up:
            assert (cell["card"], cell["rotation"]) == (card, up[r, c])
        else:
            assert cell == {"face_down": True}
        assert state.cells[r * 7 + c][0] == card
    assert ENGINE.to_move(state) == [1]
    assert view["face_down_left"] == 44


def test_random_setup_comes_from_the_seed():
    a, b = ENGINE.setup(3, 42), ENGINE.setup(3, 42)
    assert ENGINE.to_json(a) == ENGINE.to_json(b)
    assert len({str(ENGINE.to_json(ENGINE.setup(3, s))["cells"]) for s in range(10)}) > 1
    assert len({ENGINE.setup(3, s).current for s in range(30)}) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_gets_a_different_company_and_spares_stay_unowned(players):
    for seed in range(10):
        state = ENGINE.setup(players, seed)
        own = [ENGINE.view(state, s)["company"] for s in range(players)]
        assert len(set(own)) == players and set(own) <= set(COLOURS)


def test_bad_options_are_refused():
    for options in (
        {"cards": list(range(47))},
        {"cards": [0] * 48},
        {"rotations": [0, 0, 0, 4]},
        {"companies": ["red", "red"]},
        {"companies": ["red", "pink"]},
        {"first": 2},
        {"colour": 1},
    ):
        with pytest.raises(ValueError):
            ENGINE.setup(2, 1, options)
    with pytest.raises(ValueError):
        ENGINE.setup(5, 1)


def test_turns_go_round_from_first():
    state = table({(0, 0): (mixed("cross", "red", "blue"), 0)}, players=4, first=2)
    seen = []
    for row in range(5):
        seen.append(ENGINE.to_move(state)[0])
        state = play(
            state,
            {"type": "reveal", "at": [6, row]},
            {"type": "place", "to": [6, row], "rotation": 0},
            {"type": "end"},
        )
    assert seen == [2, 3, 0, 1, 2]


# ------------------------------------------------------------------ tracing
def test_a_cross_runs_straight_and_a_curve_turns():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    view = ENGINE.view(state, 0)
    assert [(line["from"], line["to"]) for line in view["closable"]] == [("N2", "W2")]
    # Traced from the named end N2: down column 2, the curve, then west along row 2.
    assert view["closable"][0]["cards"] == [[0, 2], [1, 2], [2, 2], [2, 1], [2, 0]]
    # The same place with a cross instead of the curve runs on east: no line.
    bent = ell(2, 2, curve=(single("cross", "red", 0), 0))
    assert declares(declare_phase(table(bent), (2, 0))) == []


def test_curves_route_by_rotation():
    # W–N in red is rotation 3 of the red/yellow curves; rotation 0 shows N–E and S–W.
    wrong = ell(2, 2, curve=(mixed("curves", "red", "yellow"), 0))
    assert declares(declare_phase(table(wrong), (2, 0))) == []


# --------------------------------------------------------- closable lines
def test_closable_needs_at_least_four_cards():
    assert declares(declare_phase(table(ell(1, 1)), (1, 0))) == []  # 3 cards
    assert declares(declare_phase(table(ell(1, 2)), (1, 0))) == ["N2"]  # 4 cards


def test_closable_needs_ends_on_different_sides():
    # N1 down, curve N–E, curve W–N, up to N2: four cards, both ends on the top side.
    layout = {
        (0, 1): (mixed("cross", "red", "yellow"), 0),
        (1, 1): (mixed("curves", "red", "yellow"), 0),  # N–E
        (1, 2): (mixed("curves", "green", "blue"), 3),  # W–N
        (0, 2): (mixed("cross", "red", "green"), 0),
    }
    assert declares(declare_phase(table(layout), (0, 1))) == []
    # Control: a four-card line from the left side up to the top side is closable.
    line = {
        (1, 0): (mixed("cross", "blue", "red"), 0),
        (1, 1): (mixed("cross", "red", "green"), 0),
        (1, 2): (mixed("curves", "green", "blue"), 3),
        (0, 2): (mixed("cross", "red", "yellow"), 0),
    }
    assert declares(declare_phase(table(line), (1, 0))) == ["N2"]


def test_a_line_may_not_pass_a_card_twice():
    # W1 → (1,0) → cross (1,1) → (1,2) W–S → (2,2) N–W → (2,1) E–N → back through
    # the cross (1,1) northwards → (0,1) → N1: seven steps, two sides, one card twice.
    layout = {
        (1, 0): (mixed("cross", "red", "yellow"), 0),
        (1, 1): (mixed("cross", "red", "green"), 0),
        (1, 2): (mixed("curves", "red", "green"), 2),  # S–W in red
        (2, 2): (mixed("curves", "red", "blue"), 3),  # W–N in red
        (2, 1): (mixed("curves", "yellow", "red"), 0),  # N–E in yellow
        (0, 1): (mixed("cross", "red", "blue"), 0),
    }
    state = declare_phase(table(layout), (1, 0))
    assert declares(state) == []
    # Control: replacing the loop by a straight run makes it closable (W1 → E1).
    straight = {
        (1, c): (mixed("cross", "red", b), 0) for c, b in zip(range(3), COLOURS[1:], strict=True)
    }
    straight |= {(1, c): (single("cross", "blue", c - 3), 0) for c in range(3, 6)}
    straight[1, 6] = (single("cross", "green", 0), 0)
    assert declares(declare_phase(table(straight), (1, 0))) == ["E1"]


def test_a_line_through_the_gap_or_a_face_down_card_is_open():
    full = ell(2, 5)
    assert declares(declare_phase(table(full), (2, 0))) == ["N5"]
    gapped = dict(full)
    del gapped[2, 3]
    assert declares(declare_phase(table(gapped, gap=(2, 3)), (2, 0))) == []
    hidden = dict(full)
    card = hidden.pop((2, 4))[0]
    assert declares(declare_phase(table(hidden, down={(2, 4): card}), (2, 0))) == []


def test_a_danger_chip_blocks_a_line():
    assert declares(declare_phase(table(ell(2, 2), chips={(1, 2): 2}), (2, 0))) == []
    assert declares(declare_phase(table(ell(2, 2), chips={(1, 2): 1}), (2, 0))) == ["N2"]


def test_a_printed_danger_card_blocks_a_line():
    red_danger = single("curves", "red", 0)  # 36
    red_plain = single("curves", "red", 1)  # 37
    assert declares(declare_phase(table(ell(2, 2, curve=(red_danger, 1))), (2, 0))) == []
    assert declares(declare_phase(table(ell(2, 2, curve=(red_plain, 1))), (2, 0))) == ["N2"]


def test_at_most_three_high_voltage_chips():
    three = {(0, 2): 1, (1, 2): 1, (2, 2): 1}
    assert declares(declare_phase(table(ell(2, 2), chips=three), (2, 0))) == ["N2"]
    four = three | {(2, 1): 1}
    assert declares(declare_phase(table(ell(2, 2), chips=four), (2, 0))) == []


# ------------------------------------------------------------------ scoring
def test_scoring_counts_each_segment_colour_and_both_distributor_lines():
    state = declare_phase(table(cross_row(0)), (0, 2))  # yellow/red cross turns: E–W yellow
    # Row 0 E–W colours at rotation 0 are colour b: red, red, then (after the turn) yellow,
    # green, blue, red, yellow; W0 and E0 are both blue.
    state = play(state, {"type": "declare", "from": "E0"})
    view = ENGINE.view(state, None)
    assert view["track"] == {"red": 3, "yellow": 2, "green": 1, "blue": 3}
    assert view["point_chips"] == [2, 0]  # seven cards
    assert view["point_supply"] == 18


@pytest.mark.parametrize(
    ("r", "c", "cards", "chips"),
    [(1, 2, 4, 0), (2, 2, 5, 1), (2, 3, 6, 1), (2, 4, 7, 2), (2, 5, 8, 2), (2, 6, 9, 3)],
)
def test_point_chips_by_length(r, c, cards, chips):
    assert r + c + 1 == cards
    state = declare_phase(table(ell(r, c), first=1), (r, 0))
    name = f"N{c}"
    state = play(state, {"type": "declare", "from": name})
    assert ENGINE.view(state, None)["point_chips"] == [0, chips]


def test_point_chips_capped_by_the_supply():
    state = declare_phase(table(ell(2, 6), point_supply=2), (2, 0))
    state = play(state, {"type": "declare", "from": "N6"})
    view = ENGINE.view(state, None)
    assert (view["point_chips"], view["point_supply"]) == ([2, 0], 0)
    # An empty supply gives nothing, and the game goes on.
    again = declare_phase(table(ell(2, 6), point_supply=0), (2, 0))
    again = play(again, {"type": "declare", "from": "N6"})
    assert ENGINE.view(again, None)["point_chips"] == [0, 0]
    assert ENGINE.to_move(again) == [0]


def test_chips_high_voltage_on_bare_cards_and_danger_on_chipped_ones():
    state = declare_phase(table(ell(2, 2), chips={(1, 2): 1}), (2, 0))
    state = play(state, {"type": "declare", "from": "N2"})
    grid = ENGINE.view(state, None)["grid"]
    chips = {(r, c): grid[r][c]["chip"] for r, c in [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]}
    assert chips == {
        (0, 2): "high_voltage",
        (1, 2): "danger",
        (2, 2): "high_voltage",
        (2, 1): "high_voltage",
        (2, 0): "high_voltage",
    }
    assert ENGINE.view(state, None)["energy_supply"] == 36 - 4  # turning costs none


def test_energy_running_out_partway_turns_the_rest_and_ends_at_once():
    state = declare_phase(table(ell(2, 2), chips={(2, 1): 1}, energy=2), (2, 0))
    state = play(state, {"type": "declare", "from": "N2"})
    grid = ENGINE.view(state, None)["grid"]
    # Trace order from N2: (0,2) (1,2) (2,2) (2,1) (2,0); two chips left.
    assert [grid[r][c]["chip"] for r, c in [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]] == [
        "high_voltage",
        "high_voltage",
        None,
        "danger",
        None,
    ]
    assert ENGINE.to_move(state) == []
    assert ENGINE.outcome(state)["reason"] == "energy"


def test_the_last_energy_chip_ends_the_game_at_once():
    state = declare_phase(table(ell(2, 2), energy=5), (2, 0))
    assert ENGINE.to_move(play(state, {"type": "declare", "from": "N2"})) == []
    # With one chip more the game goes on to the end of the turn.
    state = declare_phase(table(ell(2, 2), energy=6), (2, 0))
    assert ENGINE.to_move(play(state, {"type": "declare", "from": "N2"})) == [0]


def test_a_declared_line_cannot_be_declared_again():
    state = play(declare_phase(table(ell(2, 2)), (2, 0)), {"type": "declare", "from": "N2"})
    assert declares(state) == []


def test_declare_names_the_end_that_sorts_first():
    state = declare_phase(table(ell(2, 2)), (2, 0))
    with pytest.raises(Exception, match="N2"):
        play(state, {"type": "declare", "from": "W2"})
    assert declares(state) == ["N2"]
    # "E0" < "W0": the row-0 line is named E0.
    row = declare_phase(table(cross_row(0)), (0, 2))
    assert declares(row) == ["E0"]
    with pytest.raises(Exception, match="E0"):
        play(row, {"type": "declare", "from": "W0"})


def test_only_lines_through_a_touched_card_can_be_declared():
    layout = cross_row(0) | cross_row(
        5, [mixed("cross", "blue", b) for b in ("red", "yellow", "green")] + list(range(15, 19))
    )
    state = declare_phase(table(layout), (0, 2))
    assert declares(state) == ["E0"]
    with pytest.raises(Exception, match="touched"):
        play(state, {"type": "declare", "from": "E5"})
    other = declare_phase(table(layout), (5, 0))
    assert declares(other) == ["E5"]


def test_spare_company_colours_score_on_the_track():
    state = declare_phase(table(cross_row(0), companies=["green", "yellow"]), (0, 2))
    state = play(state, {"type": "declare", "from": "E0"})
    assert ENGINE.view(state, None)["track"]["blue"] == 3  # nobody's colour still scores
