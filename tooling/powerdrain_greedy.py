"""A one-ply greedy Powerdrain player written from docs/rules.md §6, as a yardstick for Hard.

It reads only its seat's view and plays the move that leaves the best standing after it, as
the rules rank a finished game: active-plug difference first, then the difference of summed
final voltages; ties are broken at random by the seed. ``rank="volts"`` ranks by the
final-voltage difference alone, another reading of "the best score difference" (#56). It
shares no code with our bots; it sits in tooling because the bench and a test both use it.
"""

from __future__ import annotations

import random

RANKS = ("active", "volts")  # active plugs then volts, as the rules rank; volts alone


def _base(plug: str, row: int, col: int) -> int:
    """Base voltage by the rules: |first digit − row potential| + |second − column|."""
    return abs(int(plug[0]) - row) + abs(int(plug[1]) - col)


def _standing(cells: dict, seat: int) -> tuple[int, int]:
    """(active-plug difference, final-voltage difference) for ``seat`` over ``cells``."""
    active, volts = [0, 0], [0, 0]
    for (r, c), (owner, base) in cells.items():
        drain = sum(
            cells[n][1]
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if n in cells and cells[n][0] != owner
        )
        final = max(0, base - drain)
        active[owner] += final > 0
        volts[owner] += final
    return active[seat] - active[1 - seat], volts[seat] - volts[1 - seat]


def greedy_move(view: dict, seat: int, seed: int, rank: str = "active") -> dict:
    """The move that leaves ``seat`` the best standing by ``rank`` (one of ``RANKS``), a random
    one among equals."""
    if rank not in RANKS:
        raise ValueError(f"Unknown rank {rank!r}; expected one of {RANKS}.")
    drop = RANKS.index(rank)  # "volts" drops the active-plug difference from the key
    rows, cols = view["rows"], view["cols"]
    cells = {
        (r, c): (cell["seat"], cell["base"])
        for r, line in enumerate(view["cells"])
        for c, cell in enumerate(line)
        if cell
    }
    plugs = sorted(set(view["remaining"])) if view["draft"] else [view["current"]]
    best, moves = None, []
    for plug in plugs:
        for r in range(len(rows)):
            for c in range(len(cols)):
                if (r, c) in cells:
                    continue
                after = {**cells, (r, c): (seat, _base(plug, rows[r], cols[c]))}
                key = _standing(after, seat)[drop:]
                move = {"type": "place", "at": [r, c]}
                if view["draft"]:
                    move["plug"] = plug
                if best is None or key > best:
                    best, moves = key, [move]
                elif key == best:
                    moves.append(move)
    return random.Random(seed).choice(moves)
