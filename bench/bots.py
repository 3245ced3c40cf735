"""Bot strength: round robins per game, win rates with 95 % Wilson intervals, move times.

Pairings: every level against a random player (``engine.random_move``: uniform for High
Voltage, Hive and Powerdrain; uniform over kinds of action first in the two games with huge
move spaces), and every level against the level below. The tested side takes each seat in
turn; with 3 or 4 players (power companies) it holds one seat and the other side all the
others. A shared win or a draw counts as a draw.

The games the tested side did not win are listed by number at the end (``play`` replays
one: its seeds come from the number, though a time cap can end a search elsewhere).

With ``--move-times N`` it plays no games: it times one Hard move without a clock (its
iterations alone, as a free core would run them) at N mid-game positions per game, halfway
through seeded random games, in CPU seconds, which travel between loaded machines.

Run: .venv/bin/python bench/bots.py [--games hive powerdrain] [--pairings hard-random]
     [--count 100] [--players 2 3 4] [--workers 2] [--scale 0.25] [--move-times 5]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from itertools import islice
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import LEVELS, SLUGS, choose_move, knowledge  # noqa: E402
from games.bots.levels import SECONDS  # noqa: E402

PAIRINGS = [f"{level}-random" for level in LEVELS] + [
    f"{high}-{low}" for low, high in zip(LEVELS, LEVELS[1:], strict=False)
]


def play(task) -> tuple:
    """One game: returns the task, the tested side's result (1, ½, 0) and move times per side."""
    slug, players, pairing, game, scale = task
    engine = knowledge(slug).engine
    tested, other = pairing.split("-")
    seat_of_tested = game % players
    rng = random.Random(game)
    state = engine.setup(players, game)
    times: dict[str, list[float]] = {tested: [], other: []}
    ply = 0
    while seats := engine.to_move(state):
        seat = seats[0]
        side = tested if seat == seat_of_tested else other
        if side == "random":
            move = engine.random_move(state, seat, rng)
        else:
            start = time.perf_counter()
            move = choose_move(
                slug,
                engine.view(state, seat),
                seat,
                level=side,
                seed=game * 100_000 + ply,
                clock=time.perf_counter,
                scale=scale,
            )
            times[side].append(time.perf_counter() - start)
        state = engine.apply(state, seat, move)
        ply += 1
    winners = engine.outcome(state)["winners"]
    if winners == [seat_of_tested]:
        result = 1.0
    elif seat_of_tested in winners or not winners:
        result = 0.5
    else:
        result = 0.0
    return task, result, times


def move_time(task) -> tuple:
    """One Hard move without a clock halfway through seeded random game ``game``: CPU seconds."""
    slug, game, scale = task
    engine = knowledge(slug).engine
    rng = random.Random(game)
    states = [engine.setup(2, game)]
    while seats := engine.to_move(states[-1]):
        states.append(
            engine.apply(states[-1], seats[0], engine.random_move(states[-1], seats[0], rng))
        )
    state, seat = next(  # a forced move takes no search: the first real choice from halfway
        (state, seats[0])
        for state in states[len(states) // 2 :]
        if (seats := engine.to_move(state))
        and len(list(islice(engine.legal_moves(state, seats[0]), 2))) > 1
    )
    start = time.process_time()
    choose_move(slug, engine.view(state, seat), seat, level="hard", seed=game, scale=scale)
    return slug, time.process_time() - start


def print_move_times(games: list[str], positions: int, workers: int, scale: float) -> None:
    tasks = [(slug, game, scale) for slug in games for game in range(positions)]
    seconds: dict[str, list[float]] = {slug: [] for slug in games}
    with Pool(workers) as pool:
        for slug, spent in pool.imap_unordered(move_time, tasks):
            seconds[slug].append(spent)
    print("# a Hard move without a clock, halfway through seeded random games: CPU seconds")
    print(f"{'game':<24}{'n':>4}  {'median':>7}{'min':>7}{'max':>7}")
    for slug, values in seconds.items():
        print(
            f"{slug:<24}{len(values):>4}  {percentile(values, 0.5):7.2f}"
            f"{min(values):7.2f}{max(values):7.2f}"
        )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SLUGS), choices=SLUGS)
    parser.add_argument("--pairings", nargs="+", default=PAIRINGS, choices=PAIRINGS)
    parser.add_argument("--count", type=int, default=100, help="games per pairing")
    parser.add_argument(
        "--players", nargs="+", type=int, default=[2], help="player counts (companies: 2 3 4)"
    )
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every budget")
    parser.add_argument("--move-times", type=int, metavar="N", help="positions per game")
    args = parser.parse_args()
    caps = ", ".join(f"{level} {SECONDS[level] * args.scale:g} s" for level in LEVELS)
    games = "" if args.move_times else f", {args.count} games per pairing"
    print(f"# bots: scale {args.scale:g} (time caps {caps}){games}")
    for slug in args.games:
        iterations = knowledge(slug).iterations
        budget = ", ".join(
            f"{level} {max(1, round(n * args.scale))}"
            for level, n in zip(LEVELS, iterations, strict=True)
        )
        print(f"# {slug}: iterations {budget}")
    if args.move_times:
        print_move_times(args.games, args.move_times, args.workers, args.scale)
        return
    tasks = [
        (slug, players, pairing, game, args.scale)
        for slug in args.games
        for players in (args.players if slug == "high-voltage-companies" else [2])
        for pairing in args.pairings
        for game in range(args.count)
    ]
    results: dict[tuple, list] = {}
    with Pool(args.workers) as pool:
        for task, result, times in pool.imap_unordered(play, tasks):
            entry = results.setdefault(task[:3], [[], {}, []])
            entry[0].append(result)
            if result < 1.0:
                entry[2].append(task[3])
            for side, values in times.items():
                entry[1].setdefault(side, []).extend(values)
    print(
        f"{'game':<24}{'pl':>3}  {'pairing':<14}{'n':>4}  {'W-D-L':<11}{'win %':>6}"
        f"  {'95 % CI':<13}{'ms p50/p95 tested':>19}{'ms p50/p95 other':>18}"
    )
    for (slug, players, pairing), (outcomes, times, _) in results.items():
        wins, draws = outcomes.count(1.0), outcomes.count(0.5)
        n = len(outcomes)
        low, high = wilson(wins, n)
        tested, other = pairing.split("-")
        cells = []
        for side in (tested, other):
            t = times.get(side, [])
            cells.append(
                f"{percentile(t, 0.5) * 1e3:.0f}/{percentile(t, 0.95) * 1e3:.0f}" if t else "-"
            )
        print(
            f"{slug:<24}{players:>3}  {pairing:<14}{n:>4}  {f'{wins}-{draws}-{n - wins - draws}':<11}"
            f"{100 * wins / n:>6.1f}  {f'{100 * low:.1f}–{100 * high:.1f}':<13}"
            f"{cells[0]:>19}{cells[1]:>18}"
        )
    for (slug, players, pairing), (_, _, missed) in results.items():
        if missed:  # the tested side plays seat game % players, with seeds from the game number
            print(f"# {slug} {players}p {pairing}: not won: games {sorted(missed)}")


if __name__ == "__main__":
    main()
