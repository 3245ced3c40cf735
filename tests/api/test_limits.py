"""The API's caps (docs/api.md, "Limits"): open streams per token and per address, and
requests per token and per address in a minute, each answered 429 with a JSON error.

The servers here run with the limits' clock stopped (tooling/stopped_clock.py), so all the
requests of a test count in one minute. A request over a stream cap is read as a stream: a
removed cap answers with an endless stream, and the test fails on its status at once."""

from __future__ import annotations

import time

import pytest

from tests.api.conftest import FAST, fresh
from tooling import world
from tooling.programs import Client
from tooling.servers import Server, isolated_env

CAPS = {
    "API_STREAMS_PER_TOKEN": "2",
    "API_STREAMS_PER_ADDRESS": "3",
    "API_REQUESTS_PER_MINUTE": "10",
    "API_REQUESTS_PER_ADDRESS": "30",
}


STOPPED = "tooling.stopped_clock:application"


def stopped_server(tmp_path_factory, name: str, at: float, caps: dict) -> Server:
    env = {**isolated_env(name), **FAST, **caps, "LIMITS_CLOCK": repr(at)}
    srv = Server(tmp_path_factory.mktemp(name), env, app=STOPPED)
    srv.migrate()
    return srv.start()


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Two servers beside each other (on the scale path on one Redis database), their
    limits' clocks stopped at the same moment; the neighbour's one token may use up the
    address's minute."""
    at = time.time()
    started = [
        stopped_server(tmp_path_factory, "caps", at, CAPS),
        stopped_server(
            tmp_path_factory, "neighbour", at, {**CAPS, "API_REQUESTS_PER_MINUTE": "100"}
        ),
    ]
    yield started
    for srv in started:
        srv.stop()


def clients(server, count: int) -> list[Client]:
    names = [fresh("cap") for _ in range(count)]
    made = world.run_in(server.env, {"users": [{"name": n, "program": True} for n in names]})
    return [Client(server.url, made["tokens"][n]) for n in names]


def refused(client: Client, path: str, why: str) -> None:
    """``path``, read as a stream, is refused with 429 saying ``why`` (an endless stream
    instead fails on its status, never waits for its end)."""
    response, _ = client.stream(path, within=10)
    try:
        assert response.status_code == 429, f"{path} was not refused"
        assert why in response.json()["error"]
    finally:
        response.close()


def test_streams_per_token_then_per_address_and_requests_per_token_then_per_address(servers):
    """The neighbouring server has just had more requests from this address than the caps
    here allow: none of them counts here."""
    capped, beside = servers
    one, two, three, four, five = clients(capped, 5)
    (neighbour,) = clients(beside, 1)
    for _ in range(int(CAPS["API_REQUESTS_PER_ADDRESS"])):
        assert neighbour.get("/api/account").status_code == 200
    assert neighbour.get("/api/account").status_code == 429  # its own count is full
    opened = [one.stream("/api/stream/event", within=10)[0] for _ in range(2)]
    assert all(r.status_code == 200 for r in opened)
    refused(one, "/api/stream/event", "token")
    opened.append(two.stream("/api/stream/event", within=10)[0])
    assert opened[-1].status_code == 200
    refused(two, "/api/stream/event", "address")  # two's first stream, but the address has 3
    for response in opened:
        response.close()
    # Five requests from this address so far; ten a token.
    for _ in range(10):
        assert three.get("/api/account").status_code == 200
    over = three.get("/api/account")
    assert over.status_code == 429 and "token" in over.json()["error"]
    for client, count in ((four, 10), (five, 30 - 26)):  # each within its token's ten
        for _ in range(count):
            assert client.get("/api/account").status_code == 200
    over = five.get("/api/account")
    assert over.status_code == 429 and "address" in over.json()["error"]
