"""What idle API streams cost the server: memory, threads and CPU with N NDJSON streams open
and nothing happening but their keep-alive lines (docs/api.md).

Starts its own Daphne (``tooling.servers.Server``, embedded default: SQLite, in-memory
channel layer) on a fresh database, makes programs with tokens, opens ``--streams`` streams
(half event streams, half game streams of running matches) over plain sockets, holds them
``--seconds`` and prints the server's resident memory and threads before and with them open
and its CPU while they idle; then closes everything and stops. Bounded: it ends by itself.

With ``--matches N``, N program-vs-program matches play through the API at once instead:
each program holds its event stream and its game stream open, reads ``legal`` /
``legalSample`` and posts a random legal code when it is to move (tooling/programs.py);
the program to move resigns at ``--plies``, and every program stops after ``--seconds``.
Prints the server's resident memory, its CPU seconds per move, moves a second and the
p50/p95 round trip from a move's POST to the gameState on the opponent's stream.

    .venv/bin/python bench/api_streams.py                    # 500 streams, 30 s
    .venv/bin/python bench/api_streams.py --streams 200 --seconds 10
    .venv/bin/python bench/api_streams.py --matches 50       # 50 matches playing
    .venv/bin/python bench/api_streams.py --watchers 0 20 200 --plies 80  # on one match

With ``--watchers W …``, one program-vs-program match plays ``--plies`` plies while W more
game streams of it (a spectator program's) are open and read, on a fresh server for each W:
prints the server's CPU a move, its moves a second and, against the run without watchers,
the cost of one more stream per move. The setup is fixed and the programs' choices seeded,
so every run plays the same game. Then the write floor (``bench/stream_floor_app.py``): as
many streams on one server, each writing a constant line of the size the watchers read a
move, at each tick; its CPU per stream and tick against ticks with no stream open. All of
it ``--rounds`` times; at the end the median and range of each, and of the difference: what
a stream costs a move beyond its write (the streams of one match share one listener and
one line per audience and position, api/streams.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tooling import world  # noqa: E402
from tooling.programs import Client, MoveClock, play_all  # noqa: E402
from tooling.servers import Server  # noqa: E402

PER_TOKEN = 20
# A game's setup fixed where it draws one from the match's seed: with the programs' seeded
# choices and one hash seed (``_watch_env``), every run of ``--watchers`` plays the same game.
FLOOR_WRITES = 20_000  # lines written at least per figure of the write floor
OPTIONS = {"hive": {"blocked": [[1, 0, -1], [-2, 1, 1], [0, -3, 3]]}}  # 60 plies


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


def drain_events(client: Client, stop: threading.Event, seconds: float) -> None:
    """A program's event stream, held open and read until ``stop`` (or ``seconds``)."""
    response, lines = client.stream("/api/stream/event", within=seconds)
    try:
        for _ in lines:
            if stop.is_set():
                break
    except Exception:  # noqa: BLE001, S110 (the server closing it at the end is fine)
        pass
    finally:
        response.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def matches(args) -> None:
    """``--matches N``: N program-vs-program matches play through the API at once."""
    n = args.matches
    env = {
        "API_STREAMS_PER_ADDRESS": str(4 * n + 10),
        "API_REQUESTS_PER_ADDRESS": str(1_000_000),
        "API_REQUESTS_PER_MINUTE": str(1_000_000),
        "API_KEEPALIVE_SECONDS": str(args.keepalive),
        "DEBUG": "0",
    }
    with tempfile.TemporaryDirectory() as var:
        server = Server(Path(var), env)
        server.env["DEBUG"] = "0"
        server.migrate()
        users = [f"p{i}" for i in range(2 * n)]
        spec = {
            "users": [{"name": u, "program": True} for u in users],
            "matches": [
                {"game": args.game, "seats": users[i : i + 2]} for i in range(0, len(users), 2)
            ],
        }
        made = world.run_in(server.env, spec)
        server.start()
        try:
            time.sleep(1)
            pid = server.proc.pid
            idle = proc_status(pid)
            clients = {u: Client(server.url, made["tokens"][u]) for u in users}
            stop = threading.Event()
            events = [
                threading.Thread(
                    target=drain_events, args=(c, stop, args.seconds + 30), daemon=True
                )
                for c in clients.values()
            ]
            for thread in events:
                thread.start()
            peak = [idle["rss_mib"]]

            def sample():
                while not stop.wait(0.5):
                    peak[0] = max(peak[0], proc_status(pid)["rss_mib"])

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            time.sleep(1)  # the event streams open
            clock = MoveClock()
            pairs = [(clients[u], made["matches"][i // 2], i) for i, u in enumerate(users)]
            before_cpu, started = cpu_seconds(pid), time.monotonic()
            try:
                last = play_all(pairs, seconds=args.seconds, clock=clock, plies=args.plies)
                failed = None
            except Exception as error:  # noqa: BLE001 (reported below)
                last, failed = [], error
            elapsed = time.monotonic() - started
            spent = cpu_seconds(pid) - before_cpu
            playing = proc_status(pid)
            stop.set()
            for thread in events:
                thread.join(10)
            time.sleep(1)
            after = proc_status(pid)
        finally:
            server.stop()
    moves = clock.moves
    trips = clock.trips or [float("nan")]
    ends: dict = {}
    for state in last:
        if state:
            ends[state["status"]] = ends.get(state["status"], 0) + 1
    print(
        f"# api matches: {n} {args.game} matches, program against program, at once; "
        f"resign at ply {args.plies}, at most {args.seconds:g} s"
    )
    if failed is not None:
        print(f"NOT ALL FINISHED: {failed!r}")
    print(
        f"played:                    {moves} moves in {elapsed:.1f} s = {moves / elapsed:.0f} "
        f"moves/s; ends {dict(sorted(ends.items()))}"
    )
    print(
        f"server CPU:                {spent:.1f} s = {spent * 1000 / max(moves, 1):.1f} ms a move"
        f" ({spent / elapsed * 100:.0f} % of one core)"
    )
    print(
        f"move round trip:           p50 {percentile(trips, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(trips, 0.95) * 1000:.0f} ms (POST to the opponent's gameState,"
        f" {len(clock.trips)} timed)"
    )
    print(f"server idle:               RSS {idle['rss_mib']:7.1f} MiB, {idle['threads']} threads")
    print(
        f"while playing:             RSS {peak[0]:7.1f} MiB at most, "
        f"{playing['threads']} threads at the end"
    )
    print(f"after closing the streams: RSS {after['rss_mib']:7.1f} MiB, {after['threads']} threads")


async def drain_bytes(reader, counter: list) -> None:
    """Reads a stream to its end, counting its bytes in ``counter[0]``."""
    try:
        while data := await reader.read(65536):
            counter[0] += len(data)
    except (ConnectionError, asyncio.CancelledError):
        pass


def _watch(port, path, token, count, stop, ready, counter) -> None:
    """``count`` streams of ``path`` held open and read until ``stop`` (a thread); the bytes
    they read add up in ``counter[0]``."""

    async def run():
        streams = []
        for start in range(0, count, 50):
            batch = min(50, count - start)
            streams += await asyncio.gather(*(open_stream(port, path, token) for _ in range(batch)))
        readers = [asyncio.create_task(drain_bytes(r, counter)) for r, _ in streams]
        ready.set()
        await asyncio.get_running_loop().run_in_executor(None, stop.wait)
        for _, writer in streams:
            writer.close()
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)

    asyncio.run(run())


def _watchers(port, path, token, count, stop, counter) -> threading.Thread:
    """Opens ``count`` streams (``_watch``) and returns once they are open."""
    ready = threading.Event()
    holder = threading.Thread(
        target=_watch, args=(port, path, token, count, stop, ready, counter), daemon=True
    )
    holder.start()
    if not ready.wait(120):
        raise RuntimeError(f"{count} streams of {path} did not open")
    return holder


class PostClock(MoveClock):
    """A ``MoveClock`` that also notes the time and the server's CPU seconds at each POST."""

    def __init__(self, pid: int):
        super().__init__()
        self.pid = pid
        self.at: list[tuple[float, float]] = []

    def post(self, public_id: str, ply: int) -> None:
        super().post(public_id, ply)
        self.at.append((time.monotonic(), cpu_seconds(self.pid)))


def _watch_env(watchers: int, keepalive: float) -> dict:
    return {
        "API_STREAMS_PER_TOKEN": str(watchers + 10),
        "API_STREAMS_PER_ADDRESS": str(watchers + 20),
        "API_REQUESTS_PER_ADDRESS": str(1_000_000),
        "API_REQUESTS_PER_MINUTE": str(1_000_000),
        "API_KEEPALIVE_SECONDS": str(keepalive),
        "DEBUG": "0",
        # The engines list moves in the order of sets of strings: with one hash seed, the
        # programs' seeded choices make the same game in every run, so runs differ only in W.
        "PYTHONHASHSEED": "0",
    }


def _one_watched_match(args, watchers: int) -> dict:
    with tempfile.TemporaryDirectory() as var:
        server = Server(Path(var), _watch_env(watchers, args.keepalive))
        server.migrate()
        spec = {
            "users": [{"name": u, "program": True} for u in ("red", "blue", "watcher")],
            "matches": [
                {"game": args.game, "seats": ["red", "blue"], "options": OPTIONS.get(args.game)}
            ],
        }
        made = world.run_in(server.env, spec)
        server.start()
        stop, read, holder = threading.Event(), [0], None
        try:
            time.sleep(1)
            pid = server.proc.pid
            match = made["matches"][0]
            if watchers:
                path = f"/api/bot/game/stream/{match}"
                token = made["tokens"]["watcher"]
                holder = _watchers(server.port, path, token, watchers, stop, read)
            time.sleep(2)  # the openings settle
            opened = read[0]
            clients = [Client(server.url, made["tokens"][u]) for u in ("red", "blue")]
            clock = PostClock(pid)
            last = play_all(
                [(c, match, i) for i, c in enumerate(clients)],
                seconds=args.seconds,
                clock=clock,
                plies=args.plies,
            )
            # From the first POST to the last: the streams' ends, after the match's last
            # line, are not a move's cost (nor is the last move, its line the streams' last).
            (started, cpu_first), (ended, cpu_last) = clock.at[0], clock.at[-1]
            elapsed, spent = ended - started, cpu_last - cpu_first
            moves = len(clock.at) - 1
            time.sleep(0.5)  # the last lines arrive
            lines_read = read[0] - opened
            stop.set()
            if holder:
                holder.join(30)
        finally:
            server.stop()
    end = next((state for state in last if state), {}) or {}
    return {
        "moves": moves,
        "cpu": spent,
        "elapsed": elapsed,
        "trips": clock.trips,
        "end": f"{end.get('status')} at ply {end.get('ply')}",
        # What one stream read a move: a gameState line and its chunk's framing.
        "line": lines_read / watchers / max(clock.moves, 1) if watchers else None,
    }


def _floor(args, counts: list[int], line_bytes: int) -> dict[int, float]:
    """The write floor (``bench/stream_floor_app.py``) on one server: ms of server CPU per
    stream and tick with ``count`` streams open, for each count, beyond a tick without any."""
    env = {**_watch_env(max(counts), args.keepalive), "FLOOR_LINE_BYTES": str(line_bytes)}
    result = {}
    with tempfile.TemporaryDirectory() as var:
        server = Server(Path(var), env, app="bench.stream_floor_app:application")
        server.migrate()
        server.start()
        stop, read, holders = threading.Event(), [0], []
        try:
            time.sleep(1)
            pid = server.proc.pid
            session = requests.Session()

            def ticks(streams: int, count: int) -> float:
                """ms of server CPU a tick, each read by all ``streams`` before the next."""
                before = cpu_seconds(pid)
                for _ in range(count):
                    wanted = read[0] + streams * (line_bytes - 8)
                    session.post(f"{server.url}/floor/tick").raise_for_status()
                    deadline = time.monotonic() + 10
                    while read[0] < wanted and time.monotonic() < deadline:
                        time.sleep(0.002)
                return (cpu_seconds(pid) - before) * 1000 / count

            # Enough ticks for a CPU figure well above the clock's 10 ms steps.
            alone = ticks(0, max(args.plies, FLOOR_WRITES // min(counts)))
            opened = 0
            for count in sorted(counts):
                holders.append(
                    _watchers(server.port, "/floor/stream", "-", count - opened, stop, read)
                )
                opened = count
                time.sleep(2)
                result[count] = (
                    ticks(count, max(args.plies, FLOOR_WRITES // count)) - alone
                ) / count
            stop.set()
            for holder in holders:
                holder.join(30)
        finally:
            server.stop()
    return result


def _span(values: list[float]) -> str:
    """Median (min–max) of ``values``."""
    if len(values) == 1:
        return f"{values[0]:.3f}"
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def watched(args) -> None:
    """``--watchers W …``: one match with W more streams of it, per W, and the write floor
    at each W; ``--rounds`` times, then the ranges."""
    print(
        f"# api streams on one match: one {args.game} match, program against program, "
        f"up to {args.plies} plies (seeded random moves: the same game in every run), W more game "
        "streams of it open (a spectator's); the write floor: as many streams writing a "
        "constant line of the same size"
    )
    counts = [w for w in args.watchers if w]
    per_stream: dict[int, list[float]] = {w: [] for w in counts}
    floors: dict[int, list[float]] = {w: [] for w in counts}
    for round_ in range(1, args.rounds + 1):
        base, line_bytes = None, None
        for watchers in sorted({0, *args.watchers}):
            run = _one_watched_match(args, watchers)
            per_move = run["cpu"] * 1000 / max(run["moves"], 1)
            trips = run["trips"] or [float("nan")]
            line = (
                f"round {round_} W={watchers:4d}: {run['moves']} moves in {run['elapsed']:.1f} s"
                f" = {run['moves'] / run['elapsed']:.1f} moves/s, server CPU {per_move:.2f} ms "
                f"a move ({run['cpu'] / run['elapsed'] * 100:.0f} % of one core), round trip "
                f"p50 {percentile(trips, 0.5) * 1000:.0f} ms, ended {run['end']}"
            )
            if watchers == 0:
                base = per_move
            else:
                line_bytes = int(run["line"])
                cost = (per_move - base) / watchers
                per_stream[watchers].append(cost)
                line += f"; {cost:.3f} ms a move per stream ({line_bytes} bytes read a move)"
            print(line, flush=True)
        if counts:
            floor = _floor(args, counts, line_bytes)
            for count, cost in floor.items():
                floors[count].append(cost)
            print(
                f"round {round_} write floor ({line_bytes} bytes a line): "
                + ", ".join(f"W={c}: {cost:.3f} ms a tick per stream" for c, cost in floor.items()),
                flush=True,
            )
    print(f"# per stream and move, median (min–max) over {args.rounds} rounds, ms of server CPU")
    for count in counts:
        beyond = [c - f for c, f in zip(per_stream[count], floors[count], strict=True)]
        print(
            f"W={count:4d}: a stream {_span(per_stream[count])}, its write alone "
            f"{_span(floors[count])}, beyond the write {_span(beyond)} (same round)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=None, help="30; 180 with --matches")
    parser.add_argument("--keepalive", type=float, default=6, help="API_KEEPALIVE_SECONDS")
    parser.add_argument("--matches", type=int, default=0, help="matches playing at once")
    parser.add_argument("--game", default="hive", help="with --matches")
    parser.add_argument(
        "--plies", type=int, default=40, help="with --matches or --watchers: resign there"
    )
    parser.add_argument(
        "--watchers", type=int, nargs="*", default=None, help="streams on one match, per run"
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --watchers")
    args = parser.parse_args()
    if args.watchers is not None:
        args.seconds = args.seconds or 180
        watched(args)
        return
    if args.matches:
        args.seconds = args.seconds or 180
        matches(args)
        return
    args.seconds = args.seconds or 30
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
