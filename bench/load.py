"""Load benchmark: many concurrent Powerdrain matches over real WebSockets.

Starts its own Daphne server(s) on a fresh database, seats simulated players and
spectators, and lets every match move ``rate`` times a second on average with
random legal moves read off the board each client receives (the mover thinks for
an exponentially distributed time, so moves arrive independently, as from people).
Prints moves per second and the move round trip (player sends → opponent and
spectators receive the new ply) as p50/p95/p99, plus how many pushes a client saw
skip a ply (it resynchronises from the next full fragment, so a skip is never silent).

    .venv/bin/python bench/load.py                      # embedded: SQLite + in-memory layer
    .venv/bin/python bench/load.py --scale              # PostgreSQL + Redis, two Daphne processes
    .venv/bin/python bench/load.py --sweep 100,200,300  # highest load with p95 under 50 ms
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import math
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLY = re.compile(r'id="board"[^>]*data-ply="(\d+)"[^>]*data-status="(\w+)"')
MOVES = re.compile(r'data-move="([^"]*)"')
PLIES_PER_MATCH = 16


def setup_environment(scale: bool, var_dir: Path) -> dict:
    env = {"VAR_DIR": str(var_dir), "DEBUG": "0", "SECRET_KEY": "bench"}
    if scale:
        from tests.browser.conftest import fresh_postgres_database

        base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/gametable")
        env["DATABASE_URL"] = fresh_postgres_database(base, "bench")
        env["REDIS_URL"] = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    return env


def create_slots(slots: int, matches_per_slot: int, tag: str):
    """Returns, per slot, a list of (match id, cookie seat 0, cookie seat 1, spectator cookie)."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from games import services

    def cookie(user):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"

    result = []
    rng = random.Random(7)
    for slot in range(slots):
        # No password: hashing would dominate the setup.
        a = User.objects.create(username=f"bench-{tag}-a{slot}")
        b = User.objects.create(username=f"bench-{tag}-b{slot}")
        ca, cb = cookie(a), cookie(b)
        matches = []
        for index in range(matches_per_slot):
            match = services.match_create(game="powerdrain", creator=a, seat=0)
            match = services.match_join(match_id=match.pk, user=b)
            if index == 0:
                # Start the slots' first matches at spread-out plies, so matches end (and
                # viewers reconnect) at all times rather than all together every 16 seconds.
                play_ahead(match, [a, b], slot * (PLIES_PER_MATCH - 2) // slots, rng)
            matches.append(match.pk)
        result.append({"matches": matches, "cookies": [ca, cb]})
    return result


def play_ahead(match, users, plies: int, rng: random.Random) -> None:
    from bench.playout import any_legal
    from games import services
    from games.models import Match
    from games.registry import get_engine

    engine = get_engine(match.game)
    choose = any_legal(engine)
    for _ in range(plies):
        match = Match.objects.get(pk=match.pk)
        state = engine.from_json(match.state)
        seat = engine.to_move(state)[0]
        move = choose(state, seat, rng)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)


class Stats:
    def __init__(self):
        self.sent: dict[tuple[int, int], float] = {}  # (match, ply after the move) -> send time
        self.latencies: list[float] = []
        self.moves = 0
        self.skips = 0
        self.errors = 0
        self.recording = False


async def client(
    url, cookie, match_id, seat, stats: Stats, rate, stop_at, done: asyncio.Event, origin
):
    """One browser tab: a player (seat 0/1) or a spectator (seat None)."""
    import websockets

    headers = {"Origin": origin}
    if cookie:
        headers["Cookie"] = cookie
    last_ply = -1
    async with websockets.connect(
        f"{url}/ws/match/{match_id}/", additional_headers=headers, max_size=2**22
    ) as ws:
        while not done.is_set() and time.monotonic() < stop_at:
            try:
                frame = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.monotonic()
            found = PLY.search(frame)
            if not found:
                stats.errors += 1
                continue
            ply, status = int(found.group(1)), found.group(2)
            if 'class="message"' in frame:
                stats.errors += 1
            if last_ply >= 0 and ply > last_ply + 1:
                stats.skips += 1
            if ply != last_ply:
                sent = stats.sent.get((match_id, ply))
                if sent is not None and seat != (ply - 1) % 2 and stats.recording:
                    stats.latencies.append(now - sent)
            last_ply = ply
            if status == "finished":
                done.set()
                break
            moves = MOVES.findall(frame)
            if seat is not None and moves and now < stop_at:
                # Think time: exponential with mean 1/rate, so each match moves about `rate`
                # times a second and the matches' moves arrive independently (as a Poisson
                # stream), not in lockstep.
                await asyncio.sleep(random.expovariate(rate))
                move = html.unescape(random.choice(moves))
                stats.sent[(match_id, ply + 1)] = time.monotonic()
                await ws.send(json.dumps({"move": move, "ply": ply}))
                stats.moves += stats.recording


async def run_slot(slot, urls, stats, rate, stop_at, spectators, origin):
    """Plays the slot's matches one after another until the time is up."""
    for index, match_id in enumerate(slot["matches"]):
        if time.monotonic() >= stop_at:
            return
        done = asyncio.Event()
        tasks = [
            client(
                urls[seat % len(urls)],
                slot["cookies"][seat],
                match_id,
                seat,
                stats,
                rate,
                stop_at,
                done,
                origin,
            )
            for seat in (0, 1)
        ]
        tasks += [
            client(
                urls[(index + s + 1) % len(urls)],
                None,
                match_id,
                None,
                stats,
                rate,
                stop_at,
                done,
                origin,
            )
            for s in range(spectators)
        ]
        await asyncio.gather(*tasks)


async def measure(slots, urls, rate, seconds, spectators_per_match, origin, warmup=3.0):
    stats = Stats()
    start = time.monotonic()
    stop_at = start + warmup + seconds
    runner = asyncio.gather(
        *(
            run_slot(s, urls, stats, rate, stop_at, spectators_per_match[i], origin)
            for i, s in enumerate(slots)
        )
    )
    await asyncio.sleep(warmup)
    stats.recording = True
    began = time.monotonic()
    await asyncio.sleep(seconds)
    stats.recording = False
    elapsed = time.monotonic() - began
    await runner
    return stats, elapsed


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def report(label, stats, elapsed):
    ms = [v * 1000 for v in stats.latencies]
    p50, p95, p99 = (percentile(ms, p) for p in (50, 95, 99))
    print(
        f"{label}: {stats.moves / elapsed:7.1f} moves/s | round trip ms p50 {p50:6.1f}  "
        f"p95 {p95:6.1f}  p99 {p99:6.1f}  (n={len(ms)}, mean {statistics.fmean(ms) if ms else 0:.1f}) | "
        f"skipped plies {stats.skips}, errors {stats.errors}",
        flush=True,
    )
    return p95


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100, help="concurrent matches (default 100)")
    parser.add_argument(
        "--spectators", type=int, default=100, help="extra spectators, spread over the matches"
    )
    parser.add_argument("--rate", type=float, default=1.0, help="moves per second per match")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per step")
    parser.add_argument(
        "--scale", action="store_true", help="PostgreSQL + Redis with two Daphne processes"
    )
    parser.add_argument(
        "--sweep",
        help="comma-separated match counts (spectators in proportion); stops when p95 reaches 50 ms",
    )
    args = parser.parse_args()

    from tests.browser.conftest import Server

    steps = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.matches]
    var_dir = Path(tempfile.mkdtemp(prefix="bench-"))
    env = setup_environment(args.scale, var_dir)
    per_slot = math.ceil((args.seconds + 10) * args.rate / PLIES_PER_MATCH) + 1
    servers = [Server(var_dir, env).start() for _ in range(2 if args.scale else 1)]
    urls = [s.url.replace("http", "ws", 1) for s in servers]
    mode = "PostgreSQL + Redis, 2 Daphne" if args.scale else "SQLite + in-memory, 1 Daphne"
    print(
        f"# {mode}; {args.rate:g} move/s per match; {args.seconds:g}s measured per step", flush=True
    )
    best = None
    try:
        for step, count in enumerate(steps):
            slots = create_slots(count, per_slot, tag=str(step))
            # A sweep keeps the ratio of spectators to matches (100 + 100: one per match).
            spectators = round(args.spectators * count / args.matches)
            extra = [spectators // count + (i < spectators % count) for i in range(count)]
            stats, elapsed = asyncio.run(
                measure(slots, urls, args.rate, args.seconds, extra, servers[0].url)
            )
            p95 = report(f"{count:4d} matches + {spectators} spectators", stats, elapsed)
            if p95 < 50:
                best = stats.moves / elapsed
            elif args.sweep:
                break
    finally:
        for s in servers:
            s.stop()
    if args.sweep:
        print(f"highest sustained load with p95 < 50 ms: {best or 0:.1f} moves/s")


if __name__ == "__main__":
    main()
