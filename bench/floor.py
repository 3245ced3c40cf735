"""The stack's floor: server CPU per move and round trip of the live path with the game
taken out (``bench/floor_app.py``), beside which `bench/load.py`'s figures can be read.

Same Daphne (``config.serve``, compression on unless ``WEBSOCKET_COMPRESSION=0``), same
in-memory channel layer, same SQLite database setup, same load shape as `bench/load.py`:
per table two players and ``--spectators`` watchers on their own sockets, each player
answering the other's push after an exponential think time (mean one second). A move is
one small frame in and one group send of a page out (31 KiB of HTML changing by about
2.5 KiB); ``--database`` adds the least a move must write (three queries in one
transaction). Nothing is rendered, checked or looked up.

    .venv/bin/python bench/floor.py                 # the framework: Daphne, Channels, sockets
    .venv/bin/python bench/floor.py --database      # and the three queries a move needs at least

What `bench/load.py` measures above this floor on the same machine is the table's own
work: checking and recording a move, rendering its audiences, presence and notices.
"""

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import ServerCPU, percentile, setup_environment  # noqa: E402


class Tally:
    def __init__(self):
        self.sent: dict[tuple[int, int], float] = {}  # (table, ply after the move) -> send time
        self.latencies: list[float] = []
        self.moves = 0
        self.recording = False
        self.stop_at = float("inf")


async def viewer(url: str, table: int, seat: int | None, tally: Tally, ready: asyncio.Event):
    """A player (seat 0 or 1: moves when the pushed ply is its turn) or a spectator (None)."""
    import websockets

    async with websockets.connect(f"{url}/floor/{table}/", max_size=2**22) as ws:
        await ready.wait()
        if seat == 0:
            await ws.send(json.dumps({"ply": 0}))  # the first move opens the table
        while time.monotonic() < tally.stop_at:
            try:
                frame = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            ply = int(frame[frame.index('data-ply="') + 10 : frame.index('">')])
            # Measured at the opponent and at every spectator, as bench/load.py measures it.
            sent = tally.sent.get((table, ply)) if seat != (ply - 1) % 2 else None
            if sent is not None and tally.recording:
                tally.latencies.append(time.monotonic() - sent)
            if seat is None or ply % 2 != seat:
                continue
            await asyncio.sleep(random.expovariate(1.0))
            tally.sent[(table, ply + 1)] = time.monotonic()
            await ws.send(json.dumps({"ply": ply}))
            tally.moves += tally.recording


async def measure(url, tables: list[int], spectators: int, seconds: float, cpu) -> tuple:
    tally, ready = Tally(), asyncio.Event()
    sockets = [
        viewer(url, table, seat, tally, ready)
        for table in tables
        for seat in (0, 1, *([None] * spectators))
    ]
    runner = asyncio.gather(*sockets)
    await asyncio.sleep(5)  # the sockets open
    ready.set()
    await asyncio.sleep(3)  # every table is moving
    before, client_before = cpu.sample(), time.process_time()
    tally.recording, began = True, time.monotonic()
    await asyncio.sleep(seconds)
    tally.recording, elapsed = False, time.monotonic() - began
    client = (time.process_time() - client_before) / elapsed
    spent = ServerCPU.spent(before, cpu.sample())
    tally.stop_at = time.monotonic()
    await runner
    return tally, elapsed, spent, client


def tables_for(count: int, database: bool) -> list[int]:
    """Table numbers: with the database, real matches whose rows the moves lock and write."""
    if not database:
        return list(range(count))
    from accounts.models import User
    from games import services

    a, b = User.objects.create(username="floor-a"), User.objects.create(username="floor-b")
    tables = []
    for _ in range(count):
        match = services.match_create(game="powerdrain", creator=a, seat=0)
        tables.append(services.match_join(match_id=match.pk, user=b).pk)
    return tables


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100, help="tables (default 100)")
    parser.add_argument("--spectators", type=int, default=1, help="watchers per table")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--database", action="store_true", help="write what a move must")
    args = parser.parse_args()

    from tooling.servers import Server

    env = setup_environment(False, Path(tempfile.mkdtemp(prefix="floor-")))
    env["FLOOR_DATABASE"] = "1" if args.database else "0"
    tables = tables_for(args.matches, args.database)
    server = Server(Path(env["VAR_DIR"]), env, app="bench.floor_app:application").start()
    try:
        url = server.url.replace("http", "ws", 1)
        tally, elapsed, spent, client = asyncio.run(
            measure(url, tables, args.spectators, args.seconds, ServerCPU([server], env))
        )
    finally:
        server.stop()
    ms = [v * 1000 for v in tally.latencies]
    moves = max(tally.moves, 1)
    print(
        f"# floor{' + database' if args.database else ''}: {args.matches} tables, "
        f"{args.spectators} spectator(s) each, {args.seconds:g}s measured\n"
        f"{tally.moves / elapsed:7.1f} moves/s | round trip ms p50 {percentile(ms, 50):6.1f}  "
        f"p95 {percentile(ms, 95):6.1f}  (n={len(ms)}, mean {statistics.fmean(ms) if ms else 0:.1f})\n"
        f"    server CPU {sum(spent.values()) * 1000 / moves:.2f} ms/move | "
        f"load client {client:.0%} of a core",
        flush=True,
    )


if __name__ == "__main__":
    main()
