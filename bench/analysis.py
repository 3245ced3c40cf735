"""Computer analysis: seconds a match with n workers, CPU-s a position, and how often the
marks agree with an analysis at four times the budget, per game.

Each match is one between a Medium computer (seat 0) and Easy ones (the others), seeded and
played to its end, so it has slips to mark. Its positions are estimated as the worker does
it (``analysis.runner.position_entry`` at ``services.budget``'s iterations), split between
``--workers`` processes in contiguous slices; the seconds a match are the real wall time
until every slice is done, the CPU-s a position ``time.process_time`` in the workers (which
travels between loaded machines better). Evenly spaced positions of each match are then
estimated again at four times the budget: the marks (?!, ?, ??, or none) agree where both
give the same one, and each seat's accuracy over those positions is compared.

Run: .venv/bin/python bench/analysis.py [--quick] [--games hive powerdrain] [--workers 2]
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

from analysis import runner, services  # noqa: E402
from analysis.judgments import accuracy, drop_of, judge  # noqa: E402
from games.bots import SLUGS, choose_move, knowledge  # noqa: E402
from games.store.matchlog import Ply  # noqa: E402

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


def entries(task) -> tuple[list[dict], float]:
    """The worker's entries for some positions of a match, and their CPU seconds."""
    slug, players, seed, positions, times = task
    engine = knowledge(slug).engine
    match = SimpleNamespace(game=slug, seed=seed, players=players)
    iterations = round(services.budget(slug) * times)
    start, found = time.process_time(), []
    for index, state, seat, move in positions:
        ply = Ply(seat, move, "", None, None)
        state = engine.from_json(state)
        found.append(runner.position_entry(match, state, ply, index, iterations, None))
    return found, time.process_time() - start


def mark(position: dict) -> str:
    judgment = judge(drop_of(position))
    return judgment.symbol if judgment else ""


def span(values: list[float], digits: int) -> str:
    low, high = min(values), max(values)
    return f"{low:.{digits}f}" if low == high else f"{low:.{digits}f}-{high:.{digits}f}"


def game(pool: Pool, slug: str, matches: list, workers: int, sampled: int) -> None:
    seconds, cpus, plies, agree, gaps = [], [], [], [], []
    for _, players, seed, moves in matches:
        indexed = [(i, *ply) for i, ply in enumerate(moves)]
        size = -(-len(indexed) // workers)
        slices = [indexed[w * size : (w + 1) * size] for w in range(workers)]
        start = time.perf_counter()
        done = pool.map(entries, [(slug, players, seed, s, 1) for s in slices])
        seconds.append(time.perf_counter() - start)
        cpus.append(sum(cpu for _, cpu in done) / len(indexed))
        plies.append(len(indexed))
        at_budget = [e for found, _ in done for e in found]
        step = max(1, len(indexed) // sampled)
        picked = indexed[::step][:sampled]
        chunks = [picked[w::workers] for w in range(workers)]
        again = pool.map(entries, [(slug, players, seed, c, 4) for c in chunks])
        order = [position[0] for chunk in chunks for position in chunk]
        fourfold = dict(zip(order, [e for found, _ in again for e in found], strict=True))
        agree += [mark(at_budget[i]) == mark(fourfold[i]) for i in sorted(fourfold)]
        ones = [at_budget[i] for i in sorted(fourfold)]
        fours = [fourfold[i] for i in sorted(fourfold)]
        for seat in range(players):
            a, b = accuracy(ones, seat), accuracy(fours, seat)
            if a is not None and b is not None:
                gaps.append(abs(a - b))
    share = 100 * sum(agree) / len(agree)
    print(
        f"{slug}: {span(plies, 0)} plies, {span(seconds, 1)} s a match with {workers} workers, "
        f"{span(cpus, 2)} CPU-s a position, marks agree {share:.0f} %",
        flush=True,
    )
    print(
        f"#   {services.budget(slug)} iterations a position; {len(agree)} positions compared "
        f"in {len(matches)} matches; accuracy within {max(gaps, default=0):.1f} points",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SLUGS), choices=SLUGS)
    parser.add_argument("--quick", action="store_true", help="one match a game, fewer samples")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    count, sampled = (1, 4) if args.quick else (2, 10)
    tasks = [
        (slug, players, seed)
        for slug in args.games
        for seed, players in enumerate(seats(slug, count), 1)
    ]
    with Pool(args.workers) as pool:
        matches = pool.map(played, tasks)
        for slug in args.games:
            game(pool, slug, [m for m in matches if m[0] == slug], args.workers, sampled)


if __name__ == "__main__":
    main()
