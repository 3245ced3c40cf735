"""A random triangle's near points (engine._nearest, walked outwards over offsets) come in
the order the plain stable sort by distance gives, ties and the board's edges included."""

import random

from games.triangulum.engine import ALL_POINTS, _nearest


def by_sorting(points, a):
    return sorted(sorted(points), key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)[1:7]


def test_the_walk_gives_the_sorted_order():
    rng = random.Random(5)
    for size in (7, 8, 20, 60, 150, 400):
        for _ in range(40):
            points = frozenset(rng.sample(ALL_POINTS, size))
            a = rng.choice(sorted(points))
            assert _nearest(points, *a) == by_sorting(points, a), (size, a)


def test_ties_go_by_x_then_y():
    points = frozenset({(5, 5), (4, 5), (6, 5), (5, 4), (5, 6), (0, 0), (45, 28), (9, 5)})
    assert _nearest(points, 5, 5) == [(4, 5), (5, 4), (5, 6), (6, 5), (9, 5), (0, 0)]
