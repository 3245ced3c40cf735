"""The scale path for programs: two Daphne processes share one PostgreSQL database and one
Redis database, and a move posted through one reaches a program's game stream opened on the
other (and back). Runs in `make test-scale`, where DATABASE_URL and REDIS_URL are set."""

from __future__ import annotations

import os
import time

import pytest

from tests.api.conftest import FAST
from tooling import world
from tooling.programs import Client
from tooling.servers import Server, isolated_env

pytestmark = [
    pytest.mark.scale,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="needs DATABASE_URL and REDIS_URL (make test-scale)",
    ),
]


@pytest.fixture
def two_servers(tmp_path):
    env = {**isolated_env("apitwo"), **FAST}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = Server(tmp_path / "a", env), Server(tmp_path / "b", env)
    first.migrate()
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.stop()
        second.stop()


def next_state(lines, ply: int, seconds: float = 10) -> dict:
    """The stream's gameState with ``ply``, waiting at most ``seconds`` (keep-alives come
    every half second, and each read has its own timeout)."""
    deadline = time.monotonic() + seconds
    for event in lines:
        if event is not None:
            state = event["state"] if event["type"] == "gameFull" else event
            if state.get("type") == "gameState" and state["ply"] >= ply:
                return state
        if time.monotonic() > deadline:
            break
    raise AssertionError(f"no gameState with ply {ply} within {seconds:g} s")


def test_a_move_through_one_server_reaches_a_program_streaming_from_the_other(two_servers):
    first, second = two_servers
    made = world.run_in(
        first.env,
        {
            "users": [{"name": "alpha", "program": True}, {"name": "beta", "program": True}],
            "matches": [{"game": "hive", "seats": ["alpha", "beta"]}],
        },
    )
    match = made["matches"][0]
    alpha = Client(first.url, made["tokens"]["alpha"])  # on the first server
    beta = Client(second.url, made["tokens"]["beta"])  # on the second
    theirs, beta_lines = beta.stream(f"/api/bot/game/stream/{match}", within=40)
    mine, alpha_lines = alpha.stream(f"/api/bot/game/stream/{match}", within=40)
    try:
        assert theirs.status_code == 200 and mine.status_code == 200
        assert next_state(beta_lines, 0)["toMove"] == [0]
        start = next_state(alpha_lines, 0)
        assert alpha.post(f"/api/bot/game/{match}/move/{start['legal'][0]}").ok
        seen = next_state(beta_lines, 1)  # crossed from the first server to the second
        assert seen["moves"] == start["legal"][0] and seen["toMove"] == [1]
        assert beta.post(f"/api/bot/game/{match}/move/{seen['legal'][0]}").ok
        back = next_state(alpha_lines, 2)  # and from the second to the first
        assert back["moves"] == f"{start['legal'][0]} {seen['legal'][0]}"
    finally:
        theirs.close()
        mine.close()
