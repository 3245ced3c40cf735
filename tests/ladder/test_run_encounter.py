"""``manage.py run_encounter`` over a real server (Daphne, tooling/servers.py): the two
example programs play, seats alternating, and the runner stops early once a lopsided
pairing is decided. Also its statistics (clients/encounter.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from clients.encounter import Tally, binomial_p, wilson
from tests.api.conftest import fresh, start_server
from tooling import world
from tooling.servers import ROOT


def test_the_binomial_test_and_the_interval():
    assert binomial_p(10, 10) == 1.0
    assert binomial_p(0, 0) == 1.0
    assert abs(binomial_p(15, 5) - 0.041389) < 1e-5  # scipy.stats.binomtest(15, 20)
    assert binomial_p(5, 15) == binomial_p(15, 5)
    low, high = wilson(0.5, 100)
    assert abs(low - 0.4038) < 1e-3 and abs(high - 0.5962) < 1e-3
    assert wilson(1.0, 20)[1] == 1.0 and wilson(1.0, 20)[0] > 0.8
    tally = Tally(wins=15, losses=4)
    assert not tally.decided(0.05)  # 19 matches: too few to stop
    tally.draws = 1
    assert tally.decided(0.05) and not tally.decided(0.01)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory,
        "encounter",
        {"CHALLENGES_PER_HOUR": "1000", "NEW_MATCHES_PER_HOUR": "1000"},
    )
    yield srv
    srv.stop()


def program(server, name: str, script: str, token: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, f"examples/{script}", "--url", server.url, "--token", token],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


COMMAND = [sys.executable, "manage.py", "run_encounter", "--game", "powerdrain"]


def encounter(server, tokens: dict, options: list, timeout: int) -> subprocess.CompletedProcess:
    """``run_encounter`` in Powerdrain between the first of ``tokens`` (the lookahead example)
    and the second (the random one), both programs running meanwhile."""
    (a, token_a), (b, token_b) = tokens.items()
    programs = [
        program(server, a, "lookahead_bot.py", token_a),
        program(server, b, "random_bot.py", token_b),
    ]
    try:
        return subprocess.run(
            COMMAND + ["--a", a, "--b", b, "--url", server.url, *options],
            cwd=ROOT,
            env=server.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    finally:
        for p in programs:
            p.terminate()
            p.wait(10)


def test_lookahead_against_random_is_decided_early(server):
    a, b = fresh("look"), fresh("rand")
    made = world.run_in(
        server.env,
        {"users": [{"name": a, "program": True}, {"name": b, "program": True}]},
    )
    tokens = made["tokens"]
    done = encounter(
        server,
        {a: tokens[a], b: tokens[b]},
        ["--matches", "80", "--token-a", tokens[a], "--token-b", tokens[b], "--parallel", "2"],
        timeout=600,
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr + out
    played = [line for line in out.splitlines() if " first: " in line]
    assert 20 <= len(played) < 80, out  # stopped early, never before 20
    firsts = {line.split(" first: ")[0].split()[-1] for line in played}
    assert firsts == {a, b}, out  # seats alternate
    summary = out.splitlines()[-4:]
    assert summary[0].startswith(f"{a} against {b}: "), out
    wins = int(summary[0].split(": ")[1].split(" won")[0])
    assert wins > len(played) * 0.7, out
    assert "95 % interval" in summary[1] and "average move time" in summary[3]


def test_on_the_sites_own_database_it_makes_tokens_and_revokes_them(server):
    a, b = fresh("look"), fresh("rand")
    made = world.run_in(
        server.env,
        {"users": [{"name": a, "program": True}, {"name": b, "program": True}]},
    )
    tokens = made["tokens"]
    done = encounter(server, {a: tokens[a], b: tokens[b]}, ["--matches", "2"], timeout=300)
    assert done.returncode == 0, done.stderr + done.stdout
    assert f"{a} against {b}: " in done.stdout
    live = server.shell(
        "from api.models import ApiToken\n"
        "print(ApiToken.objects.filter(name='run_encounter', revoked=None).count())"
    )
    assert live.strip() == "0"
    same = subprocess.run(
        COMMAND + ["--a", a, "--b", a, "--url", server.url],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert same.returncode != 0 and "two different accounts" in same.stderr
    nobody = subprocess.run(
        COMMAND + ["--a", a, "--b", "nobody-here", "--url", server.url],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert nobody.returncode != 0 and "No account 'nobody-here'" in nobody.stderr
