"""The bots' triangle check by rows (games/triangulum/rows.py, bot.allowed): the rows
find exactly the points the engine's containment test finds, the quick look at the widest
rows finds no point outside, and ``allowed`` agrees with the engine's check in play."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.triangulum.bot import allowed
from games.triangulum.engine import ALL_POINTS, ENGINE, triangle_allowed
from games.triangulum.geometry import cross, in_triangle
from games.triangulum.rows import covers, rows

points = st.tuples(st.integers(0, 45), st.integers(0, 28))
near = st.tuples(st.integers(10, 16), st.integers(10, 14))  # shared rows and edges are common


def check(a, b, c):
    if cross(a, b, c) == 0:
        return
    middle = sorted((a, b, c), key=lambda p: p[1])[1][1]
    for tri in ((a, b, c), (c, a, b), (b, a, c)):
        for q in ALL_POINTS:
            bits = rows([q])
            inside = in_triangle(q, a, b, c)
            assert covers(bits, tri) == inside, (tri, q)
            quick = covers(bits, tri, widest=True)
            assert inside or not quick, (tri, q)
            if q[1] == middle:
                assert quick == inside, (tri, q)


@settings(max_examples=100, deadline=None)
@given(a=points, b=points, c=points)
def test_the_rows_find_exactly_the_points_in_the_triangle(a, b, c):
    check(a, b, c)


@settings(max_examples=100, deadline=None)
@given(a=near, b=near, c=near)
def test_small_triangles_with_shared_rows(a, b, c):
    check(a, b, c)


def test_rows_of_several_sets_hold_every_point():
    bits = rows({(0, 0), (45, 28)}, [(3, 4)])
    assert bits[0] == 1 and bits[28] == 1 << 45 and bits[4] == 1 << 3
    assert sum(bin(row).count("1") for row in bits) == 3


def test_allowed_agrees_with_the_engine_on_triangles_of_own_points():
    """Random matches; at some positions, triples of the mover's points not on one line."""
    refused = agreed = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.setup(2, seed)
        while seats := ENGINE.to_move(state):
            seat = seats[0]
            own = sorted(state.points[seat])
            if len(own) >= 3 and rng.random() < 0.2:
                bits = rows(state.points[1 - seat], state.fixed)
                for _ in range(60):
                    tri = tuple(rng.sample(own, 3))
                    if cross(*tri):
                        expected = triangle_allowed(state.points, state.triangles, seat, tri)
                        assert allowed(bits, state.triangles, tri) == expected, (seed, tri)
                        refused += not expected
                        agreed += 1
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
    assert agreed > 1000 and 0 < refused < agreed
