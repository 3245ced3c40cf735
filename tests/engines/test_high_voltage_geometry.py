"""The precomputed knight-segment crossing table against exact, general segment intersection."""

from fractions import Fraction

from games.high_voltage.geometry import (
    CROSSING,
    CROSSING_MASK,
    KNIGHT,
    SEGMENT_ENDS,
    SEGMENT_ID,
    SEGMENTS,
    cell,
    cell_name,
    segment_ids,
    xy,
)


def _cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def meeting(a, b, c, d):
    """How closed segments ab and cd meet: None, ("point", P) or ("overlap", None); exact."""
    r = (b[0] - a[0], b[1] - a[1])
    s = (d[0] - c[0], d[1] - c[1])
    ca = (c[0] - a[0], c[1] - a[1])
    denom = _cross(r, s)
    if denom != 0:
        t = Fraction(_cross(ca, s), denom)
        u = Fraction(_cross(ca, r), denom)
        if 0 <= t <= 1 and 0 <= u <= 1:
            return "point", (a[0] + t * r[0], a[1] + t * r[1])
        return None
    if _cross(ca, r) != 0:
        return None  # parallel, on different lines
    rr = r[0] * r[0] + r[1] * r[1]
    t0 = Fraction(ca[0] * r[0] + ca[1] * r[1], rr)
    t1 = Fraction((d[0] - a[0]) * r[0] + (d[1] - a[1]) * r[1], rr)
    low, high = max(0, min(t0, t1)), min(1, max(t0, t1))
    if low > high:
        return None
    if low == high:
        return "point", (a[0] + low * r[0], a[1] + low * r[1])
    return "overlap", None


def segments_cross(a, b, c, d) -> bool:
    """The rule's 'cross': the segments share any point other than a common end point."""
    met = meeting(a, b, c, d)
    if met is None:
        return False
    kind, point = met
    return kind == "overlap" or not (point in (a, b) and point in (c, d))


def ends(seg):
    a, b = SEGMENT_ENDS[seg]
    return xy(a), xy(b)


def test_every_knight_segment_on_the_board_is_numbered_once():
    expected = set()
    for x in range(24):
        for y in range(24):
            for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2)):
                if 0 <= x + dx < 24 and 0 <= y + dy < 24:
                    expected.add(frozenset({(x, y), (x + dx, y + dy)}))
    assert SEGMENTS == len(expected) == 2024
    assert {frozenset(ends(s)) for s in range(SEGMENTS)} == expected
    for seg, (a, b) in enumerate(SEGMENT_ENDS):
        assert SEGMENT_ID[(a, b)] == SEGMENT_ID[(b, a)] == seg


def test_knight_neighbours_are_the_eight_jumps_on_the_board():
    assert len(KNIGHT[cell(0, 0)]) == 2
    assert len(KNIGHT[cell(11, 11)]) == 8
    assert {xy(n) for n, _ in KNIGHT[cell(1, 0)]} == {(3, 1), (2, 2), (0, 2)}
    for i, pairs in enumerate(KNIGHT):
        for n, seg in pairs:
            assert set(SEGMENT_ENDS[seg]) == {i, n}


def test_crossing_table_equals_exact_intersection_over_every_pair():
    """All ~2 million pairs, filtered by bounding boxes first (boxes apart never meet)."""
    segs = [ends(s) for s in range(SEGMENTS)]
    boxes = [(min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in segs]
    expected = [set() for _ in range(SEGMENTS)]
    for i in range(SEGMENTS):
        x0, x1, y0, y1 = boxes[i]
        a, b = segs[i]
        for j in range(i + 1, SEGMENTS):
            u0, u1, v0, v1 = boxes[j]
            if u0 > x1 or u1 < x0 or v0 > y1 or v1 < y0:
                continue
            c, d = segs[j]
            if segments_cross(a, b, c, d):
                expected[i].add(j)
                expected[j].add(i)
    assert [set(ids) for ids in CROSSING] == expected
    assert all(CROSSING_MASK[s] == sum(1 << j for j in expected[s]) for s in range(SEGMENTS))


def test_knight_segments_never_overlap_or_end_inside_one_another():
    """Why a proper-crossing table suffices: every meeting is a shared end or a clean crossing."""
    segs = [ends(s) for s in range(SEGMENTS)]
    for i in range(SEGMENTS):
        a, b = segs[i]
        for j in range(SEGMENTS):
            c, d = segs[j]
            if i == j or abs(a[0] - c[0]) > 4 or abs(a[1] - c[1]) > 4:
                continue
            met = meeting(a, b, c, d)
            if met is None:
                continue
            kind, point = met
            assert kind == "point", (a, b, c, d)
            at_end_of_first, at_end_of_second = point in (a, b), point in (c, d)
            assert at_end_of_first == at_end_of_second, (a, b, c, d)


def test_collinear_knight_segments_sharing_an_end_do_not_cross():
    first = SEGMENT_ID[(cell(0, 0), cell(2, 1))]
    second = SEGMENT_ID[(cell(2, 1), cell(4, 2))]
    assert second not in CROSSING[first]


def test_segments_sharing_an_end_point_never_cross():
    for seg, (a, b) in enumerate(SEGMENT_ENDS):
        for other in CROSSING[seg]:
            assert not set(SEGMENT_ENDS[other]) & {a, b}


def test_an_interior_link_can_be_crossed_by_exactly_nine_links_and_symmetrically():
    seg = SEGMENT_ID[(cell(10, 10), cell(11, 12))]
    assert len(CROSSING[seg]) == 9
    for s in range(SEGMENTS):
        for other in CROSSING[s]:
            assert s in CROSSING[other]


def test_a_known_crossing_pair_is_in_the_table():
    # (5,5)-(6,7) and (4,6)-(6,5) meet at (5.2, 5.4), inside both.
    red = SEGMENT_ID[(cell(5, 5), cell(6, 7))]
    blue = SEGMENT_ID[(cell(4, 6), cell(6, 5))]
    assert blue in CROSSING[red]
    assert segments_cross((5, 5), (6, 7), (4, 6), (6, 5))


def test_segment_ids_lists_the_set_bits_in_order():
    assert list(segment_ids((1 << 3) | (1 << 2000) | 1)) == [0, 3, 2000]
    assert list(segment_ids(0)) == []


def test_cell_names_use_letters_a_to_x_and_rows_from_the_top():
    assert cell_name(0, 0) == "a1"
    assert cell_name(10, 6) == "k7"
    assert cell_name(23, 23) == "x24"
