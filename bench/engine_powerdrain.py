"""Powerdrain engine speed: random full games per second, drawn pile and draft.

    .venv/bin/python bench/engine_powerdrain.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.powerdrain.engine import ENGINE  # noqa: E402


def play(seed: int, draft: bool) -> int:
    rng = random.Random(seed)
    state, plies = ENGINE.setup(2, seed, {"draft": draft}), 0
    while ENGINE.to_move(state):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(list(ENGINE.legal_moves(state, seat))))
        plies += 1
    ENGINE.outcome(state)
    return plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for draft in (False, True):
        games = plies = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            plies += play(games, draft)
            games += 1
        elapsed = time.perf_counter() - start
        label = "draft" if draft else "drawn pile"
        print(f"{label:10s}: {games / elapsed:8.1f} games/s, {plies / elapsed:9.0f} plies/s")


if __name__ == "__main__":
    main()
