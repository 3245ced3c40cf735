"""examples/random_bot.py, as its README line runs it, plays a match to its end."""

from __future__ import annotations

import subprocess
import sys

from tests.api.conftest import fresh
from tooling.programs import play
from tooling.servers import ROOT


def test_the_example_program_plays_a_match(build, api_server):
    a, b = fresh("example"), fresh("against")
    clients, ids = build(
        {
            "users": [{"name": a, "program": True}, {"name": b, "program": True}],
            "matches": [{"game": "high-voltage-companies", "seats": [a, b]}],
        }
    )
    program = subprocess.Popen(
        [
            sys.executable,
            "examples/random_bot.py",
            "--url",
            api_server.url,
            "--token",
            clients[a].token,
        ],  # fmt: skip
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        last = play(clients[b], ids[0], seed=5)
    finally:
        program.terminate()
        output = program.communicate(timeout=10)[0]
    assert last["status"] != "started", output
    assert f"playing {ids[0]}" in output
