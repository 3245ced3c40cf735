"""A real Daphne server for the API tests (tooling/servers.py), and programs that talk to it
over HTTP with ``requests``, as a program written for lichess would."""

from __future__ import annotations

import itertools
import json

import pytest
import requests

from tests.api import world
from tooling.servers import Server, isolated_env

# Streams send their empty line every half second here, so a test sees a revocation or an
# absence soon; limits stay at their defaults unless a test starts a server of its own.
FAST = {"API_KEEPALIVE_SECONDS": "0.5", "PRESENCE_POLL_SECONDS": "1"}
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


class Client:
    """One program: its token and a session that sends it."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def get(self, path: str, **kwargs):
        return self.http.get(self.base + path, timeout=10, **kwargs)

    def post(self, path: str, **kwargs):
        return self.http.post(self.base + path, timeout=10, **kwargs)

    def stream(self, path: str):
        """(response, iterator over the parsed lines; an empty line is None)."""
        response = self.http.get(self.base + path, stream=True, timeout=(5, 30))

        def lines():
            for raw in response.iter_lines():
                yield json.loads(raw) if raw else None

        return response, lines()


@pytest.fixture
def build(api_server):
    """``build(spec)`` in the API server's database (tests/api/world.py), returning clients
    for the tokens and the match ids."""

    def make(spec: dict):
        made = world.run_in(api_server.env, spec)
        clients = {name: Client(api_server.url, t) for name, t in made["tokens"].items()}
        return clients, made["matches"]

    return make
