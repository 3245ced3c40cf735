"""Hive movement rules (docs/rules.md §4): one hive, gates, and each insect's way of moving.

Every expected set of fields below was worked out by hand from the rule text on
the position drawn in the test's comment, not taken from the engine.
"""

from games.hive.engine import ENGINE
from tests.engines.hive_support import (
    FAR_BLOCKED,
    drag,
    position,
    refused,
    targets,
)

C = (0, 0, 0)
R, UR, UL, L, DL, DR = (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)

# A ring of five pieces around the empty field UR, open only towards C:
# R, (2,-1,-1), (2,0,-2), (1,1,-2), UL. UR is a pocket whose only way in is the
# gate between R and UL.
RING = {
    R: "B.ANT",
    (2, -1, -1): "B.SPIDER",
    (2, 0, -2): "B.BEE",
    (1, 1, -2): "R.BEE",
    UL: "R.GRASSHOPPER",
}


# --- sliding and gates ---------------------------------------------------------


def test_bee_moves_one_step_and_not_through_a_gate():
    state = position({C: "R.ANT", **RING} | {C: "R.BEE", (1, 1, -2): "R.ANT"})
    # To UR the bee would squeeze between R and UL; to DL nothing next to both cells
    # holds a piece; L (next to UL) and DR (next to R) are fine.
    assert targets(state, C) == {L, DR}
    assert "cannot move" in refused(state, drag(C, UR))


def test_board_edge_never_closes_a_gate():
    # Red bee on the right edge at (5,-2,-3); two of its sides are off the board.
    bee, down_right, left, up_left = (5, -2, -3), (5, -3, -2), (4, -1, -3), (5, -1, -4)
    state = position({bee: "R.BEE", (4, -2, -2): "B.ANT", (3, -2, -1): "B.BEE"})
    # The step to (5,-3,-2) has one on-board field next to both cells, (4,-2,-2),
    # which holds a piece: open. The step to (5,-1,-4) has only (4,-1,-3) on the
    # board next to both cells, and it is empty: no contact.
    assert targets(state, bee) == {down_right, left}
    assert up_left not in targets(state, bee)


def test_blocked_field_closes_a_gate_and_gives_no_contact():
    board = {C: "R.BEE", L: "B.BEE", UL: "R.ANT"}
    open_board = position(board)
    # Without brambles: UR is reached past UL (R empty), DL past L.
    assert targets(open_board, C) == {UR, DL}
    blocked = position(board, blocked=[list(R), *FAR_BLOCKED[:2]])
    # Bramble on R: UR sits between a piece (UL) and a bramble, a closed gate; DR
    # touches only the bramble, which gives no contact.
    assert targets(blocked, C) == {DL}


# --- one hive --------------------------------------------------------------------


def test_piece_that_joins_the_hive_is_pinned():
    state = position({C: "R.BEE", R: "R.ANT", (2, -2, 0): "B.BEE", L: "B.ANT"})
    # The red ant on R is the only link between C and (2,-2,0).
    assert targets(state, R) == set()
    assert "split the hive" in refused(state, drag(R, (2, -1, -1)))
    # The red bee on C is a cut piece too (L hangs on it); an end piece is free.
    assert targets(state, C) == set()
    blue = position({C: "R.BEE", R: "R.ANT", (2, -2, 0): "B.BEE", L: "B.ANT"}, moves=(5, 4))
    assert targets(blue, L) != set()


def test_hive_must_hold_while_the_piece_is_lifted():
    # Red beetle on C joins R's side to UL's side. Moving it to UR would touch both
    # again on landing, but while it is lifted the hive falls in two: not allowed.
    state = position(
        {(2, -2, 0): "R.BEE", R: "B.ANT", C: "R.BEETLE", UL: "B.ANT", (-1, 2, -1): "B.BEE"}
    )
    assert targets(state, C) == set()
    assert "split the hive" in refused(state, drag(C, UR))


def test_a_stored_hive_in_two_parts_pins_every_lone_piece():
    # A closed ring of six round C (it encloses C) with a red grasshopper hanging on R,
    # and apart from them a lone blue bee. No play reaches this, but a stored position may
    # hold it: lifting any red piece leaves the hive in two parts, so none may move.
    tail = (2, -2, 0)
    ring = {R: "R.BEE", UR: "B.ANT", UL: "R.ANT", L: "B.SPIDER", DL: "R.BEETLE", DR: "B.BEETLE"}
    apart = position(ring | {tail: "R.GRASSHOPPER", (4, -4, 0): "B.BEE"})
    assert all(targets(apart, field) == set() for field in (R, UL, DL, tail))
    # Without the lone bee it is one hive: the grasshopper jumps over R into C, the
    # beetle climbs down into C.
    joined = position(ring | {tail: "R.GRASSHOPPER"})
    assert targets(joined, tail) == {C}
    assert C in targets(joined, DL)


def test_beetle_on_a_stack_may_leave_a_cut_field():
    # The same beetle standing on a blue piece leaves that piece behind: hive intact.
    state = position(
        {
            (2, -2, 0): "R.BEE",
            R: "B.ANT",
            C: "B.GRASSHOPPER R.BEETLE",
            UL: "B.ANT",
            (-1, 2, -1): "B.BEE",
        }
    )
    assert targets(state, C) == {R, UR, UL, L, DL, DR}


# --- ant -------------------------------------------------------------------------


def test_ant_goes_round_the_hive_but_not_into_a_pocket():
    state = position({C: "R.ANT", **RING})
    outside = {
        (2, -2, 0),
        (0, -1, 1),
        (1, -2, 1),
        (3, -2, -1),
        (3, -1, -2),
        (3, 0, -3),
        (2, 1, -3),
        (1, 2, -3),
        (0, 2, -2),
        (-1, 2, -1),
        (-1, 1, 0),
    }
    assert targets(state, C) == outside  # UR (the pocket) and C itself are not targets


def test_ant_cannot_cross_blocked_fields_or_gaps():
    # Brambles on both sides of R's tip (2,-1,-1) and (1,-2,1): the ant on L goes
    # round C and R but cannot reach (2,-2,0) — it would have to step over a gap
    # where only brambles lie next to both cells.
    blocked = [[2, -1, -1], [1, -2, 1], FAR_BLOCKED[0]]
    state = position({L: "R.ANT", C: "R.BEE", R: "B.BEE"}, blocked=blocked)
    assert targets(state, L) == {UL, UR, DL, DR}
    assert "cannot move" in refused(state, drag(L, (2, -2, 0)))


# --- spider ----------------------------------------------------------------------


def test_spider_moves_exactly_three_steps_without_revisiting():
    state = position({L: "R.SPIDER", C: "R.BEE", R: "B.BEE"})
    # Round the two bees: L→UL→UR→(2,-1,-1) one way, L→DL→DR→(1,-2,1) the other.
    # Fields one or two steps away (UL, UR, DL, DR) or reached by turning back are not.
    assert targets(state, L) == {(2, -1, -1), (1, -2, 1)}


def test_spider_does_not_pass_a_gate():
    state = position({UR: "R.SPIDER", **RING})
    # The spider sits in the pocket UR: its only way out, to C, is the gate between
    # R and UL, which is closed.
    assert targets(state, UR) == set()
    assert "cannot move" in refused(state, drag(UR, (0, -1, 1)))


def test_spider_path_cut_by_a_bramble():
    blocked = [list(UR), *FAR_BLOCKED[:2]]
    state = position({L: "R.SPIDER", C: "R.BEE", R: "B.BEE"}, blocked=blocked)
    # Clockwise the bramble on UR stops the walk after UL (a bramble gives no
    # contact); counter-clockwise L→DL→DR→(1,-2,1) is still open.
    assert targets(state, L) == {(1, -2, 1)}


# --- beetle ----------------------------------------------------------------------


def test_beetle_climbs_and_crosses_a_gate_but_needs_contact():
    state = position({C: "R.BEETLE", **RING})
    # Onto R and UL, into the pocket UR past the closed gate, to L (next to UL) and
    # DR (next to R). DL has nothing next to both C and DL: no contact.
    assert targets(state, C) == {R, UR, UL, L, DR}
    assert "cannot move" in refused(state, drag(C, DL))


def test_beetle_on_top_pins_the_piece_below_and_colour_of_top_counts():
    board = {C: "R.BEE", R: "B.ANT R.BEETLE", (2, -2, 0): "B.BEE"}
    blue = position(board, moves=(5, 4))
    # The blue ant under the red beetle cannot move; blue cannot drag the stack at all.
    assert not any(m["type"] == "drag" and tuple(m["from"]) == R for m in _moves(blue))
    assert "no piece of yours" in refused(blue, drag(R, (1, -2, 1)))
    red = position(board)
    after = ENGINE.apply(red, 0, drag(R, (2, -1, -1)))
    stacks = {tuple(f["field"]): f["stack"] for f in ENGINE.view(after, None)["board"]}
    assert [p["piece"] for p in stacks[R]] == ["ANT"]
    assert [p["piece"] for p in stacks[(2, -1, -1)]] == ["BEETLE"]


def test_beetle_climbs_on_a_beetle():
    state = position(
        {C: "R.BEE", R: "B.ANT R.BEETLE", (2, -2, 0): "B.BEE", (1, -2, 1): "B.BEETLE"},
        moves=(5, 4),
    )
    after = ENGINE.apply(state, 1, drag((1, -2, 1), R))
    stacks = {tuple(f["field"]): f["stack"] for f in ENGINE.view(after, None)["board"]}
    assert [(p["seat"], p["piece"]) for p in stacks[R]] == [
        (1, "ANT"),
        (0, "BEETLE"),
        (1, "BEETLE"),
    ]


# --- grasshopper -----------------------------------------------------------------


def test_grasshopper_jumps_over_a_row_to_the_first_free_field():
    state = position({L: "R.GRASSHOPPER", C: "R.BEE", R: "B.BEE", (2, -2, 0): "B.ANT"})
    assert targets(state, L) == {(3, -3, 0)}  # never to a free neighbour: it must jump


def test_grasshopper_stopped_by_a_blocked_field():
    blocked = [[3, -3, 0], *FAR_BLOCKED[:2]]
    state = position(
        {L: "R.GRASSHOPPER", C: "R.BEE", R: "B.BEE", (2, -2, 0): "B.ANT"}, blocked=blocked
    )
    assert targets(state, L) == set()
    assert "cannot move" in refused(state, drag(L, (4, -4, 0)))


def test_grasshopper_stopped_by_the_board_edge():
    row = {(-2, -2, 4): "R.GRASSHOPPER", (-1, -3, 4): "R.BEE", (0, -4, 4): "B.BEE"}
    assert targets(position(row), (-2, -2, 4)) == {(1, -5, 4)}
    # With a piece on the last field of the row the jump would leave the board.
    assert targets(position(row | {(1, -5, 4): "B.ANT"}), (-2, -2, 4)) == set()


# --- the bee first ---------------------------------------------------------------


def test_no_piece_moves_before_its_bee_is_set():
    state = position({C: "R.ANT", R: "B.BEE", L: "R.SPIDER"}, moves=(2, 2))
    assert not any(m["type"] == "drag" for m in _moves(state))
    assert "after setting your bee" in refused(state, drag(L, UL))


def _moves(state):
    return list(ENGINE.legal_moves(state, ENGINE.to_move(state)[0]))
