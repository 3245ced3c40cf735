"""Powerdrain's Hard against the one-ply greedy of ``tooling/powerdrain_greedy.py``.

Seats alternate (Hard in seat game % 2 unless ``--seat``), deals are ``setup(2, seed)`` with
seed = ``--first`` + game, Hard plays on its real wall-clock cap. Prints W-D-L, Hard's win %
with a 95 % Wilson interval (a draw counts as not won) and Hard's median / p95 move time.

Run: nice -n 10 .venv/bin/python bench/powerdrain_yardstick.py [--count 100] [--first 0]
     [--seat 0|1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import percentile, wilson  # noqa: E402
from games.bots import choose_move, knowledge  # noqa: E402
from tooling.powerdrain_greedy import greedy_move  # noqa: E402


def game(seed: int, hard_seat: int, times: list[float]) -> float:
    """One game; Hard's result (1, ½, 0)."""
    engine = knowledge("powerdrain").engine
    state = engine.setup(2, seed)
    ply = 0
    while seats := engine.to_move(state):
        seat = seats[0]
        view = engine.view(state, seat)
        if seat == hard_seat:
            start = time.perf_counter()
            move = choose_move("powerdrain", view, seat, level="hard", seed=seed * 100 + ply)
            times.append(time.perf_counter() - start)
        else:
            move = greedy_move(view, seat, seed * 100 + ply)
        state = engine.apply(state, seat, move)
        ply += 1
    winners = engine.outcome(state)["winners"]
    return 1.0 if winners == [hard_seat] else 0.5 if not winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seat", type=int, choices=(0, 1))
    args = parser.parse_args()
    results, times = [], []
    for n in range(args.count):
        seat = n % 2 if args.seat is None else args.seat
        results.append(game(args.first + n, seat, times))
    wins, draws = results.count(1.0), results.count(0.5)
    low, high = wilson(wins, len(results))
    print(
        f"hard vs greedy: {wins}-{draws}-{len(results) - wins - draws}, "
        f"{100 * wins / len(results):.1f} % ({100 * low:.1f}-{100 * high:.1f}), "
        f"move median {percentile(times, 0.5):.2f} s, p95 {percentile(times, 0.95):.2f} s"
    )


if __name__ == "__main__":
    main()
