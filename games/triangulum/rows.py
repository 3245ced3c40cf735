"""Whether points lie in a triangle, tested a board row at a time: the bots' triangle check.

Most triangles the bots weigh are refused because an opponent's point or a scored corner
lies in them, and the engine's check finds it by testing the points one by one. Here the
points are one int of bits per board row, and each row the triangle crosses is tested at
once between exact integer bounds.
"""

from __future__ import annotations

from games.triangulum.geometry import HEIGHT, Triangle


def rows(*sets) -> list[int]:
    """Bit x of ``rows[y]`` is set when (x, y) is in one of ``sets``."""
    bits = [0] * HEIGHT
    for points in sets:
        for x, y in points:
            bits[y] |= 1 << x
    return bits


def covers(bits: list[int], tri: Triangle, *, widest: bool = False) -> bool:
    """Whether a point of ``bits`` lies in the closed triangle ``tri`` (not collinear): the
    engine's ``in_triangle`` for every point at once. With ``widest``, only the rows where
    the triangle is widest are tested (its middle corner's, and halfway from there to the
    top and the bottom corner): a quick first look that may miss a point."""
    (tx, ty), (mx, my), (bx, by) = tri
    if my < ty:
        tx, ty, mx, my = mx, my, tx, ty
    if by < my:
        mx, my, bx, by = bx, by, mx, my
        if my < ty:
            tx, ty, mx, my = mx, my, tx, ty
    # ty <= my <= by: the long edge t-b crosses every row, the short ones meet at m
    tall, wide = by - ty, bx - tx
    if not tall:
        return False
    tested = (my, (ty + my) // 2, (my + by + 1) // 2) if widest else range(ty, by + 1)
    for y in tested:
        row = bits[y]
        if not row:
            continue
        num = (y - ty) * wide  # the long edge at row y: tx + num / tall
        if y == my:
            near, den, far = mx, 1, 0
        elif y < my:
            near, den, far = tx, my - ty, (y - ty) * (mx - tx)
        else:
            near, den, far = mx, by - my, (y - my) * (bx - mx)
        # the short edge at row y: near + far / den; the row's span lies between the two
        if (tx - near) * tall * den + num * den <= far * tall:
            lo, hi = tx - (-num // tall), near + far // den
        else:
            lo, hi = near - (-far // den), tx + num // tall
        if hi >= lo and row >> lo & ((2 << (hi - lo)) - 1):
            return True
    return False
