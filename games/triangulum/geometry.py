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


def triangles_meet(t: Triangle, u: Triangle) -> bool:
    """Whether two closed triangles of positive area share any point: touching, crossing or
    one inside the other.

    Two closed convex polygons are apart iff the normal of one of their edges strictly
    separates them (the separating-axis theorem), so they meet when none of the six does.
    Per edge: the normal (nx, ny), and on it the edge ``k``, the triangle's third corner
    ``o`` and the other triangle's corners ``d1..d3``. The bots ask this thousands of times
    a move: the six edges are written out.
    """
    (ax, ay), (bx, by), (cx, cy) = t
    (px, py), (qx, qy), (rx, ry) = u
    nx, ny = by - ay, ax - bx
    k, o = nx * ax + ny * ay, nx * cx + ny * cy
    d1, d2, d3 = nx * px + ny * py, nx * qx + ny * qy, nx * rx + ny * ry
    lo, hi = (k, o) if k < o else (o, k)
    if (d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi):
        return False
    nx, ny = cy - by, bx - cx
    k, o = nx * bx + ny * by, nx * ax + ny * ay
    d1, d2, d3 = nx * px + ny * py, nx * qx + ny * qy, nx * rx + ny * ry
    lo, hi = (k, o) if k < o else (o, k)
    if (d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi):
        return False
    nx, ny = ay - cy, cx - ax
    k, o = nx * cx + ny * cy, nx * bx + ny * by
    d1, d2, d3 = nx * px + ny * py, nx * qx + ny * qy, nx * rx + ny * ry
    lo, hi = (k, o) if k < o else (o, k)
    if (d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi):
        return False
    nx, ny = qy - py, px - qx
    k, o = nx * px + ny * py, nx * rx + ny * ry
    d1, d2, d3 = nx * ax + ny * ay, nx * bx + ny * by, nx * cx + ny * cy
    lo, hi = (k, o) if k < o else (o, k)
    if (d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi):
        return False
    nx, ny = ry - qy, qx - rx
    k, o = nx * qx + ny * qy, nx * px + ny * py
    d1, d2, d3 = nx * ax + ny * ay, nx * bx + ny * by, nx * cx + ny * cy
    lo, hi = (k, o) if k < o else (o, k)
    if (d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi):
        return False
    nx, ny = py - ry, rx - px
    k, o = nx * rx + ny * ry, nx * qx + ny * qy
    d1, d2, d3 = nx * ax + ny * ay, nx * bx + ny * by, nx * cx + ny * cy
    lo, hi = (k, o) if k < o else (o, k)
    return not ((d1 < lo and d2 < lo and d3 < lo) or (d1 > hi and d2 > hi and d3 > hi))


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
