"""Faster engines play exactly as the first ones did: recorded playouts, compared ply by ply.

The Powerdrain and Hive engines were rewritten for speed (flat states, incremental updates,
cached move lists). Before that, seeded random games were played with the first engines and
stored in ``golden/<slug>.json``: per game the move codes and one SHA-256 over every ply's
state JSON, views (both seats and a spectator), legal moves in their order, notation, codes
and outcome, and the codes of a game played by ``random_move`` (the bots' random player and
benchmarks draw with it, so its draws must not change either). A difference in any of them,
at any ply, fails here. Regenerate only for an intended rules change:
``python tests/engines/test_golden_playouts.py`` (it writes from the engines it imports).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
GAMES = {  # slug: (engine module, [(seed, options)])
    "powerdrain": (
        "games.powerdrain.engine",
        [(seed, None) for seed in range(25)] + [(seed, {"draft": True}) for seed in range(25)],
    ),
    "hive": ("games.hive.engine", [(seed, None) for seed in range(30)]),
}


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _engine(slug: str):
    return __import__(GAMES[slug][0], fromlist=["ENGINE"]).ENGINE


def playout(engine, seed: int, options) -> dict:
    """One seeded game chosen uniformly from ``legal_moves``, digested ply by ply, and the
    codes of the game ``random_move`` plays from the same seed."""
    digest = hashlib.sha256()
    rng = random.Random(seed)
    state = engine.setup(2, seed, options)
    codes = []
    while True:
        data = engine.to_json(state)
        assert _dump(engine.to_json(engine.from_json(data))) == _dump(data)
        digest.update(_dump(data).encode())
        for seat in (0, 1, None):
            digest.update(_dump(engine.view(state, seat)).encode())
        digest.update(_dump(engine.outcome(state)).encode())
        seats = engine.to_move(state)
        digest.update(_dump(seats).encode())
        if not seats:
            break
        legal = list(engine.legal_moves(state, seats[0]))
        digest.update(_dump(legal).encode())
        move = rng.choice(legal)
        code = engine.encode(state, move)
        digest.update(f"{code} {engine.notation(state, move)}".encode())
        codes.append(code)
        state = engine.apply(state, seats[0], move)
    drawn, rng = [], random.Random(seed)
    state = engine.setup(2, seed, options)
    while seats := engine.to_move(state):
        move = engine.random_move(state, seats[0], rng)
        drawn.append(engine.encode(state, move))
        state = engine.apply(state, seats[0], move)
    return {
        "seed": seed,
        "options": options,
        "codes": " ".join(codes),
        "sha256": digest.hexdigest(),
        "random_move": " ".join(drawn),
    }


def _cases():
    for slug, (_, games) in GAMES.items():
        for number, _ in enumerate(games):
            yield pytest.param(slug, number, id=f"{slug}-{number}")


@pytest.mark.parametrize(("slug", "number"), list(_cases()))
def test_a_seeded_game_plays_exactly_as_recorded(slug, number):
    recorded = json.loads((GOLDEN / f"{slug}.json").read_text())[number]
    played = playout(_engine(slug), recorded["seed"], recorded["options"])
    assert played["codes"] == recorded["codes"]
    assert played["random_move"] == recorded["random_move"]
    assert played["sha256"] == recorded["sha256"]


def write() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for slug, (_, games) in GAMES.items():
        records = [playout(_engine(slug), seed, options) for seed, options in games]
        (GOLDEN / f"{slug}.json").write_text(json.dumps(records, indent=0) + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    write()
