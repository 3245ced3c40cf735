"""The public record export, ``GET /api/games/user/<name>`` (issue #35 item 9): it needs no
token, so it reads records through the database's cursor a chunk at a time in a few queries
whatever their number (300 one-move records cost 0.24 s of CPU with a query per record),
streams them, and an address without a token may ask ``API_EXPORTS_PER_ADDRESS`` times a
minute (config.throttle's clock, moved forward instead of waited)."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from api import views
from api.tokens import token_create
from games import services
from tests.conftest import every_seat_moves

pytestmark = pytest.mark.django_db


def finished_matches(alice, bob, count: int) -> list:
    made = []
    for _ in range(count):
        match = services.match_join(
            match_id=services.match_create(game="powerdrain", creator=alice, seat=0).pk, user=bob
        )
        every_seat_moves(match)
        made.append(services.match_resign(match_id=match.pk, user=bob))
    return made


def records(response) -> list[dict]:
    """The lines of a streamed answer, read as the server reads them (an async stream)."""
    assert response.streaming and response["Content-Type"] == "application/x-ndjson"

    async def read():
        return b"".join([part async for part in response.streaming_content])

    return [json.loads(line) for line in async_to_sync(read)().splitlines()]


@override_settings(NEW_MATCHES_PER_HOUR=1000)
def test_the_export_reads_in_chunks_of_a_few_queries_whatever_the_count(client, alice, bob):
    made = finished_matches(alice, bob, 2 * views.EXPORT_CHUNK + 3)
    with CaptureQueriesContext(connection) as queries:
        got = records(client.get("/api/games/user/alice", {"max": 300}))
    assert [r["id"] for r in got] == [m.public_id for m in reversed(made)]
    assert all(len(r["moves"]) == 3 and r["seats"] == ["alice", "bob"] for r in got)
    # Three chunks, each its matches, seats and moves: never a query per record.
    assert len(queries) <= 3 * 3 + 3, [q["sql"][:80] for q in queries]
    assert not any('"state"' in q["sql"] for q in queries if "games_match" in q["sql"])


@override_settings(API_EXPORTS_PER_ADDRESS=2)
def test_anonymous_exports_are_limited_per_address_and_a_token_is_not(
    client, alice, bob, monkeypatch
):
    now = [1_000_000.0]
    monkeypatch.setattr(views.EXPORTS, "clock", lambda: now[0])
    finished_matches(alice, bob, 1)
    for _ in range(2):
        assert client.get("/api/games/user/alice").status_code == 200
    refused = client.get("/api/games/user/alice")
    assert refused.status_code == 429 and "Too many exports" in refused.json()["error"]
    other = client.get("/api/games/user/alice", REMOTE_ADDR="198.51.100.9")
    assert other.status_code == 200  # another address
    _, secret = token_create(bob, "export")
    bearer = {"Authorization": f"Bearer {secret}"}
    assert client.get("/api/games/user/alice", headers=bearer).status_code == 200
    now[0] += 60
    assert client.get("/api/games/user/alice").status_code == 200
