"""Hive's Hard against the alpha-beta player of ``tooling/hive_alphabeta.py`` (#56).

Seats alternate (Hard in seat game % 2 unless ``--seat``), boards are ``setup(2, seed)``
with seed = ``--first`` + game. Both sides think on CPU time (``time.process_time``), so a
loaded machine weakens neither: Hard stops at its level's 2 s cap on that clock (or its
iterations), the yardstick after ``--seconds`` or ``--depth``. Prints W-D-L, Hard's win %
with a 95 % Wilson interval (a draw counts as not won) and its score (a draw counts half)
with one, Hard's median / p95 move time and the yardstick's median depth finished and move
time, all in CPU seconds, after every game (a run cut short still counts what it played).

Run: nice -n 10 .venv/bin/python bench/hive_yardstick.py [--count 24] [--first 0]
     [--seat 0|1] [--seconds 1.5] [--depth N] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import percentile, wilson  # noqa: E402
from games.bots import choose_move  # noqa: E402
from games.hive.engine import ENGINE  # noqa: E402
from tooling.hive_alphabeta import alphabeta_move  # noqa: E402


def game(task: tuple) -> tuple:
    """One game: Hard's result (1, ½, 0), Hard's move times, the yardstick's times and depths."""
    seed, hard_seat, seconds, depth = task
    state = ENGINE.setup(2, seed)
    hard_times, times, depths = [], [], []
    ply = 0
    while seats := ENGINE.to_move(state):
        seat = seats[0]
        start = time.process_time()
        if seat == hard_seat:
            view = ENGINE.view(state, seat)
            move = choose_move(
                "hive", view, seat, level="hard", seed=seed * 100 + ply, clock=time.process_time
            )
            hard_times.append(time.process_time() - start)
        else:
            choice = alphabeta_move(state, seat, depth=depth, seconds=seconds)
            move = choice.move
            times.append(time.process_time() - start)
            depths.append(choice.depth)
        state = ENGINE.apply(state, seat, move)
        ply += 1
    winners = ENGINE.outcome(state)["winners"]
    result = 1.0 if winners == [hard_seat] else 0.5 if not winners else 0.0
    return result, hard_times, times, depths


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seat", type=int, choices=(0, 1))
    parser.add_argument("--seconds", type=float, default=1.5, help="yardstick's CPU s a move")
    parser.add_argument("--depth", type=int, help="yardstick's deepest iteration")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    tasks = [
        (args.first + n, n % 2 if args.seat is None else args.seat, args.seconds, args.depth)
        for n in range(args.count)
    ]
    played = []
    with Pool(args.workers) as pool:
        for task, one in zip(tasks, pool.imap(game, tasks, chunksize=1), strict=True):
            played.append(one)
            print(
                f"game {task[0]} (hard in seat {task[1]}): {one[0]:g}; " + summary(played),
                flush=True,
            )
    print(
        "games not won: "
        + " ".join(str(t[0]) for t, p in zip(tasks, played, strict=True) if p[0] < 1)
    )


def summary(played: list[tuple]) -> str:
    """The figures over the games played so far (printed after each, so a cut run counts)."""
    results = [r for r, *_ in played]
    hard = [t for _, times, _, _ in played for t in times]
    times = [t for *_, times, _ in played for t in times]
    depths = [d for *_, depths in played for d in depths]
    wins, draws, n = results.count(1.0), results.count(0.5), len(results)
    low, high = wilson(wins, n)
    points = wins + draws / 2
    score_low, score_high = wilson(points, n)
    return (
        f"hard vs alpha-beta {wins}-{draws}-{n - wins - draws}, "
        f"won {100 * wins / n:.1f} % ({100 * low:.1f}-{100 * high:.1f}), "
        f"score {points:g} of {n} {100 * points / n:.1f} % ({100 * score_low:.1f}-{100 * score_high:.1f}), "
        f"hard's move median {percentile(hard, 0.5):.2f} s, p95 {percentile(hard, 0.95):.2f} s; "
        f"alpha-beta depth median {percentile(depths, 0.5):.0f}, "
        f"move median {percentile(times, 0.5):.2f} s (CPU seconds)"
    )


if __name__ == "__main__":
    main()
