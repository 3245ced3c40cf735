"""The rating history chart of a profile as geometry for an SVG drawn on the server: one
line per game, a point per rated match, placed by the time it ended, whose label (date and
rating) shows on hover and on tap (a tap focuses the point). Pure: no Django."""

from __future__ import annotations

from datetime import datetime

from ratings.scale import Shown

WIDTH, HEIGHT = 360, 200  # the viewBox: fills a 390 px phone, wider screens scale it up
LEFT, RIGHT, TOP, BOTTOM = 38, 10, 12, 22
COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2")


def chart(series: dict[str, list[tuple[datetime, Shown]]], names: dict[str, str]) -> dict | None:
    """``series``: per game slug, ``(end, rating)`` of each rated match in order; None when
    there is nothing."""
    points = [(at, s.rating) for line in series.values() for at, s in line]
    if not points:
        return None
    first = min(at for at, _ in points).timestamp()
    last = max(at for at, _ in points).timestamp()
    low = min(r for _, r in points) - 25
    high = max(r for _, r in points) + 25
    step = 50 if high - low <= 400 else 100 if high - low <= 1000 else 250
    low, high = low // step * step, -(-high // step) * step
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(at: datetime) -> float:
        if last == first:
            return LEFT + inner_w / 2
        return round(LEFT + (at.timestamp() - first) / (last - first) * inner_w, 1)

    def y(rating: int) -> float:
        return round(TOP + (high - rating) / (high - low) * inner_h, 1)

    lines = []
    for n, (slug, line) in enumerate(series.items()):
        dots = []
        for at, shown in line:
            px, py = x(at), y(shown.rating)
            day = at.date()
            label = f"{names[slug]}: {shown} on {day.isoformat()}"
            dots.append(
                {
                    "x": px,
                    "y": py,
                    "label": label,
                    # The label's parts, for a page in another language.
                    "game": names[slug],
                    "rating": shown,
                    "day": day.isoformat(),
                    # The label sits above the point (below near the top), kept inside.
                    "lx": min(max(px, LEFT + 70), WIDTH - 70),
                    "ly": py - 8 if py > TOP + 14 else py + 16,
                }
            )
        lines.append(
            {
                "slug": slug,
                "name": names[slug],
                "colour": COLOURS[n % len(COLOURS)],
                "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
                "dots": dots,
                "now": line[-1][1],
            }
        )
    ticks = [{"y": y(v), "label": v} for v in range(low, high + 1, step)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "lines": lines,
        "ticks": ticks,
        "first": min(at for at, _ in points).date(),
        "last": max(at for at, _ in points).date(),
    }
