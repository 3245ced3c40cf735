"""What idle API streams cost the server: memory, threads and CPU with N NDJSON streams open
and nothing happening but their keep-alive lines (docs/api.md).

Starts its own Daphne (``tooling.servers.Server``, embedded default: SQLite, in-memory
channel layer) on a fresh database, makes programs with tokens, opens ``--streams`` streams
(half event streams, half game streams of running matches) over plain sockets, holds them
``--seconds`` and prints the server's resident memory and threads before and with them open
and its CPU while they idle; then closes everything and stops. Bounded: it ends by itself.

    .venv/bin/python bench/api_streams.py                    # 500 streams, 30 s
    .venv/bin/python bench/api_streams.py --streams 200 --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.api import world  # noqa: E402
from tooling.servers import Server  # noqa: E402

PER_TOKEN = 20


def proc_status(pid: int) -> dict:
    fields = {}
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = row.partition(":")
        fields[key] = value.strip()
    return {"rss_mib": int(fields["VmRSS"].split()[0]) / 1024, "threads": int(fields["Threads"])}


def cpu_seconds(pid: int) -> float:
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


async def open_stream(port: int, path: str, token: str):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"{path}: {status!r}")
    return reader, writer


async def drain(reader, counter: list) -> None:
    """Reads what a stream sends (its keep-alive lines) so the server never waits on us."""
    try:
        while await reader.read(4096):
            counter[0] += 1
    except (ConnectionError, asyncio.CancelledError):
        pass


async def hold(port: int, targets: list[tuple[str, str]], seconds: float, pid: int) -> dict:
    streams = []
    for start in range(0, len(targets), 50):  # in batches, as programs would come
        batch = targets[start : start + 50]
        streams += await asyncio.gather(*(open_stream(port, p, t) for p, t in batch))
    counter = [0]
    readers = [asyncio.create_task(drain(r, counter)) for r, _ in streams]
    await asyncio.sleep(2)  # the openings settle
    before_cpu, opened = cpu_seconds(pid), proc_status(pid)
    started = time.monotonic()
    await asyncio.sleep(seconds)
    spent = cpu_seconds(pid) - before_cpu
    elapsed = time.monotonic() - started
    for _, writer in streams:
        writer.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return {"open": opened, "cpu": spent / elapsed, "reads": counter[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--keepalive", type=float, default=6, help="API_KEEPALIVE_SECONDS")
    args = parser.parse_args()
    n = args.streams
    env = {
        "API_STREAMS_PER_TOKEN": str(PER_TOKEN),
        "API_STREAMS_PER_ADDRESS": str(n + 10),
        "API_REQUESTS_PER_ADDRESS": str(n * 4),
        "API_KEEPALIVE_SECONDS": str(args.keepalive),
        "DEBUG": "0",
    }
    with tempfile.TemporaryDirectory() as var:
        server = Server(Path(var), env)
        server.env["DEBUG"] = "0"
        server.migrate()
        # Programs in pairs; each pair plays one running match (untimed: nothing moves).
        users = [f"p{i}" for i in range(max(2, 2 * ((n + 2 * PER_TOKEN - 1) // (2 * PER_TOKEN))))]
        spec = {
            "users": [{"name": u, "program": True} for u in users],
            "matches": [
                {"game": "hive", "seats": users[i : i + 2]} for i in range(0, len(users), 2)
            ],
        }
        made = world.run_in(server.env, spec)
        server.start()
        try:
            time.sleep(1)
            pid = server.proc.pid
            idle = proc_status(pid)
            targets = []
            for i in range(n):
                user = users[(i // (PER_TOKEN // 2 * 2)) % len(users)]
                user = users[i % len(users)]
                token = made["tokens"][user]
                if i % 2:
                    match = made["matches"][users.index(user) // 2]
                    targets.append((f"/api/bot/game/stream/{match}", token))
                else:
                    targets.append(("/api/stream/event", token))
            figures = asyncio.run(hold(server.port, targets, args.seconds, pid))
            time.sleep(2)
            after = proc_status(pid)
        finally:
            server.stop()
    opened = figures["open"]
    print(
        f"# api streams: {n} open ({n - n // 2} event, {n // 2} game), keep-alive every "
        f"{args.keepalive:g} s, held {args.seconds:g} s"
    )
    print(f"server idle, no streams:   RSS {idle['rss_mib']:7.1f} MiB, {idle['threads']} threads")
    print(
        f"with {n} streams open:   RSS {opened['rss_mib']:7.1f} MiB, {opened['threads']} threads"
        f"  (+{(opened['rss_mib'] - idle['rss_mib']) * 1024 / n:.1f} KiB a stream)"
    )
    print(
        f"CPU while they idle:       {figures['cpu'] * 100:.1f} % of one core "
        f"({figures['reads']} keep-alive reads)"
    )
    print(f"after closing them:        RSS {after['rss_mib']:7.1f} MiB, {after['threads']} threads")


if __name__ == "__main__":
    main()
