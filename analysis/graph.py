"""The analysis graph's geometry, drawn by the server as SVG (templates/jinja2/analysis/
_panel.html): each seat's chance at every position, the x axis in turns."""

from __future__ import annotations

# The plot's coordinates, stretched to the picture's box on the page (the y axis's words stand
# beside it, the x axis's are placed in per cent of its width): a phone's box is 45 px a
# position wide and scrolls (site.css), a desktop's the column's width.
WIDTH, HEIGHT = 600, 132
LEFT, RIGHT, TOP, BOTTOM = 8, 8, 8, 18


def turn_x(turns, ply: int) -> float:
    """Where position ``ply`` stands in turns: the end of turn k at k, a ply inside a turn
    of several moves in between."""
    if ply == 0:
        return 0.0
    for k, turn in enumerate(turns, 1):
        if turn["first"] <= ply <= turn["last"]:
            return k - 1 + (ply - turn["first"] + 1) / (turn["last"] - turn["first"] + 1)
    return float(len(turns))


def geometry(turns, positions: list[dict], seats: list[dict], current: int, marks: dict) -> dict:
    """Lines, click columns, marks and axis ticks for ``positions`` (0..n)."""
    count = max(len(turns), 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    xs = [LEFT + plot_w * turn_x(turns, p) / count for p in range(len(positions))]

    def y(chance: float) -> float:
        return round(TOP + plot_h * (1 - min(max(chance, 0.0), 1.0)), 1)

    lines = [
        {
            "colour": seat["colour"],
            "name": seat["name"],
            "points": " ".join(
                f"{round(x, 1)},{y(p['chances'][seat['index']])}"
                for x, p in zip(xs, positions, strict=True)
            ),
        }
        for seat in seats
    ]
    step = plot_w / max(len(positions) - 1, 1)
    columns = [
        {"ply": p, "x": round(x - step / 2, 1), "width": round(step, 2)} for p, x in enumerate(xs)
    ]
    dots = []
    for ply, verdict in marks.items():
        seat = positions[ply - 1]["seat"]
        if ply < len(xs):
            dots.append(
                {
                    "x": round(xs[ply], 1),
                    "y": y(positions[ply - 1]["played"]),
                    "name": verdict.name,
                    "seat": seat,
                }
            )
    every = max(1, round(count / 8 / 5) * 5) if count > 10 else 1
    # The last label ends at the plot's edge rather than straddling it: centred there, "16"
    # was cut off by the picture's border.
    ticks = [
        {
            "x_pc": round(100 * (LEFT + plot_w * t / count) / WIDTH, 2),
            "label": t,
            "anchor": "end" if t == count and t else "middle",
        }
        for t in range(0, count + 1, every)
    ]
    now = xs[min(current, len(xs) - 1)] if xs else LEFT
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "middle": y(0.5),
        "top_pc": round(100 * TOP / HEIGHT, 2),
        "middle_pc": round(100 * y(0.5) / HEIGHT, 2),
        "bottom_pc": round(100 * (HEIGHT - BOTTOM) / HEIGHT, 2),
        "lines": lines,
        "columns": columns,
        "dots": dots,
        "ticks": ticks,
        "now": round(now, 1),
    }
