"""Hive engine speed: legal-move generations on mid-game positions, random full games per second.

Run: .venv/bin/python bench/engine_hive.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playout import any_legal, play_for  # noqa: E402
from games.hive.engine import ENGINE  # noqa: E402


def mid_game_positions(count: int) -> list:
    """Positions after 20–40 random moves of seeded games that were still running then."""
    positions, seed = [], 0
    while len(positions) < count:
        rng = random.Random(seed)
        state = ENGINE.setup(2, seed)
        for _ in range(rng.randint(20, 40)):
            seats = ENGINE.to_move(state)
            if not seats:
                break
            state = ENGINE.apply(
                state, seats[0], rng.choice(list(ENGINE.legal_moves(state, seats[0])))
            )
        if ENGINE.to_move(state):
            positions.append(state)
        seed += 1
    return positions


def list_moves(seconds: float) -> tuple[int, int, float]:
    """Full legal_moves generations per second, cycling over 50 mid-game positions."""
    positions = mid_game_positions(50)
    seats = [ENGINE.to_move(p)[0] for p in positions]
    calls = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state, seat in zip(positions, seats, strict=True):
            moves += sum(1 for _ in ENGINE.legal_moves(state, seat))
            calls += 1
    return calls, moves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    calls, moves, elapsed = list_moves(args.seconds)
    print(
        f"legal_moves (mid-game): {calls / elapsed:8.0f} generations/s, "
        f"{moves / calls:.1f} moves per position on average"
    )
    games, plies, elapsed, reasons = play_for(ENGINE, args.seconds, any_legal(ENGINE))
    print(
        f"random full games:      {games / elapsed:8.1f} games/s ({games} games, endings {reasons})"
    )
    print(f"plies (list + apply):   {plies / elapsed:8.0f} plies/s, {plies / games:.1f} per game")


if __name__ == "__main__":
    main()
