"""A real Daphne server for the API tests (tooling/servers.py); the programs that talk to it
are tooling/programs.py's ``Client``, every read of theirs bounded."""

from __future__ import annotations

import itertools

import pytest

from tooling import world
from tooling.programs import Client
from tooling.servers import Server, isolated_env

__all__ = ["Client", "fresh", "start_server"]

# Streams send their empty line every half second here, so a test sees an absence soon; they
# ask whether their token still lives only every 20th (10 s), so a revocation made through the
# server must end them by its notice (test_bot_api.py). Limits stay at their defaults unless a
# test starts a server of its own.
FAST = {"API_KEEPALIVE_SECONDS": "0.5", "PRESENCE_POLL_SECONDS": "1", "API_TOKEN_CHECK_EVERY": "20"}
_names = itertools.count(1)


def start_server(tmp_path_factory, name: str, extra: dict | None = None) -> Server:
    srv = Server(tmp_path_factory.mktemp(name), {**isolated_env(name), **FAST, **(extra or {})})
    srv.migrate()
    return srv.start()


@pytest.fixture(scope="session")
def api_server(tmp_path_factory):
    srv = start_server(tmp_path_factory, "api")
    yield srv
    srv.stop()


def fresh(prefix: str) -> str:
    """A username no other test uses (the session's server keeps its database)."""
    return f"{prefix}{next(_names)}"


@pytest.fixture
def build(api_server):
    """``build(spec)`` in the API server's database (tests/api/world.py), returning clients
    for the tokens and the match ids."""

    def make(spec: dict):
        made = world.run_in(api_server.env, spec)
        clients = {name: Client(api_server.url, t) for name, t in made["tokens"].items()}
        return clients, made["matches"]

    return make
