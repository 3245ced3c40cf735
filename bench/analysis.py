"""Computer analysis: CPU time per match and per position for a typical match of every game.

A typical match here is one between two Medium computers (power companies also with 3 and
4), seeded, played to its end. Each of its positions is then estimated as the worker does it
(``analysis.estimate``: the Hard search from the mover's view, Hard's iterations times
``--budget``, the played move given a tenth more where it had fewer), one after the other on
one process as a worker runs them, and timed in CPU seconds (``time.process_time``), which
travel between loaded machines better than wall-clock time.

Run: .venv/bin/python bench/analysis.py [--games hive powerdrain] [--matches 2] [--budget 1]
     [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.estimate import estimate  # noqa: E402
from games.bots import SLUGS, choose_move, knowledge  # noqa: E402

# Shortest first, so a run cut short still has figures.
SETUPS = [
    ("powerdrain", 2),
    ("hive", 2),
    ("triangulum", 2),
    ("high-voltage-companies", 2),
    ("high-voltage-companies", 3),
    ("high-voltage-companies", 4),
    ("high-voltage", 2),
]


def typical(slug: str, players: int, seed: int) -> list[tuple]:
    """The positions of a Medium-against-Medium match: (state, seat, move played)."""
    engine = knowledge(slug).engine
    state, plies = engine.setup(players, seed), []
    while seats := engine.to_move(state):
        move = choose_move(
            slug,
            engine.view(state, seats[0]),
            seats[0],
            level="medium",
            seed=seed * 1000 + len(plies),
        )
        plies.append((state, seats[0], move))
        state = engine.apply(state, seats[0], move)
    return plies


def analyse(task) -> tuple:
    slug, players, seed, budget = task
    know = knowledge(slug)
    iterations = max(1, round(know.iterations[2] * budget))
    plies = typical(slug, players, seed)
    seconds = []
    for index, (state, seat, move) in enumerate(plies):
        start = time.process_time()
        estimate(slug, know.engine.view(state, seat), seat, move, seed=index, iterations=iterations)
        seconds.append(time.process_time() - start)
    return task, iterations, seconds


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SLUGS), choices=SLUGS)
    parser.add_argument("--matches", type=int, default=1, help="seeded matches per setup")
    parser.add_argument("--budget", type=float, default=1.0, help="times Hard's iterations")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    tasks = [
        (slug, players, seed, args.budget)
        for slug, players in SETUPS
        if slug in args.games
        for seed in range(args.matches)
    ]
    print(f"# analysis at {args.budget:g} × Hard's iterations; CPU seconds on one process")
    print(
        f"{'game':<24}{'pl':>3}{'seed':>5}{'iter':>6}{'plies':>6}  {'match s':>8}"
        f"  {'ply s p50':>9}{'p95':>6}{'max':>6}"
    )
    with Pool(args.workers) as pool:
        for (slug, players, seed, _), iterations, seconds in pool.imap_unordered(analyse, tasks):
            print(
                f"{slug:<24}{players:>3}{seed:>5}{iterations:>6}{len(seconds):>6}"
                f"  {sum(seconds):>8.1f}  {percentile(seconds, 0.5):>9.2f}"
                f"{percentile(seconds, 0.95):>6.2f}{max(seconds):>6.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
