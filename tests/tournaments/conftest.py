"""One clock for the tournament tests: the server's (``games.services.server_now``), which the
match services, the reactions and the worker's tasks all read, set and moved by the test."""

from __future__ import annotations

import pytest

from games import services as match_services
from tests.tournaments.support import T0


class Clock:
    def __init__(self, now: int):
        self.now = now

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> int:
        self.now += ms
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    clock = Clock(T0)
    monkeypatch.setattr(match_services, "server_now", clock)
    return clock
