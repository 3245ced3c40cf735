"""Pure plane maths for Triangulum: closed triangles, touching tests and the helper-point area.

Points are ``(x, y)`` int tuples. Every test here is *closed*: a point on an
edge counts as inside, and two triangles that share a single point (a vertex, a
point of an edge) meet. All arithmetic is on ints, so nothing is approximate.

Area: the helper points sit at the centres of the unit squares, ``(i + ½, j + ½)``.
Doubling every coordinate turns them into the odd lattice points ``(2i+1, 2j+1)``
while the vertices become even points, so a helper row (odd ``Y``) never passes
through a vertex: it crosses exactly two edges strictly, and the count of odd
``X`` between the two crossings (both ends included, as fractions) is exact.
"""

from __future__ import annotations

WIDTH, HEIGHT = 46, 29  # points x = 0..45, y = 0..28
MAX_X, MAX_Y = WIDTH - 1, HEIGHT - 1

Point = tuple[int, int]
Triangle = tuple[Point, Point, Point]


def cross(a: Point, b: Point, c: Point) -> int:
    """Twice the signed area of abc: > 0 if c is left of a→b, 0 if collinear."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def collinear(a: Point, b: Point, c: Point) -> bool:
    return cross(a, b, c) == 0


def in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Whether p lies inside the closed triangle abc (its edges included)."""
    d1, d2, d3 = cross(a, b, p), cross(b, c, p), cross(c, a, p)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    """For p collinear with ab: whether p lies between a and b (ends included)."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the closed segments ab and cd share at least one point."""
    d1, d2 = cross(a, b, c), cross(a, b, d)
    d3, d4 = cross(c, d, a), cross(c, d, b)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and (
        (d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)
    ):
        return True
    return (
        (d1 == 0 and _on_segment(c, a, b))
        or (d2 == 0 and _on_segment(d, a, b))
        or (d3 == 0 and _on_segment(a, c, d))
        or (d4 == 0 and _on_segment(b, c, d))
    )


def triangles_meet(t: Triangle, u: Triangle) -> bool:
    """Whether two closed triangles share any point: touching, crossing or one inside the other.

    Two closed convex regions meet iff an edge of one meets an edge of the other
    or one lies wholly inside the other (then its first vertex is inside).
    """
    if (
        max(p[0] for p in t) < min(p[0] for p in u)
        or max(p[0] for p in u) < min(p[0] for p in t)
        or max(p[1] for p in t) < min(p[1] for p in u)
        or max(p[1] for p in u) < min(p[1] for p in t)
    ):
        return False
    for i in range(3):
        a, b = t[i], t[(i + 1) % 3]
        for j in range(3):
            if segments_meet(a, b, u[j], u[(j + 1) % 3]):
                return True
    return in_triangle(t[0], *u) or in_triangle(u[0], *t)


def helper_area(a: Point, b: Point, c: Point) -> int:
    """Number of helper points (unit-square centres) inside triangle abc or on its edges."""
    (ax, ay), (bx, by), (cx, cy) = (2 * a[0], 2 * a[1]), (2 * b[0], 2 * b[1]), (2 * c[0], 2 * c[1])
    edges = (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay)))
    low, high = min(ay, by, cy), max(ay, by, cy)
    count = 0
    for row in range(low + 1, high, 2):  # odd rows strictly between the lowest and highest vertex
        crossings = []
        for (px, py), (qx, qy) in edges:
            if (py < row < qy) or (qy < row < py):
                # x = px + (row - py) * (qx - px) / (qy - py), kept as a fraction num/den, den > 0
                num = px * (qy - py) + (row - py) * (qx - px)
                den = qy - py
                if den < 0:
                    num, den = -num, -den
                crossings.append((num, den))
        (n1, d1), (n2, d2) = crossings
        if n1 * d2 > n2 * d1:
            (n1, d1), (n2, d2) = (n2, d2), (n1, d1)
        # odd X = 2i + 1 with n1/d1 <= X <= n2/d2  <=>  ceil((n1/d1 - 1) / 2) <= i <= floor(...)
        first = -((d1 - n1) // (2 * d1))
        last = (n2 - d2) // (2 * d2)
        if last >= first:
            count += last - first + 1
    return count


def bounding_box(t: Triangle) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of a triangle."""
    xs, ys = (t[0][0], t[1][0], t[2][0]), (t[0][1], t[1][1], t[2][1])
    return min(xs), min(ys), max(xs), max(ys)
