"""The engines' hot paths per game, this tree against a git commit: ratios from one run.

Absolute figures do not travel between machines (nor between two hours of a shared one), so
with ``--base COMMIT`` this measures that commit's engines, bot knowledge and ``games/bots``
(``games/rules``, and each game package holding an ``engine.py``, taken out with ``git
archive`` into a temporary directory) beside this tree's, each in its own
subprocess, alternating A and B over ``--repeat`` rounds, and prints per game and figure the
median, min and max of each side and the ratio new/old (median, and the range of the
per-round ratios). Without ``--base`` it prints this tree's figures alone.

Figures per game (two players; CPU time of the measuring process, ``time.process_time``):
- ``games/s``: seeded random full games: setup, the engine's ``random_move`` (which lists
  the legal moves where the game has no cheaper sampler), apply, outcome.
- ``protocol g/s``: the same seeded games through the protocol alone, as analysis, the
  ladder, replays and programs use it: setup, the full ``legal_moves`` list, ``rng.choice``
  of it, apply, outcome.
- ``applies/s``: ``apply`` alone, replaying the moves of seeded random games from their
  recorded positions.
- ``copies/s``: a full state made from a seat's view (the bot's ``determinize``, or its
  ``sampler`` bound to the view where it has one): every search iteration of a game with
  secrets starts from a fresh one.
- ``hard it/s``: search iterations per second at Hard (its thorough root included) from
  the first real choice halfway through ``--positions`` seeded random games; every
  position gets the base's Hard budget of iterations times ``--scale`` on both sides, so
  a raised budget does not flatter the new tree.

Run: .venv/bin/python bench/engines.py --base main~5 [--games hive triangulum]
     [--seconds 1] [--repeat 3] [--positions 3] [--scale 0.5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ("games/s", "protocol g/s", "applies/s", "copies/s", "hard it/s")


# --------------------------------------------------------------- worker (one tree, one process)
def random_games(engine, seconds: float, choose) -> float:
    """Seeded full games per CPU-second, each move ``choose(engine, state, seat, rng)``."""
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        rng = random.Random(games)
        state = engine.setup(2, games)
        while seats := engine.to_move(state):
            state = engine.apply(state, seats[0], choose(engine, state, seats[0], rng))
        engine.outcome(state)
        games += 1
    return games / (time.process_time() - start)


def own_move(engine, state, seat, rng):
    return engine.random_move(state, seat, rng)


def protocol_move(engine, state, seat, rng):
    return rng.choice(list(engine.legal_moves(state, seat)))


def recorded(engine, games: int) -> list[list[tuple]]:
    """(state, seat, move) of every ply of ``games`` seeded random games."""
    played = []
    for game in range(games):
        rng = random.Random(1000 + game)
        state, plies = engine.setup(2, 1000 + game), []
        while seats := engine.to_move(state):
            move = engine.random_move(state, seats[0], rng)
            plies.append((state, seats[0], move))
            state = engine.apply(state, seats[0], move)
        played.append(plies)
    return played


def applies(engine, played, seconds: float) -> float:
    plies = [ply for game in played for ply in game]
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for state, seat, move in plies:
            engine.apply(state, seat, move)
        done += len(plies)
    return done / (time.process_time() - start)


def positions(engine, played) -> list[tuple]:
    """(state, seat) of the first real choice (two or more legal moves) from halfway."""
    found = []
    for plies in played:
        for state, seat, _ in plies[len(plies) // 2 :]:
            if len(list(islice(engine.legal_moves(state, seat), 2))) > 1:
                found.append((state, seat))
                break
    return found


def copies(know, spots, seconds: float) -> float:
    """States drawn from a seat's view as a search draws them: with the game's ``sampler``
    bound to the view where it has one, else by ``determinize``."""
    bound = getattr(know, "sampler", None)  # older trees have none
    draws = [
        bound(view, seat) if bound else partial(know.determinize, view, seat)
        for view, seat in ((know.engine.view(state, seat), seat) for state, seat in spots)
    ]
    rng = random.Random(0)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for draw in draws:
            draw(rng)
        done += len(draws)
    return done / (time.process_time() - start)


def hard_iterations(know, spots, iterations: int) -> float:
    from games.bots.search import Search

    done, start = 0, time.process_time()
    for n, (state, seat) in enumerate(spots):
        search = Search(know, know.engine.view(state, seat), seat, random.Random(n), thorough=True)
        for _ in range(iterations):
            search.iterate()
        done += iterations
    return done / (time.process_time() - start)


def work(slugs: list[str], seconds: float, count: int, budgets: dict) -> dict:
    from games.bots import knowledge

    figures = {}
    for slug in slugs:
        know = knowledge(slug)
        engine = know.engine
        played = recorded(engine, count)
        spots = positions(engine, played)
        figures[slug] = {
            "games/s": random_games(engine, seconds, own_move),
            "protocol g/s": random_games(engine, seconds, protocol_move),
            "applies/s": applies(engine, played, seconds / 2),
            "copies/s": copies(know, spots, seconds / 2),
            "hard it/s": hard_iterations(know, spots, budgets[slug]),
        }
    return figures


def budgets(slugs: list[str], scale: float) -> dict:
    from games.bots import knowledge

    return {slug: max(1, round(knowledge(slug).iterations[2] * scale)) for slug in slugs}


# ------------------------------------------------------------------- driver (A/B, statistics)
def run_worker(tree: Path, request: dict) -> dict:
    """Runs ``request`` in a fresh interpreter that imports ``games`` from ``tree``."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(tree), json.dumps(request)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.exit(f"the measurement in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def export(commit: str, into: Path) -> Path:
    """``commit``'s engines and bots, importable as ``games`` from ``into``: ``games/rules``,
    ``games/bots``, the list of games if it has one, and every game package with an engine
    (under ``games/rules/`` before each game became one package, #50)."""
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", commit, "games/"],
        capture_output=True,
        text=True,
        check=False,
    )
    if files.returncode:
        sys.exit(f"git ls-tree {commit} failed: {files.stderr.strip()}")
    listed = set(files.stdout.split())
    tops = sorted({path.split("/")[1] for path in listed})
    pure = ("__init__.py", "packages.py", "rules", "bots")
    paths = [f"games/{t}" for t in tops if t in pure or f"games/{t}/engine.py" in listed]
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, *paths], capture_output=True, check=False
    )
    if archive.returncode:
        sys.exit(f"git archive {commit} failed: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def number(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def spread(values: list[float]) -> str:
    """Median (min–max) over the rounds."""
    return f"{number(statistics.median(values))} ({number(min(values))}–{number(max(values))})"


def report(slugs, sides: dict[str, list[dict]]) -> None:
    names = list(sides)
    header = f"{'game':<24}{'figure':<11}" + "".join(f"{n:>28}" for n in names)
    if len(names) == 2:
        header += f"  {'new/old median (range)':>24}"
    print(header)
    for slug in slugs:
        for figure in FIGURES:
            cells = [[run[slug][figure] for run in sides[n]] for n in names]
            line = f"{slug:<24}{figure:<11}" + "".join(f"{spread(c):>28}" for c in cells)
            if len(names) == 2:
                new, old = cells
                ratios = [a / b for a, b in zip(new, old, strict=True)]
                middle = statistics.median(new) / statistics.median(old)
                line += f"  {middle:>8.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
            print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", metavar="COMMIT", help="the commit to compare with")
    parser.add_argument("--games", nargs="+", help="slugs (default: every game)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU time per random-game figure"
    )
    parser.add_argument("--repeat", type=int, default=3, help="rounds of A and B")
    parser.add_argument("--positions", type=int, default=3, help="games, Hard's positions per game")
    parser.add_argument("--scale", type=float, default=0.5, help="share of Hard's iterations")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:  # a fresh interpreter: ``games`` comes from the given tree
        tree, text = args.worker
        sys.path.insert(0, tree)
        request = json.loads(text)
        if request == "budgets":
            try:
                from games.bots import SLUGS
            except ImportError:  # a tree from before the bots listed the games
                from games.rules import PACKAGES as SLUGS

            print(json.dumps(budgets(list(SLUGS), 1.0)))
        else:
            print(json.dumps(work(**request)))
        return
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"this tree": ROOT}
        if args.base:
            short = subprocess.run(
                ["git", "-C", str(ROOT), "rev-parse", "--short", args.base],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
            trees[f"base {short}"] = export(args.base, Path(scratch))
        old = list(trees.values())[-1]
        hard = run_worker(old, "budgets")
        slugs = args.games or list(hard)
        request = {
            "slugs": slugs,
            "seconds": args.seconds,
            "count": args.positions,
            "budgets": {s: max(1, round(hard[s] * args.scale)) for s in slugs},
        }
        print(
            f"# {', '.join(f'{n}: {t}' for n, t in trees.items())}; {args.repeat} rounds, "
            f"Hard iterations per position {request['budgets']}"
        )
        sides: dict[str, list[dict]] = {name: [] for name in trees}
        for round_ in range(args.repeat):
            order = list(trees.items())
            if round_ % 2:
                order.reverse()  # ABBA: a drift in the machine's load falls on both sides
            for name, tree in order:
                sides[name].append(run_worker(tree, request))
                print(f"# round {round_ + 1}: {name} done", file=sys.stderr)
        report(slugs, sides)


if __name__ == "__main__":
    main()
