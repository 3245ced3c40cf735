"""Every High Voltage rule of seed 000 and docs/rules.md §2, from explicit positions."""

import json
import random

import pytest

from games.high_voltage.engine import ENGINE
from games.registry import IllegalMove, get_engine

KEEP, MIRROR = {"type": "keep"}, {"type": "mirror"}
# Lone filler posts far from the action: (odd x, even y) for blue, (even x, odd y) for red.
# Any two cells of one pattern differ by (even, even), never a knight's move, so they never link.
BLUE_FILLER = [(x, y) for y in range(14, 23, 2) for x in range(13, 22, 2)]
RED_FILLER = [(x, y) for y in range(15, 24, 2) for x in range(12, 23, 2)]


def post(x, y):
    return {"type": "post", "at": [x, y]}


def start(swamps=(), opening=KEEP):
    state = ENGINE.setup(2, 7, {"swamps": [list(s) for s in swamps]})
    return ENGINE.apply(state, 0, opening)


def play(state, cells):
    """Sets posts in turn order; each cell goes to whoever is to move."""
    for x, y in cells:
        state = ENGINE.apply(state, ENGINE.to_move(state)[0], post(x, y))
    return state


def duel(blue, red, swamps=(), opening=KEEP):
    """Blue and red posts in the given order, alternating, padded with lone filler posts.

    The seat moving first sets the last post unless the other seat lists as many.
    """
    first, second = (list(blue), list(red)) if opening == KEEP else (list(red), list(blue))
    first_filler, second_filler = (
        (BLUE_FILLER, RED_FILLER) if opening == KEEP else (RED_FILLER, BLUE_FILLER)
    )
    n = max(len(first), len(second))
    first += first_filler[: n - len(first)]
    second += second_filler[: max(0, n - 1 - len(second))]
    cells = [c for pair in zip(first, second, strict=False) for c in pair]
    if len(second) < n:
        cells.append(first[-1])
    return play(start(swamps, opening), cells)


def links(state, seat):
    return {frozenset(map(tuple, link)) for link in ENGINE.view(state, seat)["links"][seat]}


def link(a, b):
    return frozenset({a, b})


# --- registry, setup, swamps ---------------------------------------------------------------


def test_registry_finds_the_engine_with_its_protocol_attributes():
    engine = get_engine("high-voltage")
    assert engine is ENGINE
    assert (engine.slug, engine.min_players, engine.max_players) == ("high-voltage", 2, 2)
    assert engine.name == "High Voltage"


def test_setup_refuses_other_player_counts_and_unknown_options():
    with pytest.raises(ValueError):
        ENGINE.setup(3, 1)
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"size": 12})


@pytest.mark.parametrize("seed", range(30))
def test_random_swamps_are_one_3x3_two_2x2_one_1x1_inside_the_interior(seed):
    swamps = ENGINE.view(ENGINE.setup(2, seed), None)["swamps"]
    assert sorted(size for _, _, size in swamps) == [1, 2, 2, 3]
    for x, y, size in swamps:
        assert 1 <= x <= 23 - size and 1 <= y <= 23 - size


def test_random_swamps_follow_the_seed_and_vary_between_seeds():
    assert ENGINE.to_json(ENGINE.setup(2, 5)) == ENGINE.to_json(ENGINE.setup(2, 5))
    layouts = {json.dumps(ENGINE.view(ENGINE.setup(2, s), None)["swamps"]) for s in range(20)}
    assert len(layouts) > 15


def test_random_swamps_reach_every_interior_position_over_many_seeds():
    corners = set()
    for seed in range(6000):
        for x, y, size in ENGINE.to_json(ENGINE.setup(2, seed))["swamps"]:
            if size == 3:
                corners.add((x, y))
    assert corners == {(x, y) for x in range(1, 21) for y in range(1, 21)}


def test_swamps_option_fixes_swamps_and_they_may_overlap():
    state = ENGINE.setup(2, 1, {"swamps": [[3, 4, 3], [4, 6, 2]]})
    view = ENGINE.view(state, None)
    assert view["swamps"] == [[3, 4, 3], [4, 6, 2]]
    expected = {(x, y) for x in range(3, 6) for y in range(4, 7)} | {(4, 7), (5, 7)}
    assert {tuple(c) for c in view["swamp_cells"]} == expected


@pytest.mark.parametrize(
    "swamps",
    [[[0, 5, 1]], [[21, 5, 3]], [[5, 5, 0]], [[5, 5]], "x", [[1.0, 2, 1]], [[1, 1, 11]]],
)
def test_swamps_option_refuses_swamps_outside_the_interior_or_malformed(swamps):
    with pytest.raises(ValueError):
        ENGINE.setup(2, 1, {"swamps": swamps})


def test_swamps_option_may_cover_up_to_100_cells_so_both_seats_keep_room():
    assert ENGINE.setup(2, 1, {"swamps": [[1, 1, 10]]})
    with pytest.raises(ValueError, match="100"):
        ENGINE.setup(2, 1, {"swamps": [[1, 1, 10], [12, 12, 1]]})


def test_no_post_may_stand_in_a_swamp_anywhere_in_its_square():
    state = start(swamps=[(5, 5, 3)])
    for x, y in [(5, 5), (7, 7), (6, 5)]:
        with pytest.raises(IllegalMove, match="swamp"):
            ENGINE.apply(state, 0, post(x, y))
    assert [8, 7] in [m["at"] for m in ENGINE.legal_moves(state, 0)]
    assert [7, 7] not in [m["at"] for m in ENGINE.legal_moves(state, 0)]


# --- opening: keep or mirror ---------------------------------------------------------------


def test_seat_0_must_first_choose_keep_or_mirror():
    state = ENGINE.setup(2, 3, {"swamps": []})
    assert ENGINE.to_move(state) == [0]
    assert list(ENGINE.legal_moves(state, 0)) == [KEEP, MIRROR]
    assert list(ENGINE.legal_moves(state, 1)) == []
    assert ENGINE.view(state, None)["opening_pending"] is True
    with pytest.raises(IllegalMove, match="keep"):
        ENGINE.apply(state, 0, post(5, 5))
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, KEEP)


def test_keep_leaves_the_board_and_seat_0_sets_the_first_post():
    before = ENGINE.setup(2, 3, {"swamps": [[2, 8, 2]]})
    state = ENGINE.apply(before, 0, KEEP)
    view = ENGINE.view(state, None)
    assert view["swamps"] == [[2, 8, 2]] and view["first"] == 0 and not view["opening_pending"]
    assert ENGINE.to_move(state) == [0]
    assert view["placed"] == 0 and view["posts"] == [[], []]


def test_mirror_transposes_the_swamps_and_seat_1_sets_the_first_post():
    before = ENGINE.setup(2, 3, {"swamps": [[2, 8, 2], [15, 4, 3], [20, 1, 1]]})
    state = ENGINE.apply(before, 0, MIRROR)
    view = ENGINE.view(state, None)
    assert view["swamps"] == [[8, 2, 2], [4, 15, 3], [1, 20, 1]]
    old = {tuple(c) for c in ENGINE.view(before, None)["swamp_cells"]}
    assert {tuple(c) for c in view["swamp_cells"]} == {(y, x) for x, y in old}
    assert view["mirrored"] is True and view["first"] == 1
    assert ENGINE.to_move(state) == [1]
    with pytest.raises(IllegalMove, match="swamp"):
        ENGINE.apply(state, 1, post(9, 3))  # the 2×2 once at x 2..3, y 8..9
    state = ENGINE.apply(state, 1, post(2, 8))  # dry after the mirror
    assert ENGINE.to_move(state) == [0]


def test_keep_or_mirror_is_refused_once_chosen_and_is_not_a_post():
    state = start()
    for choice in (KEEP, MIRROR):
        with pytest.raises(IllegalMove, match="already"):
            ENGINE.apply(state, 0, choice)
    assert ENGINE.view(state, None)["placed"] == 0


# --- where posts may stand ------------------------------------------------------------------


@pytest.mark.parametrize("corner", [(0, 0), (23, 0), (0, 23), (23, 23)])
def test_corners_are_unusable_for_both_seats(corner):
    state = start()
    with pytest.raises(IllegalMove, match="corner"):
        ENGINE.apply(state, 0, post(*corner))
    state = play(state, [(5, 5)])
    with pytest.raises(IllegalMove, match="corner"):
        ENGINE.apply(state, 1, post(*corner))


def test_blue_may_use_its_own_columns_but_not_reds_rows():
    state = start()
    for x, y in [(0, 5), (23, 17)]:
        assert ENGINE.apply(state, 0, post(x, y))
    for x, y in [(5, 0), (17, 23)]:
        with pytest.raises(IllegalMove, match="opponent"):
            ENGINE.apply(state, 0, post(x, y))


def test_red_may_use_its_own_rows_but_not_blues_columns():
    state = play(start(), [(5, 5)])
    for x, y in [(5, 0), (17, 23)]:
        assert ENGINE.apply(state, 1, post(x, y))
    for x, y in [(0, 5), (23, 17)]:
        with pytest.raises(IllegalMove, match="opponent"):
            ENGINE.apply(state, 1, post(x, y))


def test_legal_moves_list_exactly_the_free_usable_cells():
    state = play(start(swamps=[(10, 10, 1)]), [(5, 5), (6, 6)])
    moves = [tuple(m["at"]) for m in ENGINE.legal_moves(state, 0)]
    assert len(moves) == len(set(moves))
    usable = {(x, y) for x in range(24) for y in range(1, 23)}  # blue: not rows 0 and 23
    assert set(moves) == usable - {(10, 10), (5, 5), (6, 6)}


def test_a_cell_with_a_post_of_either_colour_is_taken():
    state = play(start(), [(5, 5), (6, 6)])
    for cell in [(5, 5), (6, 6)]:
        with pytest.raises(IllegalMove, match="already"):
            ENGINE.apply(state, 0, post(*cell))


def test_turns_alternate_after_the_opening():
    state = start()
    assert ENGINE.to_move(state) == [0]
    state = play(state, [(5, 5)])
    assert ENGINE.to_move(state) == [1]
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 0, post(7, 7))
    state = play(state, [(9, 9)])
    assert ENGINE.to_move(state) == [0]


# --- links ----------------------------------------------------------------------------------


def test_own_posts_a_knights_move_apart_are_linked_automatically():
    state = duel(blue=[(5, 5), (6, 7), (7, 7), (8, 8)], red=[])
    assert links(state, 0) == {link((5, 5), (6, 7)), link((6, 7), (8, 8))}


def test_posts_of_different_colours_never_link():
    state = duel(blue=[(5, 5)], red=[(6, 7)])
    assert links(state, 0) == set() and links(state, 1) == set()


def test_one_post_can_make_several_links_at_once():
    state = duel(blue=[(4, 5), (6, 5), (3, 8), (7, 8), (5, 7)], red=[])
    expected = {link((5, 7), c) for c in [(4, 5), (6, 5), (3, 8), (7, 8)]}
    assert links(state, 0) == expected


def test_a_link_of_the_opponent_blocks_a_crossing_link():
    # Red (5,5)-(6,7) meets blue's would-be (4,6)-(6,5) at (5.2, 5.4).
    state = duel(blue=[(4, 6), BLUE_FILLER[0], (6, 5)], red=[(5, 5), (6, 7)])
    assert links(state, 1) == {link((5, 5), (6, 7))}
    assert link((4, 6), (6, 5)) not in links(state, 0)


def test_an_own_link_blocks_a_crossing_link_too():
    state = duel(blue=[(5, 5), (6, 7), (4, 6), (6, 5)], red=[])
    assert links(state, 0) == {link((5, 5), (6, 7)), link((4, 6), (6, 7))}


def test_links_sharing_an_end_point_do_not_cross():
    # (4,6)-(6,7) ends where (5,5)-(6,7) ends; both stand. Collinear links meeting end to end too.
    state = duel(blue=[(5, 5), (6, 7), (4, 6), (2, 2), (4, 3), (6, 4)], red=[])
    assert {link((4, 6), (6, 7)), link((5, 5), (6, 7))} <= links(state, 0)
    assert {link((2, 2), (4, 3)), link((4, 3), (6, 4))} <= links(state, 0)


def test_the_post_order_does_not_matter_for_the_block():
    # The blocking link is there before the second post of the blocked pair.
    state = duel(blue=[(4, 6), (6, 5)], red=[(5, 5), (6, 7)])
    assert link((4, 6), (6, 5)) in links(state, 0)  # blue's link came first ...
    assert links(state, 1) == set()  # ... so it blocks red's


def test_a_blocked_pair_stays_unlinked_while_both_build_around_it():
    # Red extends its line around the crossing point; blue builds on both posts of the pair.
    state = duel(
        blue=[(4, 6), BLUE_FILLER[0], (6, 5), (2, 7), (8, 4)],
        red=[(5, 5), (6, 7), (7, 5), (3, 4)],
    )
    assert links(state, 0) == {link((2, 7), (4, 6)), link((6, 5), (8, 4))}
    assert links(state, 1) == {
        link((5, 5), (6, 7)),
        link((6, 7), (7, 5)),
        link((3, 4), (5, 5)),
    }


def test_a_blocked_pair_leaves_no_ghost_link_that_could_block_others():
    # (5,4)-(6,6) crosses blue's unlinked pair (4,6)-(6,5) but no existing link.
    state = duel(
        blue=[(4, 6), BLUE_FILLER[0], (6, 5), BLUE_FILLER[1]], red=[(5, 5), (6, 7), (5, 4), (6, 6)]
    )
    assert link((5, 4), (6, 6)) in links(state, 1)


def test_random_move_is_always_legal_and_falls_back_when_sampling_misses():
    class Stubborn(random.Random):
        def randrange(self, *args):
            return 0  # always the first usable cell of blue, (0, 1)

    state = play(start(), [(0, 1), (5, 5)])
    rng = Stubborn(3)
    move = ENGINE.random_move(state, 0, rng)
    assert move in list(ENGINE.legal_moves(state, 0))
    rng = random.Random(4)
    for _ in range(200):
        assert ENGINE.random_move(state, 0, rng) in list(ENGINE.legal_moves(state, 0))
    opening = ENGINE.setup(2, 1)
    assert {ENGINE.random_move(opening, 0, rng)["type"] for _ in range(50)} == {"keep", "mirror"}


def test_preview_lists_the_links_a_post_would_make_without_changing_anything():
    state = duel(blue=[(4, 6), BLUE_FILLER[0]], red=[(5, 5), (6, 7)])
    before = ENGINE.to_json(state)
    assert ENGINE.preview_links(state, 0, [6, 5]) == []  # blocked by red's link
    assert sorted(map(sorted, ENGINE.preview_links(state, 0, [5, 8]))) == [[[4, 6], [5, 8]]]
    assert sorted(map(sorted, ENGINE.preview_links(state, 1, [7, 5]))) == [[[6, 7], [7, 5]]]
    assert ENGINE.preview_links(state, 0, [6, 7]) == []  # taken
    assert ENGINE.preview_links(state, 0, [5, 0]) == []  # red's border
    assert ENGINE.preview_links(state, 0, "junk") == []
    assert ENGINE.preview_links(state, None, [5, 8]) == []
    assert ENGINE.preview_links(ENGINE.setup(2, 1), 0, [5, 8]) == []  # opening pending
    assert ENGINE.to_json(state) == before


# --- lines, scores, end ---------------------------------------------------------------------


def test_score_is_the_largest_extent_of_one_line_along_the_own_axis():
    state = duel(blue=[(2, 5), (4, 6), (6, 5), (15, 9)], red=[(10, 10), (11, 12), (12, 14)])
    # blue line x 2..6 (a lone post scores 0); red line y 10..14
    assert ENGINE.view(state, None)["scores"] == [4, 4]


def test_two_lines_joined_by_one_post_score_their_union():
    state = duel(blue=[(2, 5), (4, 6), (8, 6), (10, 7)], red=[])
    assert ENGINE.view(state, None)["scores"] == [2, 0]
    state = play(state, [RED_FILLER[5], (6, 5)])  # a knight from (4,6) and from (8,6)
    assert ENGINE.view(state, None)["scores"] == [8, 0]
    assert ENGINE.view(state, None)["best_lines"][0] == [[2, 5], [6, 5], [4, 6], [8, 6], [10, 7]]


def test_score_counts_only_linked_posts_not_nearby_unlinked_ones():
    # (4,6) and (6,5) are a knight apart but blocked: two lines, not one.
    state = duel(blue=[(4, 6), (2, 7), (6, 5), (8, 4)], red=[(5, 5), (6, 7)])
    assert ENGINE.view(state, None)["scores"][0] == 2


def _blue_path():
    cells = [(x, 5 + (x // 2) % 2) for x in range(0, 23, 2)]  # (0,5) (2,6) (4,5) ... (22,6)
    return [*cells, (23, 8)]


def test_blue_wins_at_once_when_one_line_touches_both_columns():
    path = _blue_path()
    state = duel(blue=path[:-1], red=[])
    assert ENGINE.outcome(state) is None and ENGINE.view(state, None)["scores"][0] == 22
    state = play(state, [RED_FILLER[20], path[-1]])
    assert ENGINE.outcome(state) == {"winners": [0], "scores": [23, 0], "reason": "connected"}
    assert ENGINE.to_move(state) == []
    assert list(ENGINE.legal_moves(state, 1)) == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, 1, post(12, 12))


def test_red_wins_at_once_when_one_line_touches_both_rows_even_with_a_worse_blue():
    path = [(y, x) for x, y in _blue_path()]
    state = duel(blue=[], red=path, opening=MIRROR)
    result = ENGINE.outcome(state)
    assert result == {"winners": [1], "scores": [0, 23], "reason": "connected"}
    assert ENGINE.view(state, None)["placed"] == 25


def test_blue_scores_columns_so_a_top_to_bottom_blue_line_neither_scores_nor_wins():
    path = [(y, x) for x, y in _blue_path()][1:-1]  # rows 2..22, columns 5 and 6
    state = duel(blue=path, red=[])
    assert ENGINE.view(state, None)["scores"] == [1, 0]
    assert ENGINE.outcome(state) is None


def _lone_posts(seat):
    """Cells where 100 posts of one seat never link: (odd x, even y) for blue, (even x, odd y) for red."""
    if seat == 0:
        cells = [(x, y) for y in range(2, 23, 2) for x in range(1, 24, 2)]
    else:
        cells = [(x, y) for y in range(1, 24, 2) for x in range(2, 23, 2)]
    return cells[:100]


def test_the_game_ends_after_200_posts_and_equal_scores_draw():
    state = duel(_lone_posts(0), _lone_posts(1)[:-1])
    assert ENGINE.outcome(state) is None and ENGINE.view(state, None)["placed"] == 199
    state = play(state, [_lone_posts(1)[-1]])
    assert ENGINE.outcome(state) == {"winners": [], "scores": [0, 0], "reason": "posts"}
    assert ENGINE.to_move(state) == []


def test_after_200_posts_the_higher_score_wins():
    blue = [*_lone_posts(0)[:-1], (2, 4)]  # (2,4) links to (1,2) (3,2) (1,6) (3,6): x 1..3
    state = duel(blue, _lone_posts(1))
    assert ENGINE.outcome(state) == {"winners": [0], "scores": [2, 0], "reason": "posts"}


def test_after_200_posts_equal_nonzero_scores_draw():
    blue = [*_lone_posts(0)[:-1], (2, 4)]
    red = [*_lone_posts(1)[:-1], (14, 10)]  # links to (12,9) (16,9) (12,11) (16,11): y 9..11
    state = duel(blue, red)
    assert ENGINE.outcome(state) == {"winners": [], "scores": [2, 2], "reason": "posts"}


# --- view, notation, input checks -----------------------------------------------------------


def test_view_shows_the_whole_board_to_everyone():
    state = duel(blue=[(5, 5), (6, 7)], red=[(10, 10)], swamps=[(3, 3, 1)])
    view = ENGINE.view(state, None)
    assert json.loads(json.dumps(view)) == view
    assert view["players"] == 2 and view["size"] == 24 and view["to_move"] == [1]
    assert view["posts"] == [[[5, 5], [6, 7]], [[10, 10]]]
    assert view["links"] == [[[[5, 5], [6, 7]]], []]
    assert view["swamp_cells"] == [[3, 3]] and view["last"] == [6, 7]
    assert view["outcome"] is None and view["scores"] == [1, 0]
    assert ENGINE.view(state, 0) == ENGINE.view(state, 1) == view


def test_notation_reads_keep_mirror_and_post_with_letter_and_row():
    assert ENGINE.notation(None, KEEP) == "keep"
    assert ENGINE.notation(None, MIRROR) == "mirror"
    assert ENGINE.notation(None, post(10, 6)) == "post k7"
    assert ENGINE.notation(None, post(0, 23)) == "post a24"


@pytest.mark.parametrize(
    "move",
    [
        "post",
        None,
        {"at": [5, 5]},
        {"type": "pass"},
        {"type": "post"},
        {"type": "post", "at": [5, 5], "extra": 1},
        {"type": "keep", "at": [5, 5]},
        {"type": "post", "at": [5]},
        {"type": "post", "at": [5, 5, 5]},
        {"type": "post", "at": "e6"},
        {"type": "post", "at": [5.0, 5]},
        {"type": "post", "at": [True, 5]},
        {"type": "post", "at": [-1, 5]},
        {"type": "post", "at": [5, 24]},
    ],
)
def test_malformed_and_out_of_range_moves_are_refused(move):
    with pytest.raises(IllegalMove):
        ENGINE.apply(start(), 0, move)


@pytest.mark.parametrize("seat", [1, 2, -1, None, True, "0"])
def test_moves_from_a_seat_not_to_move_are_refused(seat):
    with pytest.raises(IllegalMove):
        ENGINE.apply(start(), seat, post(5, 5))


def test_apply_never_changes_the_given_state():
    state = duel(blue=[(5, 5)], red=[(10, 10)])
    before = json.dumps(ENGINE.to_json(state))
    ENGINE.apply(state, 0, post(6, 7))
    assert json.dumps(ENGINE.to_json(state)) == before
    assert ENGINE.view(state, None)["posts"][0] == [[5, 5]]
