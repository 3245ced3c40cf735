"""High Voltage (power companies) engine speed: random full games per second for 2, 3, 4 players.

Two playouts: "random" uses the engine's random_move (a kind of action, then a move of
that kind) for every ply, as the test harness does; "reveal-heavy" reveals 85% of the
time and declares whenever it can, so games run until the last card is placed.
Also: full legal_moves listings per second on a full board (~34,000 moves), and with
``--root-scan N`` the CPU time of Hard's root scan (the bot's ``thorough``, which weighs every
action) at the last action turn of N reveal-heavy games per player count, and on that full
board.

Run: .venv/bin/python bench/engine_high_voltage_companies.py [--seconds 3] [--root-scan 10]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playout import play_for  # noqa: E402
from games.high_voltage_companies.bot import thorough  # noqa: E402
from games.high_voltage_companies.engine import ACTION, ENGINE  # noqa: E402


def choose(state, seat: int, rng: random.Random, heavy: bool) -> dict:
    if heavy and state.phase == "action" and rng.random() < 0.85:
        grid = ENGINE.view(state, seat)["grid"]
        down = [[r, c] for r in range(7) for c in range(7) if grid[r][c] == {"face_down": True}]
        return {"type": "reveal", "at": rng.choice(down)}
    if heavy and state.phase == "declare":
        moves = list(ENGINE.legal_moves(state, seat))
        lines = [m for m in moves if m["type"] == "declare"]
        return rng.choice(lines if lines and rng.random() < 0.9 else moves)
    return ENGINE.random_move(state, seat, rng)


def full_board():
    """A 4-player opening with all 48 cards face up (the largest move list)."""
    state = ENGINE.setup(4, 3)
    cells = tuple((c[0], c[1], c[2], True) if c else None for c in state.cells)
    return ENGINE.from_json({**ENGINE.to_json(state), "cells": cells, "face_down": 0})


def list_moves(seconds: float) -> tuple[int, int, float]:
    """legal_moves listings per second on the full board."""
    state = full_board()
    seat = ENGINE.to_move(state)[0]
    size = len(list(ENGINE.legal_moves(state, seat)))
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        list(ENGINE.legal_moves(state, seat))
        calls += 1
    return calls, size, time.perf_counter() - start


def scan_seconds(state) -> float:
    """CPU seconds of one root scan (``thorough``) for the seat to move."""
    start = time.process_time()
    thorough(state, ENGINE.to_move(state)[0], random.Random(0))
    return time.process_time() - start


def root_scans(players: int, games: int) -> list[float]:
    """Scan times at the last action turn of ``games`` seeded reveal-heavy games: the late
    positions, with most cards face up, where a scan weighs the most swaps."""
    times = []
    for game in range(games):
        rng = random.Random(game)
        state, last = ENGINE.setup(players, game), None
        while seats := ENGINE.to_move(state):
            if state.phase == ACTION:
                last = state
            state = ENGINE.apply(state, seats[0], choose(state, seats[0], rng, heavy=True))
        times.append(scan_seconds(last))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--root-scan", type=int, metavar="N", help="time Hard's root scan")
    args = parser.parse_args()
    if args.root_scan:
        for players in (2, 3, 4):
            times = sorted(root_scans(players, args.root_scan))
            print(
                f"root scan, last action turn, {players} players: CPU s median"
                f" {times[len(times) // 2]:.3f}, max {times[-1]:.3f} ({len(times)} games)"
            )
        print(f"root scan, full board: CPU s {scan_seconds(full_board()):.3f}")
        return
    share = args.seconds / 2
    for heavy in (False, True):
        label = "reveal-heavy" if heavy else "random"
        for players in (2, 3, 4):
            games, plies, elapsed, reasons = play_for(
                ENGINE, share, partial(choose, heavy=heavy), players
            )
            print(
                f"{label:>12} {players} players: {games / elapsed:8.1f} games/s, "
                f"{plies / elapsed:7.0f} plies/s, {plies / games:5.1f} plies/game, "
                f"endings {dict(sorted(reasons.items()))}"
            )
    calls, size, elapsed = list_moves(share)
    print(f"legal_moves on a full board: {calls / elapsed:.1f} lists/s ({size} moves each)")


if __name__ == "__main__":
    main()
