"""The API's caps (docs/api.md, "Limits"): open streams per token and per address, and
requests per token and per address in a minute, each answered 429 with a JSON error."""

from __future__ import annotations

import time

import pytest

from tests.api.conftest import fresh, start_server
from tooling import world
from tooling.programs import Client

CAPS = {
    "API_STREAMS_PER_TOKEN": "2",
    "API_STREAMS_PER_ADDRESS": "3",
    "API_REQUESTS_PER_MINUTE": "10",
    "API_REQUESTS_PER_ADDRESS": "30",
}


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    srv = start_server(tmp_path_factory, "caps", CAPS)
    yield srv
    srv.stop()


def clients(server, count: int) -> list[Client]:
    names = [fresh("cap") for _ in range(count)]
    made = world.run_in(server.env, {"users": [{"name": n, "program": True} for n in names]})
    return [Client(server.url, made["tokens"][n]) for n in names]


def same_minute() -> None:
    """Counts are kept per minute of the clock: start well inside one."""
    if time.time() % 60 > 40:
        time.sleep(61 - time.time() % 60)


def test_streams_per_token_then_per_address_and_requests_per_token_then_per_address(
    capped, api_server
):
    """The session's API server, running beside this one (on the scale path on the same
    Redis database), has just had more requests from this address than the caps here allow:
    none of them counts here."""
    one, two, three, four, five = clients(capped, 5)
    same_minute()
    (neighbour,) = clients(api_server, 1)
    for _ in range(int(CAPS["API_REQUESTS_PER_ADDRESS"])):
        assert neighbour.get("/api/account").status_code == 200
    opened = [one.stream("/api/stream/event")[0] for _ in range(2)]
    assert all(r.status_code == 200 for r in opened)
    over = one.get("/api/stream/event")
    assert over.status_code == 429 and "token" in over.json()["error"]
    opened.append(two.stream("/api/stream/event")[0])
    assert opened[-1].status_code == 200
    over = two.get("/api/stream/event")  # two's first stream, but the address has three
    assert over.status_code == 429 and "address" in over.json()["error"]
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
