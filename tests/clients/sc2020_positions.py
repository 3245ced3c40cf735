"""Hive positions written in the Software Challenge 2020's own coordinates (x, y), z being
-x-y, read off the figures of the season's rules page (the documentation of the Hive
season, "Spielregeln Hive": the figures that label every field with its coordinates), with
the fields each figure marks yellow for the piece that moves. Pieces are
(x, y, colour, type); ``blocked`` are the brambles a figure shows, completed to the three
of every board with fields far from the pieces where a figure shows fewer.
"""

from __future__ import annotations

FIGURES = {
    # "the bee on (-1,1): right and up-left taken, so not up-right to (0,1)"
    "gate": {
        "pieces": [
            (-1, 1, "RED", "BEE"), (0, 0, "BLUE", "SPIDER"), (1, -1, "BLUE", "ANT"),
            (-1, 2, "RED", "GRASSHOPPER"), (1, 0, "BLUE", "ANT"), (0, 2, "RED", "BEETLE"),
            (1, 1, "BLUE", "BEETLE"), (-1, 0, "RED", "BEETLE"), (0, -1, "BLUE", "GRASSHOPPER"),
            (1, -2, "BLUE", "BEE"), (-1, -1, "RED", "ANT"),
        ],
        "blocked": [(3, 0), (3, -3), (-3, 0)],
        "moving": (-1, 1),
        "yellow": [(-2, 2), (-2, 1)],
    },
    "bee": {
        "pieces": [
            (-1, 1, "RED", "BEE"), (0, 1, "BLUE", "BEETLE"), (1, 0, "BLUE", "GRASSHOPPER"),
            (1, -1, "BLUE", "SPIDER"), (2, -2, "BLUE", "BEE"), (-2, 1, "RED", "GRASSHOPPER"),
            (0, -1, "RED", "BEETLE"), (-2, 0, "RED", "SPIDER"), (-1, -1, "RED", "ANT"),
        ],
        "blocked": [(-1, 3), (1, -2), (-5, 5)],
        "moving": (-1, 1),
        "yellow": [(-1, 2), (-2, 2), (0, 0), (-1, 0)],
    },
    # The beetle climbs onto the spider and the bee too (marked on their own fields).
    "beetle": {
        "pieces": [
            (-3, 2, "RED", "BEETLE"), (-2, 2, "RED", "SPIDER"), (-2, 1, "RED", "BEE"),
            (0, 0, "BLUE", "ANT"), (-1, 0, "BLUE", "SPIDER"), (0, -1, "BLUE", "BEETLE"),
        ],
        "blocked": [(-2, -1), (5, -5), (5, 0)],
        "moving": (-3, 2),
        "yellow": [(-3, 3), (-3, 1), (-2, 2), (-2, 1)],
    },
    # The figure hides the blue piece on (1,1) under its arrow; any piece jumps the same.
    "grasshopper": {
        "pieces": [
            (-2, 1, "RED", "GRASSHOPPER"), (-1, 1, "RED", "BEE"), (0, 1, "BLUE", "SPIDER"),
            (1, 1, "BLUE", "BEETLE"), (2, 0, "BLUE", "BEE"), (-1, 2, "RED", "BEETLE"),
            (0, 0, "BLUE", "BEETLE"), (0, -1, "BLUE", "SPIDER"), (-3, 1, "RED", "SPIDER"),
            (-2, 0, "RED", "ANT"), (-1, -1, "BLUE", "ANT"), (-2, -1, "RED", "SPIDER"),
        ],
        "blocked": [(1, 2), (-2, 4), (5, -5)],
        "moving": (-2, 1),
        "yellow": [(2, 1), (-4, 1), (-2, -2)],
    },
    "spider": {
        "pieces": [
            (0, 0, "BLUE", "SPIDER"), (-3, 2, "RED", "BEE"), (-2, 1, "RED", "BEETLE"),
            (0, -1, "RED", "ANT"), (-4, 2, "BLUE", "ANT"), (-3, 1, "BLUE", "GRASSHOPPER"),
            (0, -2, "RED", "GRASSHOPPER"), (-4, 1, "BLUE", "BEE"), (-1, -2, "BLUE", "ANT"),
            (-4, 0, "BLUE", "ANT"), (-3, -1, "BLUE", "GRASSHOPPER"), (-2, -2, "BLUE", "BEETLE"),
            (-1, -3, "RED", "ANT"),
        ],
        "blocked": [(2, -1), (-4, 3), (5, -5)],
        "moving": (0, 0),
        "yellow": [(-2, 2), (1, -3), (-3, 0), (-2, -1)],
    },
    # "the blue ant may not go from (2,-1) to (2,-2)" directly, past the bramble, but
    # reaches (2,-2) the other way round the swarm; it never enters the enclosed (-1,1) and
    # (-1,0), nor (-1,-1) between the red beetle and the blue ant.
    "ant": {
        "pieces": [
            (1, 1, "BLUE", "ANT"), (-1, 2, "RED", "SPIDER"), (0, 1, "BLUE", "BEE"),
            (1, 0, "BLUE", "GRASSHOPPER"), (-3, 3, "RED", "ANT"), (-2, 2, "RED", "GRASSHOPPER"),
            (0, 0, "BLUE", "GRASSHOPPER"), (-3, 2, "RED", "SPIDER"), (-2, 1, "RED", "BEETLE"),
            (0, -1, "BLUE", "BEETLE"), (1, -2, "BLUE", "BEETLE"), (-3, 1, "RED", "BEE"),
            (0, -2, "BLUE", "ANT"), (-3, 0, "RED", "GRASSHOPPER"), (-2, -1, "RED", "BEETLE"),
        ],
        "blocked": [(1, -1), (-2, 0), (5, -5)],
        "moving": (1, 1),
        "yellow": [
            (-1, 3), (0, 2), (2, 0), (-3, 4), (-2, 3), (2, -1), (-4, 4), (2, -2), (-4, 3),
            (2, -3), (-4, 2), (1, -3), (-4, 1), (-1, -2), (0, -3), (-4, 0),
            (-3, -1), (-2, -2),
        ],
    },
}  # fmt: skip
