"""One socket cannot exhaust the server's memory by sending frames faster than they are handled.

A real Daphne (``python -m config.serve``, as `make run` starts it) reads every frame off the
wire as soon as it arrives; the consumer's frame budget only sees a frame once its turn in the
connection's queue comes. Without a bound where frames are read, every frame an anonymous
spectator floods stays queued, about 6 KiB of server memory per 4,000-byte frame (figures in
config/serve.py).
"""

import json
import re
import time
from urllib.request import urlopen

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tooling.servers import Server, isolated_env

FRAME = json.dumps({"t": "sync", "ply": 0, "status": "x" * 3963})  # 4,000 bytes of text
FLOOD_SECONDS = 3
MIGRATE_AND_CREATE_MATCH = (  # one Django start-up instead of two: the test stays short
    "from django.core.management import call_command; call_command('migrate', verbosity=0); "
    "from accounts.models import User; from games import services; "
    "host = User.objects.create(username='flood-host'); "
    "print(services.match_create(game='powerdrain', creator=host, seat=0).get_absolute_url())"
)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server of its own (the flood must not slow other tests' server) and a waiting match."""
    srv = Server(tmp_path_factory.mktemp("flood"), isolated_env("flood"))
    created = srv.shell(MIGRATE_AND_CREATE_MATCH)
    srv.start()
    try:
        # The socket a spectator's page opens, without the position it shows: the server
        # then sends the whole fragment on connect.
        page = urlopen(srv.url + created.split()[-1], timeout=10).read().decode()
        socket_path = re.search(r'ws-connect="([^"?]+)', page).group(1)
        yield srv, f"ws://127.0.0.1:{srv.port}{socket_path}"
    finally:
        srv.stop()


def rss_bytes(pid: int) -> int:
    status = open(f"/proc/{pid}/status").read()  # noqa: SIM115 (read at once)
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1)) * 1024


def flood(url: str, origin: str, seconds: float) -> tuple[int | None, str, int, float]:
    """Sends 4,000-byte text frames as fast as the socket takes them, for at most ``seconds``,
    as an anonymous spectator. Returns the close code and reason the server sent (None, ""
    when it did not close the socket), the frames sent and the seconds until it ended."""
    # Uncompressed, and every reply kept unread without limit: the client reads on, so it
    # sees the server's close frame behind the refusals.
    with connect(url, origin=origin, compression=None, max_queue=None, close_timeout=1) as ws:
        ws.recv(timeout=10)  # the whole fragment: the socket is open
        sent, start = 0, time.monotonic()
        try:
            while time.monotonic() - start < seconds:
                ws.send(FRAME)
                sent += 1
        except ConnectionClosed as closed:
            received = closed.rcvd
            code, reason = (received.code, received.reason) if received else (None, "")
            return code, reason, sent, time.monotonic() - start
        return None, "", sent, time.monotonic() - start


def test_a_socket_flooding_frames_is_closed_before_the_server_grows(served):
    server, url = served
    with connect(url, origin=server.url) as ws:  # warm up: one spectator's fragment rendered
        ws.recv(timeout=10)
    before = rss_bytes(server.proc.pid)

    code, reason, sent, seconds = flood(url, server.url, FLOOD_SECONDS)
    grown = rss_bytes(server.proc.pid) - before

    # The close frame says why; on a loaded machine the client may still be sending when the
    # server closes, and the kernel's reset then drops the close frame it had received
    # (code None): the socket was still closed at once, which is the guarantee.
    said = (code, reason) == (4429, "too many messages")
    assert said or code is None, f"{code} {reason!r}: {sent} frames in {seconds:.1f} s"
    assert seconds < 2  # closed within its budget's first burst, not at the loop's end
    assert grown < 60 * 2**20, f"RSS grew by {grown / 2**20:.0f} MiB over {sent} frames"

    # Nothing is left queued behind it: another viewer's frame is answered at once.
    with connect(url, origin=server.url) as other:
        other.recv(timeout=10)
        start = time.monotonic()
        other.send(
            json.dumps({"t": "sync", "ply": 0, "status": "an old one"})
        )  # the board comes back
        assert 'id="board"' in other.recv(timeout=2)
        assert time.monotonic() - start < 1


def test_a_frame_far_over_the_frame_limit_is_never_buffered(served):
    server, url = served
    with connect(url, origin=server.url, compression=None) as ws:
        ws.recv(timeout=10)
        ws.send("x" * 2**20)  # a megabyte in one frame: Daphne's own limit allows it
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd.code == 1009  # "message too big", before it is read in full


def test_a_burst_over_the_consumers_budget_gets_one_short_error_and_the_socket_stays(served):
    server, url = served
    with connect(url, origin=server.url) as ws:
        ws.recv(timeout=10)
        for _ in range(15):  # FRAME_BURST is 10: the server's own budget is far looser
            ws.send(
                json.dumps({"t": "sync", "ply": 0, "status": "waiting"})
            )  # up to date: no reply
        # The first frame over the budget is answered; the four after it cost nothing.
        assert "Too many messages: slow down a little." in ws.recv(timeout=5)
        with pytest.raises(TimeoutError):
            ws.recv(timeout=0.3)
        time.sleep(0.5)  # the consumer's budget refills: the socket is still open and answered
        ws.send(json.dumps({"t": "sync", "ply": 0, "status": "an old one"}))
        assert 'id="board"' in ws.recv(timeout=5)
