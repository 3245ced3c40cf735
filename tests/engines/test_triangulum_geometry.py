"""Triangulum plane maths: helper-point areas by hand and against slow independent references."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from games.triangulum.geometry import helper_area, in_triangle, triangles_meet

xs = st.integers(min_value=0, max_value=45)
ys = st.integers(min_value=0, max_value=28)
points = st.tuples(xs, ys)


def doubled_area(a, b, c):
    return abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))


def inside_by_areas(p, a, b, c):
    """Closed containment by the area sum: p splits abc into three parts adding up to abc."""
    return doubled_area(p, a, b) + doubled_area(p, b, c) + doubled_area(p, c, a) == doubled_area(
        a, b, c
    )


def brute_area(a, b, c):
    """Every helper point (i + ½, j + ½) of the board tried with exact fractions."""
    half = Fraction(1, 2)
    return sum(inside_by_areas((i + half, j + half), a, b, c) for i in range(45) for j in range(28))


def separated(t, u):
    """Separating-axis test: some edge normal of t or u strictly separates the two (closed) sets."""
    for poly in (t, u):
        for k in range(3):
            a, b = poly[k], poly[(k + 1) % 3]
            nx, ny = b[1] - a[1], a[0] - b[0]
            pt = [nx * p[0] + ny * p[1] for p in t]
            pu = [nx * p[0] + ny * p[1] for p in u]
            if max(pt) < min(pu) or max(pu) < min(pt):
                return True
    return False


def test_area_counts_helper_points_on_edges():
    # (0,0) (2,0) (0,2): (0.5,0.5) is inside, (1.5,0.5) and (0.5,1.5) lie exactly on x + y = 2.
    assert helper_area((0, 0), (2, 0), (0, 2)) == 3


def test_area_of_right_triangles_with_legs_n_is_n_times_n_plus_1_over_2():
    # Helper (i+½, j+½) is inside x + y <= n iff i + j <= n − 1: 1 + 2 + ... + n of them.
    for n in (1, 2, 5, 10, 26, 28):
        assert helper_area((0, 0), (n, 0), (0, n)) == n * (n + 1) // 2
        assert helper_area((45, 28), (45 - n, 28), (45, 28 - n)) == n * (n + 1) // 2


def test_area_without_edge_helpers_equals_the_geometric_area():
    # 3x + 4y <= 12 at y = ½, 1½, 2½ leaves x <= 3⅓, 2, ⅔: 3 + 2 + 1 helpers; no helper on the edge.
    assert helper_area((0, 0), (4, 0), (0, 3)) == 6


def test_area_of_thin_triangles_in_one_helper_row():
    # Only the row y = ½ is crossed. (0,0)-(4,1) meets it at x = 2, (0,0)-(6,1) at x = 3:
    # the one helper 2.5 lies between.
    assert helper_area((0, 0), (4, 1), (6, 1)) == 1
    # (0,0)-(3,1) meets it at x = 1.5, exactly a helper on the edge, which counts: 1.5 and 2.5.
    assert helper_area((0, 0), (3, 1), (6, 1)) == 2
    # (½, ½) lies on the hypotenuse x + y = 1 of the smallest triangle.
    assert helper_area((0, 0), (1, 0), (0, 1)) == 1


def test_area_does_not_depend_on_vertex_order():
    tri = [(3, 4), (17, 9), (8, 25)]
    values = {
        helper_area(*order)
        for order in (tri, tri[::-1], tri[1:] + tri[:1], [tri[1], tri[0], tri[2]])
    }
    assert len(values) == 1


@settings(max_examples=60, deadline=None)
@given(a=points, b=points, c=points)
def test_area_matches_brute_force_helper_count(a, b, c):
    if doubled_area(a, b, c) == 0:
        return
    assert helper_area(a, b, c) == brute_area(a, b, c)


@settings(max_examples=300, deadline=None)
@given(p=points, a=points, b=points, c=points)
def test_in_triangle_matches_area_sum(p, a, b, c):
    if doubled_area(a, b, c) == 0:
        return
    assert in_triangle(p, a, b, c) == inside_by_areas(p, a, b, c)


small = st.tuples(st.integers(0, 8), st.integers(0, 8))


def cross(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_meet(a, b, c, d):
    """Whether the closed segments ab and cd share a point: proper crossing, or an end of one
    on the other."""

    def on(p, x, y):  # p collinear with xy: between them, ends included
        return min(x[0], y[0]) <= p[0] <= max(x[0], y[0]) and min(x[1], y[1]) <= p[1] <= max(
            x[1], y[1]
        )

    d1, d2, d3, d4 = cross(a, b, c), cross(a, b, d), cross(c, d, a), cross(c, d, b)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and on(c, a, b))
        or (d2 == 0 and on(d, a, b))
        or (d3 == 0 and on(a, c, d))
        or (d4 == 0 and on(b, c, d))
    )


def meet_by_edges(t, u):
    """Two closed triangles meet iff two edges meet or one holds the other's first corner."""
    edges = [(t[i], t[(i + 1) % 3], u[j], u[(j + 1) % 3]) for i in range(3) for j in range(3)]
    return (
        any(segments_meet(*e) for e in edges)
        or inside_by_areas(t[0], *u)
        or inside_by_areas(u[0], *t)
    )


@settings(max_examples=1500, deadline=None)
@given(t=st.tuples(points, points, points), u=st.tuples(points, points, points))
def test_triangles_meet_matches_edge_crossings(t, u):
    if doubled_area(*t) == 0 or doubled_area(*u) == 0:
        return
    assert triangles_meet(t, u) == meet_by_edges(t, u)


@settings(max_examples=600, deadline=None)
@given(t=st.tuples(small, small, small), u=st.tuples(small, small, small))
def test_triangles_meet_matches_separating_axes(t, u):
    if doubled_area(*t) == 0 or doubled_area(*u) == 0:
        return
    assert triangles_meet(t, u) == (not separated(t, u))
    assert triangles_meet(t, u) == triangles_meet(u, t)


def test_triangles_meet_cases_by_hand():
    base = ((0, 0), (6, 0), (0, 6))
    assert triangles_meet(base, ((6, 0), (10, 0), (10, 4)))  # shared vertex
    assert triangles_meet(base, ((3, 3), (8, 8), (9, 3)))  # a vertex on the hypotenuse
    assert triangles_meet(base, ((1, 1), (2, 1), (1, 2)))  # wholly inside
    assert triangles_meet(((1, 1), (2, 1), (1, 2)), base)  # wholly containing
    assert triangles_meet(base, ((-1, 2), (8, 2), (8, 3)))  # edges crossing
    assert not triangles_meet(base, ((4, 3), (8, 8), (9, 3)))  # just clear of x + y = 6
    assert not triangles_meet(base, ((7, 0), (10, 0), (10, 4)))
