"""High Voltage engine speed: random full games per second, posts per second, move listings.

Run: .venv/bin/python bench/engine_high_voltage.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playout import play_for  # noqa: E402
from games.high_voltage.engine import ENGINE  # noqa: E402


def list_moves(seconds: float) -> tuple[int, float]:
    """Full legal_moves listings per second at a mid-game position (~100 posts)."""
    rng = random.Random(1)
    state = ENGINE.apply(ENGINE.setup(2, 1), 0, {"type": "keep"})
    for _ in range(100):
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
    seat = ENGINE.to_move(state)[0]
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        list(ENGINE.legal_moves(state, seat))
        calls += 1
    return calls, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    games, posts, elapsed, reasons = play_for(
        ENGINE, args.seconds, ENGINE.random_move, counts=lambda move: move["type"] == "post"
    )
    print(f"random full games: {games / elapsed:8.1f} games/s ({games} games, endings {reasons})")
    print(f"posts (apply):     {posts / elapsed:8.0f} posts/s, {posts / games:.1f} per game")
    calls, elapsed = list_moves(args.seconds / 3)
    print(f"legal_moves lists: {calls / elapsed:8.0f} lists/s at 100 posts")


if __name__ == "__main__":
    main()
