"""Powerdrain's Hard against the one-ply greedy of ``tooling/powerdrain_greedy.py``.

Seats alternate (Hard in seat game % 2 unless ``--seat``), deals are ``setup(2, seed)`` with
seed = ``--first`` + game. ``--greedy`` is the greedy's ranking: ``active`` (active plugs, then
volts, as the rules rank a finished game) or ``volts`` (final-voltage difference alone).
Hard keeps its iterations; ``--clock`` is what its time cap is read on: ``wall`` (the table's
wall clock, so a loaded machine cuts the search), ``cpu`` (the process's CPU time, so load
does not) or ``none`` (no cap, iterations only). ``--cap`` is that cap in seconds (default
Hard's own, 2 s): the clock Hard is handed runs 2 / cap times fast, so Hard's code is not
touched. Prints the options and load average, then W-D-L, Hard's win % with a 95 % Wilson
interval (a draw counts as not won), Hard's median / p95 move in wall and CPU seconds, and
the load average at the end.

Run: nice -n 10 .venv/bin/python bench/powerdrain_yardstick.py [--count 100] [--first 0]
     [--seat 0|1] [--greedy active|volts] [--clock wall|cpu|none] [--cap 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import percentile, wilson  # noqa: E402
from games.bots import choose_move, knowledge  # noqa: E402
from games.bots.levels import SECONDS  # noqa: E402
from tooling.powerdrain_greedy import RANKS, greedy_move  # noqa: E402

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time, "none": None}


def hard_clock(name: str, cap: float) -> Callable[[], float] | None:
    """The clock Hard is handed: ``name``'s, sped up so that its 2 s cap lasts ``cap`` s."""
    base = CLOCKS[name]
    if base is None:
        return None
    speed = SECONDS["hard"] / cap
    return lambda: base() * speed


def game(seed: int, hard_seat: int, options, times: list[tuple[float, float]]) -> float:
    """One game; Hard's result (1, ½, 0). Appends Hard's (wall, CPU) seconds a move."""
    engine = knowledge("powerdrain").engine
    clock = hard_clock(options.clock, options.cap)
    state = engine.setup(2, seed)
    ply = 0
    while seats := engine.to_move(state):
        seat = seats[0]
        view = engine.view(state, seat)
        if seat == hard_seat:
            wall, cpu = time.perf_counter(), time.process_time()
            move = choose_move(
                "powerdrain", view, seat, level="hard", seed=seed * 100 + ply, clock=clock
            )
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        else:
            move = greedy_move(view, seat, seed * 100 + ply, options.greedy)
        state = engine.apply(state, seat, move)
        ply += 1
    winners = engine.outcome(state)["winners"]
    return 1.0 if winners == [hard_seat] else 0.5 if not winners else 0.0


def load() -> str:
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seat", type=int, choices=(0, 1))
    parser.add_argument("--greedy", choices=RANKS, default="active")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall")
    parser.add_argument("--cap", type=float, default=SECONDS["hard"], help="Hard's cap, s")
    args = parser.parse_args()
    seats = "alternate" if args.seat is None else args.seat
    print(
        f"# games {args.first}-{args.first + args.count - 1}, hard seat {seats}, "
        f"greedy {args.greedy}, clock {args.clock}, cap {args.cap:g} s; load {load()}"
    )
    results, times = [], []
    for n in range(args.count):
        seat = n % 2 if args.seat is None else args.seat
        results.append(game(args.first + n, seat, args, times))
    wins, draws = results.count(1.0), results.count(0.5)
    low, high = wilson(wins, len(results))
    wall, cpu = [t[0] for t in times], [t[1] for t in times]
    print(
        f"hard vs greedy: {wins}-{draws}-{len(results) - wins - draws}, "
        f"{100 * wins / len(results):.1f} % ({100 * low:.1f}-{100 * high:.1f}), "
        f"move median {percentile(wall, 0.5):.2f} s, p95 {percentile(wall, 0.95):.2f} s "
        f"(CPU {percentile(cpu, 0.5):.2f} / {percentile(cpu, 0.95):.2f} s); load {load()}"
    )


if __name__ == "__main__":
    main()
