"""Computer analysis: seconds a match with n workers, CPU-s a position, and how often the
marks agree with an analysis at four times the budget, per game.

Each match is one between a Medium computer (seat 0) and Easy ones (the others), seeded and
played to its end, so it has slips to mark. Its positions are estimated as the lane's workers
do it (``analysis.runner.estimates`` at ``services.budget``'s iterations, times ``--scale``):
in slices of ``ANALYSIS_SLICE_POSITIONS``, each taken by the next free one of ``--workers``
processes, a search starting from the previous position's tree where the game allows it.
The seconds a match are the real wall time until every slice is done, the CPU-s a position
``time.process_time`` in the workers (which travels between loaded machines better: the
comment line derives a 200-ply match's seconds from it), both over ``--runs`` runs. Evenly
spaced positions of each match are then estimated again at four times the budget, each
search from scratch: the marks (?!, ?, ??, or none) agree where both give the same one, and
each seat's accuracy over those positions is compared.

Run: .venv/bin/python bench/analysis.py [--quick] [--games hive powerdrain] [--workers 2]
     [--runs 3] [--scale 0.5] [--samples 10]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from analysis import runner, services  # noqa: E402
from analysis.judgments import accuracy, drop_of, judge  # noqa: E402
from games.bots import SLUGS, choose_move, knowledge  # noqa: E402
from games.store.matchlog import Ply  # noqa: E402

#: How many plies the goal's match has (issue 49: at most 60 s a match of 200).
GOAL_PLIES = 200

#: Seats of each game's matches (power companies: one match of each size).
SEATS = {"high-voltage-companies": (3, 2, 4)}


def seats(slug: str, count: int) -> tuple[int, ...]:
    """The seats of ``count`` matches of ``slug`` (power companies: every size in a full run)."""
    sizes = SEATS.get(slug, (2,))
    return sizes[:1] * count if count == 1 else (sizes * count)[: max(count, len(sizes))]


def played(task) -> tuple:
    """A Medium-against-Easy match: (slug, seats, seed, [(state as JSON, seat, move)])."""
    slug, players, seed = task
    engine = knowledge(slug).engine
    state, plies = engine.setup(players, seed), []
    while seats := engine.to_move(state):
        level = "medium" if seats[0] == 0 else "easy"
        view = engine.view(state, seats[0])
        move = choose_move(slug, view, seats[0], level=level, seed=seed * 1000 + len(plies))
        plies.append((engine.to_json(state), seats[0], move))
        state = engine.apply(state, seats[0], move)
    return slug, players, seed, plies


def iterations(slug: str, times: float) -> int:
    return max(1, round(services.budget(slug) * times))


def log_of(slug: str, plies: list) -> SimpleNamespace:
    """The part of a match log ``runner.estimates`` reads, from (state as JSON, seat, move)."""
    engine = knowledge(slug).engine
    return SimpleNamespace(
        ply=len(plies),  # the end position is the result: not estimated, not benched
        plies=[Ply(seat, move, "", None, None) for _, seat, move in plies],
        state_at=lambda i: engine.from_json(plies[i][0]),
    )


def run_slice(task) -> tuple[int, list[dict], float]:
    """A worker's slice as the lane does it: (start, its positions, their CPU seconds)."""
    slug, players, seed, plies, start, end, times = task
    match = SimpleNamespace(game=slug, seed=seed, players=players)
    began = time.process_time()
    first = runner.run_start(slug, start)
    found = runner.estimates(match, log_of(slug, plies), first, end, iterations(slug, times), None)
    positions = [position for index, position in found if index >= start]
    return start, positions, time.process_time() - began


def fresh(task) -> tuple[dict, float]:
    """One position searched from scratch at ``times`` the budget, and its CPU seconds."""
    slug, players, seed, (state, seat, move), index, times = task
    match = SimpleNamespace(game=slug, seed=seed, players=players)
    began = time.process_time()
    state = knowledge(slug).engine.from_json(state)
    ply = Ply(seat, move, "", None, None)
    entry = runner.position_entry(match, state, ply, index, iterations(slug, times), None)
    return entry, time.process_time() - began


def mark(position: dict) -> str:
    judgment = judge(drop_of(position))
    return judgment.symbol if judgment else ""


def span(values: list[float], digits: int) -> str:
    low, high = min(values), max(values)
    return f"{low:.{digits}f}" if low == high else f"{low:.{digits}f}-{high:.{digits}f}"


def analysed(pool: Pool, match: tuple, times: float) -> tuple[list[dict], float, float]:
    """(the match's positions, wall seconds, CPU seconds a position) as the lane does it."""
    slug, players, seed, plies = match
    size = settings.ANALYSIS_SLICE_POSITIONS
    tasks = [
        (slug, players, seed, plies, start, min(start + size, len(plies)), times)
        for start in range(0, len(plies), size)
    ]
    began = time.perf_counter()
    done = sorted(pool.imap_unordered(run_slice, tasks))
    seconds = time.perf_counter() - began
    positions = [position for _, found, _ in done for position in found]
    return positions, seconds, sum(cpu for _, _, cpu in done) / len(plies)


def game(pool: Pool, slug: str, matches: list, args) -> None:
    seconds, cpus, plies, agree, marked, gaps = [], [], [], [], [], []
    for match in matches:
        _, players, seed, moves = match
        for _ in range(args.runs):
            at_budget, wall, cpu = analysed(pool, match, args.scale)
            seconds.append(wall)
            cpus.append(cpu)
        plies.append(len(moves))
        step = max(1, len(moves) // args.samples)
        picked = list(range(len(moves)))[::step][: args.samples]
        tasks = [(slug, players, seed, moves[i], i, 4 * args.scale) for i in picked]
        fourfold = dict(zip(picked, [entry for entry, _ in pool.map(fresh, tasks)], strict=True))
        pairs = [(mark(at_budget[i]), mark(fourfold[i])) for i in picked]
        agree += [a == b for a, b in pairs]
        marked += [a == b for a, b in pairs if a or b]
        ones = [at_budget[i] for i in picked]
        fours = [fourfold[i] for i in picked]
        for seat in range(players):
            a, b = accuracy(ones, seat), accuracy(fours, seat)
            if a is not None and b is not None:
                gaps.append(abs(a - b))
    share = 100 * sum(agree) / len(agree)
    workers = args.workers
    print(
        f"{slug}: {span(plies, 0)} plies, {span(seconds, 1)} s a match with {workers} workers, "
        f"{span(cpus, 2)} CPU-s a position, marks agree {share:.0f} %",
        flush=True,
    )
    goal = [GOAL_PLIES * cpu / workers for cpu in cpus]
    print(
        f"#   {iterations(slug, args.scale)} iterations a position; {args.runs} runs of "
        f"{len(matches)} matches; {GOAL_PLIES} plies from the CPU-s: {span(goal, 0)} s with "
        f"{workers} workers; {len(agree)} positions compared with {iterations(slug, 4 * args.scale)}"
        f" iterations, {sum(marked)} of {len(marked)} marked by either alike; accuracy within "
        f"{max(gaps, default=0):.1f} points",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SLUGS), choices=SLUGS)
    parser.add_argument("--quick", action="store_true", help="one match a game, fewer samples")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1, help="timed runs of each match")
    parser.add_argument("--scale", type=float, default=1.0, help="times the budget")
    parser.add_argument("--samples", type=int, help="positions a match compared (10; quick 4)")
    parser.add_argument("--matches", type=int, help="matches a game (2; quick 1)")
    args = parser.parse_args()
    count = args.matches or (1 if args.quick else 2)
    args.samples = args.samples or (4 if args.quick else 10)
    tasks = [
        (slug, players, seed)
        for slug in args.games
        for seed, players in enumerate(seats(slug, count), 1)
    ]
    with Pool(args.workers) as pool:
        matches = pool.map(played, tasks)
        for slug in args.games:
            game(pool, slug, [m for m in matches if m[0] == slug], args)


if __name__ == "__main__":
    main()
