"""Sockets and API streams that never read cannot grow a real server's memory, and cannot
slow the players who do read (issue #35 item 1, #55 item 7; the bound is config/serve.py's
``WEBSOCKET_OUTBOUND_BYTES``, at its default).

A real Daphne (``python -m config.serve``) plays three High Voltage matches between two
programs over the Bot API, one after the other: one to warm the server up, one with nobody
else, and one with ``DEAD`` spectator sockets and ``DEAD_STREAMS`` game streams open on it
that finished their handshake and never read a byte. Their receive buffers and segments are
set small before they connect, so the kernels on both sides take little (the server's send
buffer grows with the segment size: about 230 KiB a socket at loopback's 64 KiB segments,
all of a 480 KiB stream) and the server's process holds the rest. Measured without the
bound: each dead socket held about 2.4 MiB of a 150-ply match (17 KiB a push), 40 of them
about 100 MiB, and the streams were never cut. Under the old default of 2 MiB a socket, a
dead socket was dropped only after about 135 of the 150 plies (it held up to 2 MiB until
then); at 256 KiB it is dropped within the first 40 or so, which the test reads from each
dead socket's TCP state (``TCP_INFO``) at every move, without reading a byte.
"""

import base64
import os
import re
import socket
import statistics

import pytest

from tooling import world
from tooling.programs import Client, MoveClock, play_all
from tooling.servers import Server, isolated_env

GAME, PLIES = "high-voltage", 150
DEAD, DEAD_STREAMS = 40, 10
OPEN = {  # WEBSOCKET_OUTBOUND_BYTES at its default (256 KiB): what a site runs
    # One address opens them all: the caps must not refuse them before the bound is met.
    "SOCKETS_PER_ADDRESS": "1000",
    "SOCKETS_PER_SESSION": "1000",
    "API_STREAMS_PER_TOKEN": "1000",
    "API_STREAMS_PER_ADDRESS": "1000",
    "API_REQUESTS_PER_MINUTE": "100000",
    "API_REQUESTS_PER_ADDRESS": "100000",
}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("dead"), {**isolated_env("dead"), **OPEN})
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


def rss_bytes(pid: int) -> int:
    status = open(f"/proc/{pid}/status").read()  # noqa: SIM115 (read at once)
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1)) * 1024


def never_reading(server, path: str, headers: dict) -> socket.socket:
    """A connection that sends its request, reads the answer's status line and headers, and
    then nothing: with a 4 KiB receive buffer and 1 KiB segments, the kernels soon stop
    taking what comes."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1024)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{server.port}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # byte by byte: not one byte of the body
        head += sock.recv(1)
    assert head.split(b" ", 2)[1] in (b"101", b"200"), head
    return sock


def spectator_socket(server, public_id: str) -> socket.socket:
    key = base64.b64encode(os.urandom(16)).decode()
    headers = {
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": key,
        "Sec-WebSocket-Version": "13",
        "Origin": server.url,  # no compression offered: every push is whole on the wire
    }
    return never_reading(server, f"/ws/match/{public_id}/", headers)


def game_stream(server, public_id: str, token: str) -> socket.socket:
    return never_reading(
        server, f"/api/bot/game/stream/{public_id}", {"Authorization": f"Bearer {token}"}
    )


def still_open(sock: socket.socket) -> bool:
    """Whether the server has neither closed nor dropped ``sock``, read off its TCP state
    (ESTABLISHED, 1) without taking a byte from it."""
    try:
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] == 1
    except OSError:
        return False


class EndWatch(MoveClock):
    """A move clock that, at every move posted, notes how many moves had been posted when
    each of ``dead`` was seen closed by the server."""

    def __init__(self, dead: list[socket.socket]):
        super().__init__()
        self.dead, self.ended_at = dead, {}

    def post(self, public_id: str, ply: int) -> None:
        super().post(public_id, ply)
        for i, sock in enumerate(self.dead):
            if i not in self.ended_at and not still_open(sock):
                self.ended_at[i] = self.moves


def ended_by_the_server(sock: socket.socket) -> bool:
    """Reads what the kernel kept and then waits: True when the connection ends (the server
    closed or dropped it), False when it stays open with nothing more to read."""
    sock.settimeout(5)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    finally:
        sock.close()
    return True


def test_sockets_and_streams_that_never_read_are_dropped_and_cost_the_readers_little(served):
    server = served
    names = [{"name": n, "program": True} for n in ("dead-a", "dead-b")]
    spec = {"users": names, "matches": [{"game": GAME, "seats": ["dead-a", "dead-b"]}] * 3}
    made = world.run_in(server.env, spec)
    a, b = (Client(server.url, made["tokens"][n]) for n in ("dead-a", "dead-b"))

    def plays(public_id, clock=None):
        clock = clock or MoveClock()
        play_all([(a, public_id, 1), (b, public_id, 2)], clock=clock, plies=PLIES, seconds=240)
        assert clock.moves >= PLIES - 1, clock.moves
        return clock

    warm, alone, watched = made["matches"]
    plays(warm)  # the server's caches and code paths warm
    start = rss_bytes(server.proc.pid)
    quiet = plays(alone)
    after_alone = rss_bytes(server.proc.pid)
    dead = [spectator_socket(server, watched) for _ in range(DEAD)]
    dead += [game_stream(server, watched, made["tokens"]["dead-a"]) for _ in range(DEAD_STREAMS)]
    crowded = plays(watched, EndWatch(dead[:DEAD]))
    after_watched = rss_bytes(server.proc.pid)

    # What the dead ones cost beyond a match played alone: without the bound, each socket
    # would hold what it was sent (about 100 MiB in all); with it, each holds at most BOUND.
    alone_grew, watched_grew = after_alone - start, after_watched - after_alone
    extra = (watched_grew - alone_grew) / 2**20
    figures = f"grew {alone_grew / 2**20:.0f} MiB alone, {watched_grew / 2**20:.0f} MiB watched"
    assert extra < 40, figures
    # When each dead spectator's socket was dropped: after what the bound and the kernels
    # hold (256 KiB + about 230 KiB) at about 17 KiB a push, never half the match on.
    late = sorted(crowded.ended_at.get(i, PLIES + 1) for i in range(DEAD))
    assert late[-1] <= PLIES // 2, f"dropped after moves {late} ({figures})"
    ended = [ended_by_the_server(sock) for sock in dead]
    assert all(ended), f"{ended.count(False)} of {len(dead)} still open ({figures})"

    before, during = statistics.median(quiet.trips), statistics.median(crowded.trips)
    assert during < 4 * before + 0.05, f"median move {before * 1000:.0f} → {during * 1000:.0f} ms"
