"""Triangulum engine speed: random full matches per second, moves applied, triangle validations.

Run: .venv/bin/python bench/engine_triangulum.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.triangulum.engine import ENGINE, triangle_problem  # noqa: E402


def play_random_matches(seconds: float) -> tuple[int, int, float, dict, dict]:
    """Plays seeded random matches (engine's random_move + apply) until ``seconds`` have passed."""
    matches = moves = 0
    reasons: dict[str, int] = {}
    kinds: dict[str, int] = {}
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(matches)
        state = ENGINE.setup(2, matches)
        while seats := ENGINE.to_move(state):
            move = ENGINE.random_move(state, seats[0], rng)
            state = ENGINE.apply(state, seats[0], move)
            moves += 1
            kinds[move["type"]] = kinds.get(move["type"], 0) + 1
        matches += 1
        for record in ENGINE.view(state, None)["history"]:
            reasons[record["reason"]] = reasons.get(record["reason"], 0) + 1
    return matches, moves, time.perf_counter() - start, reasons, kinds


def replay_moves(seconds: float) -> tuple[int, float]:
    """``apply`` alone: replays the recorded moves of a few random matches."""
    games = []
    for seed in range(3):
        rng = random.Random(seed)
        state, moves = ENGINE.setup(2, seed), []
        while seats := ENGINE.to_move(state):
            move = ENGINE.random_move(state, seats[0], rng)
            moves.append((seats[0], move))
            state = ENGINE.apply(state, seats[0], move)
        games.append(moves)
    applied, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for moves in games:
            state = ENGINE.setup(2, 0)
            for seat, move in moves:
                state = ENGINE.apply(state, seat, move)
            applied += len(moves)
    return applied, time.perf_counter() - start


def mid_partie(turns: int = 150):
    """A position ``turns`` random moves into partie 1 (about 70 points per seat)."""
    rng = random.Random(1)
    state = ENGINE.setup(2, 1)
    while ENGINE.view(state, None)["turn"] < turns:
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
    return state


def validate_triangles(seconds: float) -> tuple[int, int, float]:
    """Open-board checks of random triples of the mover's own points at a mid-partie position."""
    state = mid_partie()
    seat = ENGINE.to_move(state)[0]
    own = sorted(state.points[seat])
    rng = random.Random(2)
    triples = [tuple(rng.sample(own, 3)) for _ in range(1000)]
    checks = valid = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for tri in triples:
            valid += triangle_problem(state.points, state.triangles, seat, tri) is None
        checks += len(triples)
    return checks, valid, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    matches, moves, elapsed, reasons, kinds = play_random_matches(args.seconds)
    print(f"random full matches: {matches / elapsed:8.2f} matches/s ({matches} matches)")
    print(f"  partie endings {reasons}, moves {kinds}")
    print(f"moves applied:       {moves / elapsed:8.0f} moves/s (random_move + apply)")
    applied, elapsed = replay_moves(args.seconds / 2)
    print(f"apply alone:         {applied / elapsed:8.0f} moves/s (replaying recorded matches)")
    checks, valid, elapsed = validate_triangles(args.seconds / 2)
    print(
        f"triangle checks:     {checks / elapsed:8.0f} validations/s "
        f"({100 * valid / checks:.1f}% of random own triples valid)"
    )


if __name__ == "__main__":
    main()
