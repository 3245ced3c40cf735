"""Load benchmark: many concurrent matches over real WebSockets.

Starts its own Daphne server(s) on a fresh database, seats simulated players and
spectators, and lets every match move ``rate`` times a second on average with random
legal moves (the mover thinks for an exponentially distributed time, so moves arrive
independently, as from people). Every match starts at a random ply of a random game,
so boards are of all sizes; ``--games all`` mixes the five games, the default plays
Powerdrain alone. Prints per run:

- moves per second and the move round trip (player sends → opponent and spectators
  receive the new ply) as p50/p95/p99, and how many pushes a client saw skip a ply
  (it resynchronises from the next full fragment, so a skip is never silent);
- server CPU milliseconds per move, from the operating system's accounting of every
  server process over the measured window (Daphne; on the scale path also this
  database's PostgreSQL backends and the Redis server, which other users may share);
- bytes pushed per move (to all viewers) and per push (median, p95, max), on the wire
  (compressed, as the socket read them) and as HTML;
- this script's own CPU share: above a third of a core its queueing inflates the round trip.

Timings depend on the machine and on what else runs there; CPU per move and bytes
travel between machines far better.

    .venv/bin/python bench/load.py                      # embedded: SQLite + in-memory layer
    .venv/bin/python bench/load.py --games all          # the five games mixed
    .venv/bin/python bench/load.py --scale              # PostgreSQL + Redis, two Daphne processes
    .venv/bin/python bench/load.py --sweep 100,200,300  # highest load with p95 under 50 ms
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
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

from websockets.asyncio.client import ClientConnection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLY = re.compile(r'id="board"[^>]*data-ply="(\d+)"[^>]*data-status="(\w+)"')
GAMES = ("powerdrain", "high-voltage", "high-voltage-companies", "hive", "triangulum")
PLIES_PER_MATCH = 16  # Powerdrain's length, which sets how many matches a slot may need
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
RAMP = 10.0  # seconds over which the slots open their first matches


def setup_environment(scale: bool, var_dir: Path) -> dict:
    # Every simulated viewer connects from this one address, spectators without a session.
    env = {
        "VAR_DIR": str(var_dir),
        "DEBUG": "0",
        "SECRET_KEY": "bench",
        "SOCKETS_PER_ADDRESS": "1000000",
        "SOCKETS_PER_SESSION": "1000000",
        # Its two players per slot hold every match of the slot.
        "RUNNING_MATCHES_PER_PERSON": "1000000",
        "NEW_MATCHES_PER_HOUR": "1000000",
    }
    if scale:
        from tooling.servers import fresh_postgres_database

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


def bot_plies() -> int:
    """Plies the computer matches have played so far (they show the worker really thinks)."""
    from django.db.models import Sum

    from games.models import Match

    return (
        Match.objects.filter(created_by__username="bench-bot-host").aggregate(n=Sum("ply"))["n"]
        or 0
    )


def create_bot_matches(count: int) -> None:
    """Hive matches between two Hard computer players, which think in the worker (a second apart: BOT_PACE_SECONDS)."""
    from django.test import override_settings

    from accounts.models import User
    from games import services

    host = User.objects.create(username="bench-bot-host")
    # More than one person may start (COMPUTER_MATCHES_PER_PERSON): the load is the point.
    with override_settings(COMPUTER_MATCHES_PER_PERSON=count, COMPUTER_MATCHES_TOTAL=count):
        for _ in range(count):
            services.match_create(game="hive", creator=host, bots={0: "hard", 1: "hard"})


def create_slots(slots: int, matches_per_slot: int, tag: str, games: list[str]):
    """Returns, per slot, its players' cookies and matches (game, id, ply, engine state).

    Slots take the games in turn. Each slot's first match starts at a random ply of a random
    game of its own, so boards of all sizes and move lists of all lengths are on screen at
    once, and matches end (and viewers move on to the next one) at all times; the next ones
    start from the beginning, as new matches do.
    """
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
        game = games[slot % len(games)]
        matches = []
        for index in range(matches_per_slot):
            match = services.match_create(game=game, creator=a, seat=0)
            match = services.match_join(match_id=match.pk, user=b)
            matches.append(play_ahead(match, rng, index == 0))
        result.append({"matches": matches, "cookies": [cookie(a), cookie(b)]})
    return result


def play_ahead(match, rng: random.Random, ahead: bool) -> dict:
    """With ``ahead``, moves ``match`` to a random ply short of the end of a random game,
    written as the move service writes it (state, ply, move log): the set-up is not what
    is measured. Returns what the players need: the match's ids, engine and position."""
    from games.models import Move
    from games.registry import get_engine

    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    if not ahead:
        return {
            "id": match.pk,
            "public_id": match.public_id,
            "engine": engine,
            "states": {0: state},
        }
    states, moves = [state], []
    while movers := engine.to_move(state):
        move = engine.random_move(state, movers[0], rng)
        moves.append((movers[0], move))
        state = engine.apply(state, movers[0], move)
        states.append(state)
    ply = rng.randrange(max(1, len(moves) - 1))
    Move.objects.bulk_create(
        Move(match=match, ply=i, seat=seat, move=move) for i, (seat, move) in enumerate(moves[:ply])
    )
    match.ply, match.state = ply, engine.to_json(states[ply])
    match.save(update_fields=["ply", "state"])
    return {
        "id": match.pk,
        "public_id": match.public_id,
        "engine": engine,
        "states": {ply: states[ply]},
    }


class Stats:
    def arrived(self) -> None:
        if self.opened + self.refused >= self.expected:
            self.all_open.set()

    def __init__(self):
        self.sent: dict[tuple[int, int], float] = {}  # (match, ply after the move) -> send time
        self.latencies: list[float] = []
        self.pushes: list[int] = []  # bytes of each frame a client received while recording
        self.wire: list[int] = []  # the same frames' bytes on the wire (compressed)
        self.moves = 0
        self.skips = 0
        self.errors = 0
        self.refused = 0  # sockets that could not be opened
        self.opened = 0  # sockets that received their first board
        self.expected = 0  # sockets the first matches open
        self.all_open = asyncio.Event()
        self.recording = False
        self.stop_at = math.inf  # when the tabs stop moving
        self.client_cpu = 0.0  # this script's share of a core over the measured window
        self.server_cpu: dict[str, float] = {}  # CPU seconds per server component, same window


async def client(url, cookie, match, seat, stats: Stats, rate, done):
    """One browser tab: a player (seat 0/1) or a spectator (seat None).

    A player moves from the positions this script itself played (``match["states"]``
    by ply): only its players move, so it knows every position without reading secrets
    off a board, and picks moves the way the engine benchmarks do.
    """
    import websockets

    # A page's socket goes to the server that served the page: the Origin is that server.
    headers = {"Origin": url.replace("ws", "http", 1)}
    if cookie:
        headers["Cookie"] = cookie
    match_id, engine, states = match["id"], match["engine"], match["states"]
    last_ply = -1
    try:
        ws = await websockets.connect(
            f"{url}/ws/match/{match['public_id']}/",
            additional_headers=headers,
            max_size=2**22,
            open_timeout=60,  # the first boards of long matches take a while to build
            create_connection=CountingConnection,
        )
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
        stats.refused += 1  # an overloaded server: counted, and the other tabs play on
        stats.arrived()
        return
    async with ws:
        while not done.is_set() and time.monotonic() < stats.stop_at:
            try:
                frame = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.monotonic()
            if last_ply < 0:
                stats.opened += 1
                stats.arrived()
            wire = ws.wire_sizes.next()
            if stats.recording:
                stats.pushes.append(len(frame.encode()))
                stats.wire.append(wire)
            found = PLY.search(frame)
            if not found:
                stats.errors += 1
                continue
            ply, status = int(found.group(1)), found.group(2)
            if '<p class="message"' in frame:  # a refusal's words (not the hidden rematch line)
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
            state = states.get(ply)
            if seat is None or state is None or seat not in engine.to_move(state):
                continue
            if now < stats.stop_at:
                # Think time: exponential with mean 1/rate, so each match moves about `rate`
                # times a second and the matches' moves arrive independently (as a Poisson
                # stream), not in lockstep.
                await asyncio.sleep(random.expovariate(rate))
                move = engine.random_move(state, seat, random)
                states[ply + 1] = engine.apply(state, seat, move)
                states.pop(ply - 1, None)
                stats.sent[(match_id, ply + 1)] = time.monotonic()
                await ws.send(json.dumps({"t": "move", "move": move, "ply": ply}))
                stats.moves += stats.recording


class WireSizes:
    """The size on the wire of each data frame a socket receives, in order: the bytes as read,
    before they are decompressed (permessage-deflate, which the client offers and the
    server accepts), past the handshake's response and cut into frames by their headers
    (RFC 6455 §5.2). Daphne sends each message as one frame, so ``next()`` is the size
    of the message ``recv`` returned."""

    def __init__(self):
        self.buffer = b""
        self.open = False  # past the handshake's HTTP response
        self.sizes: collections.deque[int] = collections.deque()

    def feed(self, data: bytes) -> None:
        self.buffer += data
        if not self.open:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            self.open, self.buffer = True, self.buffer[end + 4 :]
        while len(self.buffer) >= 2:
            opcode, length = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F
            header = 2 + {126: 2, 127: 8}.get(length, 0)
            if len(self.buffer) < header:
                return
            if length >= 126:
                length = int.from_bytes(self.buffer[2:header], "big")
            if len(self.buffer) < header + length:
                return
            if opcode in (0, 1, 2):  # continuation, text, binary: not pings
                self.sizes.append(header + length)
            self.buffer = self.buffer[header + length :]

    def next(self) -> int:
        return self.sizes.popleft() if self.sizes else 0


class CountingConnection(ClientConnection):
    """The client's connection, measuring frames as they arrive (``WireSizes``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.wire_sizes = WireSizes()

    def data_received(self, data: bytes) -> None:
        self.wire_sizes.feed(data)
        super().data_received(data)


async def run_slot(slot, urls, stats, rate, spectators, delay):
    """Plays the slot's matches one after another until the time is up, the first after
    ``delay`` seconds: Daphne drops a socket not accepted within five seconds, and the
    first board of a long match replays its move list, so the tabs open over a while."""
    await asyncio.sleep(delay)
    for index, match in enumerate(slot["matches"]):
        if time.monotonic() >= stats.stop_at:
            return
        done = asyncio.Event()
        tasks = [
            client(
                urls[seat % len(urls)],
                slot["cookies"][seat],
                match,
                seat,
                stats,
                rate,
                done,
            )
            for seat in (0, 1)
        ]
        tasks += [
            client(
                urls[(index + s + 1) % len(urls)],
                None,
                match,
                None,
                stats,
                rate,
                done,
            )
            for s in range(spectators)
        ]
        await asyncio.gather(*tasks)


class ServerCPU:
    """CPU seconds the operating system charged to the server processes, per component."""

    def __init__(self, servers, env: dict):
        self.pids = [server.proc.pid for server in servers]
        self.database = env.get("DATABASE_URL")
        self.redis = env.get("REDIS_URL")

    def sample(self) -> dict[str, float]:
        used = {"daphne": sum(process_cpu(pid) for pid in self.pids)}
        if self.database:
            import psycopg

            base, _, name = self.database.rpartition("/")
            with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
                rows = conn.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,)
                ).fetchall()
            # Backends are keyed by pid: one that ends in the window drops out (Daphne's
            # connections are persistent, so that is rare).
            used.update({f"pg:{pid}": process_cpu(pid) for (pid,) in rows})
        if self.redis:
            import redis

            info = redis.Redis.from_url(self.redis).info("cpu")
            used["redis"] = info["used_cpu_user"] + info["used_cpu_sys"]
        return used

    @staticmethod
    def spent(before: dict, after: dict) -> dict[str, float]:
        """Seconds per component between two samples (a backend born in between from zero)."""
        total: dict[str, float] = {}
        for name, value in after.items():
            component = name.partition(":")[0]
            total[component] = total.get(component, 0.0) + value - before.get(name, 0.0)
        return total


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of ``pid`` (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


async def measure(slots, urls, rate, seconds, spectators_per_match, cpu, warmup=3.0):
    stats = Stats()
    start = time.monotonic()
    stats.stop_at = start + 120 + warmup + seconds  # set once the tabs are open

    runner = asyncio.gather(
        *(
            run_slot(s, urls, stats, rate, spectators_per_match[i], i * RAMP / len(slots))
            for i, s in enumerate(slots)
        )
    )
    # The first boards of long matches replay their move lists: a start-up cost, so the
    # window opens once every first tab has its board (or two minutes have passed).
    stats.expected = sum(2 + n for n in spectators_per_match)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stats.all_open.wait(), 120)
    stats.stop_at = time.monotonic() + warmup + seconds
    await asyncio.sleep(warmup)
    server_before, client_before = cpu.sample(), time.process_time()
    stats.recording = True
    began = time.monotonic()
    await asyncio.sleep(seconds)
    stats.recording = False
    elapsed = time.monotonic() - began
    stats.client_cpu = (time.process_time() - client_before) / elapsed
    stats.server_cpu = ServerCPU.spent(server_before, cpu.sample())
    await runner
    return stats, elapsed


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def kib_line(label: str, sizes: list[int], moves: int) -> str:
    return (
        f"pushed {label}: {sum(sizes) / moves / 1024:.1f} KiB/move; per push KiB median "
        f"{percentile(sizes, 50) / 1024:.1f}  p95 {percentile(sizes, 95) / 1024:.1f}  "
        f"max {max(sizes) / 1024:.1f}"
    )


def report(label, stats, elapsed):
    ms = [v * 1000 for v in stats.latencies]
    p50, p95, p99 = (percentile(ms, p) for p in (50, 95, 99))
    moves = max(stats.moves, 1)
    cpu = " + ".join(f"{name} {s * 1000 / moves:.2f}" for name, s in stats.server_cpu.items())
    total_cpu = sum(stats.server_cpu.values()) * 1000 / moves
    pushes, wire = stats.pushes or [0], stats.wire or [0]
    print(
        f"{label}: {stats.moves / elapsed:7.1f} moves/s | round trip ms p50 {p50:6.1f}  "
        f"p95 {p95:6.1f}  p99 {p99:6.1f}  (n={len(ms)}, mean {statistics.fmean(ms) if ms else 0:.1f}) | "
        f"skipped plies {stats.skips}, errors {stats.errors}, "
        f"sockets refused {stats.refused}\n"
        f"    server CPU {total_cpu:.2f} ms/move ({cpu}) | load client {stats.client_cpu:.0%} of a core\n"
        f"    {kib_line('on the wire', wire, moves)}\n"
        f"    {kib_line('as HTML', pushes, moves)} (n={len(stats.pushes)})",
        flush=True,
    )
    if stats.client_cpu > 1 / 3:
        print(
            "    warning: the load client used more than a third of a core; its own queueing "
            "inflates the round trip",
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
        "--games",
        default="powerdrain",
        help=f"comma-separated games, or 'all' for the mixed workload ({', '.join(GAMES)})",
    )
    parser.add_argument(
        "--bots",
        type=int,
        default=0,
        help="computer-vs-computer Hive matches at Hard thinking beside the human load, "
        "in one worker process (default 0: no worker)",
    )
    parser.add_argument(
        "--sweep",
        help="comma-separated match counts (spectators in proportion); stops when p95 reaches 50 ms",
    )
    args = parser.parse_args()

    from tooling.servers import Server

    steps = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.matches]
    games = list(GAMES) if args.games == "all" else args.games.split(",")
    var_dir = Path(tempfile.mkdtemp(prefix="bench-"))
    env = setup_environment(args.scale, var_dir)
    per_slot = math.ceil((args.seconds + 10) * args.rate / PLIES_PER_MATCH) + 1
    create_bot_matches(args.bots)  # before the worker starts: it finds them in the database
    servers = [
        Server(var_dir, env, worker=bool(args.bots) and i == 0).start()
        for i in range(2 if args.scale else 1)
    ]
    urls = [s.url.replace("http", "ws", 1) for s in servers]
    cpu = ServerCPU(servers, env)
    mode = "PostgreSQL + Redis, 2 Daphne" if args.scale else "SQLite + in-memory, 1 Daphne"
    print(
        f"# {mode}; {', '.join(games)}; {args.rate:g} move/s per match; "
        f"{args.seconds:g}s measured per step; {args.bots} computer matches thinking",
        flush=True,
    )
    best = None
    try:
        for step, count in enumerate(steps):
            slots = create_slots(count, per_slot, tag=str(step), games=games)
            # A sweep keeps the ratio of spectators to matches (100 + 100: one per match).
            spectators = round(args.spectators * count / args.matches)
            extra = [spectators // count + (i < spectators % count) for i in range(count)]
            before = bot_plies()
            stats, elapsed = asyncio.run(measure(slots, urls, args.rate, args.seconds, extra, cpu))
            p95 = report(f"{count:4d} matches + {spectators} spectators", stats, elapsed)
            if args.bots:
                print(f"    computer matches: {bot_plies() - before} plies played meanwhile")
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
