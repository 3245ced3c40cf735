"""Long random playouts replayed against digests the engines gave before they were made faster.

The games whose move lists are too long to list at every ply (power companies: tens of
thousands of swaps; Triangulum: millions of places) and High Voltage, beside
``test_golden_playouts.py``. ``golden/replays.json`` holds, per game, seeded random playouts
recorded with the engines of commit 712aa75 (before issue #39's rewrites): each playout's
entries as move codes (a leave as ``leave:<reason>@<seat>``) and, per ply, a short digest of
everything the protocol shows there: the state's JSON, who is to move, the outcome, every
seat's view, the spectator's and the replay's view, the move's notation and code, and (every
``STRIDE`` plies) the legal moves; and the codes ``random_move`` drew in a few seeded games
(benchmarks and the bots' random player draw with it). An engine that plays the same rules,
shows the same JSON and draws the same random moves gives the same digests and codes.

Re-record (only when the rules change on purpose): ``.venv/bin/python -m
tests.engines.test_golden_replays [slug ...]``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from games.high_voltage.engine import ENGINE as HIGH_VOLTAGE
from games.high_voltage_companies.engine import ENGINE as COMPANIES
from games.rules import play_entry
from games.triangulum.engine import ENGINE as TRIANGULUM

DATA = Path(__file__).parent / "golden" / "replays.json"
ENGINES = {engine.slug: engine for engine in (HIGH_VOLTAGE, COMPANIES, TRIANGULUM)}
# slug -> digest the legal moves every ``stride`` plies
STRIDE = {"high-voltage": 1, "high-voltage-companies": 5, "triangulum": 10}
LEAVE = "leave:"
TRIES = 60  # Triangulum: random triangles and places whose legality is digested


def legal_moves(engine, state, seat: int, ply: int) -> list:
    """The legal moves; in Triangulum (millions of places, and triangles among every triple
    of a seat's points) whether random triangles of own points and random places are legal."""
    if engine is not TRIANGULUM:
        return list(engine.legal_moves(state, seat))
    rng = random.Random(ply)
    own = sorted(state.points[seat])
    tries = [
        {"type": "triangulate", "points": [list(p) for p in rng.sample(own, 3)]}
        for _ in range(TRIES if len(own) >= 3 else 0)
    ]
    tries += [
        {"type": "place", "open": [rng.randrange(46), rng.randrange(29)], "secret": [0, 0]}
        for _ in range(TRIES)
    ]
    return [engine.is_legal(state, seat, move) for move in tries]


def digest(engine, state, ply: int, entry) -> str:
    """Eight hex digits of everything the protocol shows at ``state`` and of ``entry``."""
    players = engine.view(state, None)["players"]
    seats = engine.to_move(state)
    shown = [
        engine.to_json(state),
        seats,
        engine.outcome(state),
        [engine.view(state, s) for s in range(players)],
        engine.view(state, None),
        engine.replay_view(state),
    ]
    if seats and ply % STRIDE[engine.slug] == 0:
        shown.append(legal_moves(engine, state, seats[0], ply))
    if isinstance(entry, dict) and entry.get("type") != "leave":
        shown += [engine.notation(state, entry), engine.encode(state, entry)]
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def replay(slug: str, playout: dict):
    """Yields (ply, digest) along a recorded playout, the final position's last."""
    engine = ENGINES[slug]
    state = engine.setup(playout["players"], playout["seed"])
    for ply, code in enumerate(playout["entries"].split()):
        if code.startswith(LEAVE):
            reason, _, who = code[len(LEAVE) :].partition("@")
            seat, entry = int(who), {"type": "leave", "reason": reason}
        else:
            seat, entry = engine.to_move(state)[0], engine.decode(state, code)
        yield ply, digest(engine, state, ply, entry)
        state = play_entry(engine, state, seat, entry)
    yield len(playout["entries"].split()), digest(engine, state, -1, None)


def cases():
    data = json.loads(DATA.read_text())
    for slug, playouts in data.items():
        for n, playout in enumerate(playouts["playouts"]):
            yield pytest.param(slug, playout, id=f"{slug}-{n}-{playout['players']}p")


def random_moves(slug: str, players: int, seed: int) -> str:
    """The codes of the game ``random_move`` plays from ``seed``."""
    engine, rng = ENGINES[slug], random.Random(seed)
    state, codes = engine.setup(players, seed), []
    while seats := engine.to_move(state):
        move = engine.random_move(state, seats[0], rng)
        codes.append(engine.encode(state, move))
        state = engine.apply(state, seats[0], move)
    return " ".join(codes)


def drawn():
    data = json.loads(DATA.read_text())
    for slug, playouts in data.items():
        for n, game in enumerate(playouts["random_move"]):
            yield pytest.param(slug, game, id=f"{slug}-{n}-{game['players']}p")


@pytest.mark.parametrize(("slug", "game"), list(drawn()))
def test_random_move_draws_the_recorded_moves(slug, game):
    assert random_moves(slug, game["players"], game["seed"]) == game["codes"]


@pytest.mark.parametrize(("slug", "playout"), list(cases()))
def test_a_recorded_playout_gives_the_recorded_digests(slug, playout):
    expected = playout["digests"].split()
    got = [d for _, d in replay(slug, playout)]
    assert len(got) == len(expected)
    for ply, (old, new) in enumerate(zip(expected, got, strict=True)):
        assert old == new, f"{slug} seed {playout['seed']}: ply {ply} differs from the recording"


# ----------------------------------------------------------------- recording (by hand, see top)
def _choose(engine, state, seat: int, rng: random.Random, heavy: bool) -> dict:
    """The engine's random move; ``heavy`` power-companies play reveals and declares often,
    so games run until the last card is placed."""
    if heavy and state.phase == "action" and rng.random() < 0.85:
        down = [p for p, cell in enumerate(state.cells) if cell is not None and not cell[3]]
        if down:
            p = rng.choice(down)
            return {"type": "reveal", "at": [p // 7, p % 7]}
    if heavy and state.phase == "declare":
        moves = list(engine.legal_moves(state, seat))
        lines = [m for m in moves if m["type"] == "declare"]
        return rng.choice(lines if lines and rng.random() < 0.9 else moves)
    return engine.random_move(state, seat, rng)


def _record(slug: str, players: int, seed: int, heavy: bool, leaves: float) -> dict:
    engine = ENGINES[slug]
    rng = random.Random(seed)
    state, codes = engine.setup(players, seed), []
    while seats := engine.to_move(state):
        still = [
            s for s in range(players) if s not in {s for s, _ in engine.to_json(state)["left"]}
        ]
        if rng.random() < leaves:
            seat = rng.choice(still)
            reason = rng.choice(("resigned", "time", "abandoned"))
            codes.append(f"{LEAVE}{reason}@{seat}")
            state = engine.leave(state, seat, reason)
            continue
        move = _choose(engine, state, seats[0], rng, heavy)
        codes.append(engine.encode(state, move))
        state = engine.apply(state, seats[0], move)
    playout = {"players": players, "seed": seed, "entries": " ".join(codes)}
    playout["digests"] = " ".join(d for _, d in replay(slug, playout))
    return playout


def record(slug: str) -> dict:
    if slug == "high-voltage":
        playouts = [_record(slug, 2, seed, False, 0.004 * (seed == 5)) for seed in range(6)]
    elif slug == "triangulum":
        playouts = [_record(slug, 2, seed, False, 0.001 * (seed == 2)) for seed in (0, 2)]
    else:  # 2, 3 and 4 players; reveal-heavy and random play; the last ones with leaves
        playouts = [
            _record(slug, 2 + seed % 3, seed, seed % 2 == 0, 0.02 if seed >= 12 else 0.0)
            for seed in range(15)
        ]
    games = [(2 + seed % 3 if slug == "high-voltage-companies" else 2, seed) for seed in range(12)]
    if slug == "triangulum":
        games = games[:2]
    return {
        "playouts": playouts,
        "random_move": [
            {"players": players, "seed": seed, "codes": random_moves(slug, players, seed)}
            for players, seed in games
        ],
    }


if __name__ == "__main__":
    import sys

    data = json.loads(DATA.read_text()) if DATA.exists() else {}
    for slug in sys.argv[1:] or ENGINES:
        data[slug] = record(slug)
    DATA.write_text(json.dumps(data, indent=1) + "\n")
