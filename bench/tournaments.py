"""CPU time of tournament pairing (tournaments/formats, docs/rules.md §8): Arena pairing of
50, 200 and 1,000 waiting players, a Swiss round's pairing of 500 players, and a
round robin's whole schedule.

    python bench/tournaments.py [--runs 5] [--arena 50 200 1000] [--swiss 500] [--rounds 7]
                                [--round-robin 12 24 40]

Arena: waiting players with ratings 1500 ± 300, ranked at random, each with the opponent of
a previous random pairing as the one just played. One call pairs what lichess pairs at once
(above 100 waiting players the best ranked two groups of at most 100, each matched on its
own); "everyone" repeats the call on those left until at most one waits, as the worker's
next pairings would. Swiss: 500 players play ``--rounds`` rounds with random results
(the better rated wins 60 % of the time, 10 % draws); the figure is the CPU time of
pairing each round. Round robin: the whole schedule of power companies at tables of four
(one encounter: every two players share a table once), and of a two-player game for 100
players over two legs, with the rounds it took. Figures are ``time.process_time`` per call: median (min–max) over
``--runs`` fields drawn from different seeds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.formats import (  # noqa: E402
    Entrant,
    Result,
    arena_pairing,
    round_robin_schedule,
    swiss_pairing,
)


def timed(call):
    start = time.process_time()
    value = call()
    return time.process_time() - start, value


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} s ({min(values):.3f}–{max(values):.3f})"


def arena_field(n: int, seed: int):
    rng = random.Random(seed)
    players = [Entrant(f"p{i}", rng.gauss(1500, 300)) for i in range(n)]
    order = list(range(n))
    rng.shuffle(order)
    ranks = {f"p{i}": rank + 1 for rank, i in enumerate(order)}
    shuffled = [p.key for p in players]
    rng.shuffle(shuffled)
    last = {}
    for a, b in zip(shuffled[::2], shuffled[1::2], strict=False):
        last[a], last[b] = (b,), (a,)
    return players, ranks, last


def arena(n: int, runs: int) -> None:
    once, everyone, calls, tables = [], [], [], []
    for seed in range(runs):
        players, ranks, last = arena_field(n, seed)
        seconds, pairing = timed(lambda: arena_pairing(players, ranks, last))  # noqa: B023
        once.append(seconds)
        tables.append(len(pairing.tables))
        waiting, total, count = players, 0.0, 0
        while len(waiting) > 1:
            seconds, pairing = timed(lambda: arena_pairing(waiting, ranks, last))  # noqa: B023
            total += seconds
            count += 1
            seated = {k for t in pairing.tables for k in t.seats}
            waiting = [p for p in waiting if p.key not in seated]
        everyone.append(total)
        calls.append(count)
    print(
        f"arena  {n:5d} waiting   one call {spread(once)}, {min(tables)}-{max(tables)} tables"
        f"   everyone {spread(everyone)} in {min(calls)}-{max(calls)} calls"
    )


def swiss(n: int, rounds: int, runs: int) -> None:
    per_round: dict[int, list[float]] = {r: [] for r in range(1, rounds + 1)}
    for seed in range(runs):
        rng = random.Random(seed)
        entrants = [Entrant(f"p{i}", rng.gauss(1500, 300)) for i in range(n)]
        rating = {e.key: e.rating for e in entrants}
        results: list[Result] = []
        byes: dict[str, list[int]] = {}
        for number in range(1, rounds + 1):
            seconds, pairing = timed(
                lambda: swiss_pairing(entrants, results, number, byes)  # noqa: B023
            )
            per_round[number].append(seconds)
            for key in pairing.byes:
                byes.setdefault(key, []).append(number)
            for table in pairing.tables:
                a, b = table.seats
                roll = rng.random()
                better = a if rating[a] >= rating[b] else b
                if roll < 0.1:
                    places = (1, 1)
                elif (roll < 0.7) == (better == a):
                    places = (1, 2)
                else:
                    places = (2, 1)
                results.append(Result(number, table.seats, places))
    for number, values in per_round.items():
        print(f"swiss  {n:5d} players   round {number}: {spread(values)}")


def round_robin(n: int, table_size: int, legs: int, runs: int) -> None:
    keys = [f"p{i}" for i in range(n)]
    times, rounds = [], 0
    for _ in range(runs):
        seconds, schedule = timed(lambda: round_robin_schedule(keys, table_size, legs))
        times.append(seconds)
        rounds = len(schedule)
    print(
        f"round robin {n:4d} players, tables of {table_size}, {legs} leg(s): "
        f"{spread(times)}, {rounds} rounds"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--arena", type=int, nargs="*", default=[50, 200, 1000])
    parser.add_argument("--swiss", type=int, nargs="*", default=[500])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--round-robin", type=int, nargs="*", default=[12, 24, 40])
    args = parser.parse_args()
    print(f"# CPU seconds per call, median (min–max) over {args.runs} runs")
    for n in args.arena:
        arena(n, args.runs)
    for n in args.swiss:
        swiss(n, args.rounds, args.runs)
    for n in args.round_robin:
        round_robin(n, 4, 1, args.runs)
    if args.round_robin:
        round_robin(100, 2, 2, args.runs)


if __name__ == "__main__":
    main()
