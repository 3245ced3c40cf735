"""The Software Challenge 2020 bridge on Hive's ladder and in a tournament, over a real server
and worker (the worker plays the table's computer). The ladder's rounds are run by the test
(``tooling.world``'s ``ladder_round``, the worker's own ticks kept away), the tournament is
started by the test as its creator's button does, and clocks are flagged at their deadline:
nothing waits for a deadline.

On the ladder the program's two check matches against Easy start together and are played
at once; a Ctrl-C at the terminal stops the bridge taking matches but lets both end, so the
program stands on the ladder. A program that does not answer is paused, and the bridge says
so. A tournament's match reaches the bridge as any match does, and a program started by
hand, joining by game type before its match exists, plays it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.api.conftest import FAST
from tests.clients.test_sc2020_matches import (
    PLAYER,
    assert_played_through,
    bridge,
    finished,
    lines,
    programs,
    results,
)
from tooling import world
from tooling.servers import ROOT, Server, isolated_env

#: How long any wait here may take for what it waits for (an event, never a deadline).
PATIENCE = 120


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # The worker's own ladder ticks come a day apart: the tests run the rounds.
    extra = {**isolated_env("sc2020joins"), **FAST, "LADDER_ROUND_SECONDS": "86400"}
    srv = Server(tmp_path_factory.mktemp("sc2020joins"), extra, worker=True)
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


def until(check, what):
    """``check()``'s first true answer, asked again and again; ``what`` (or what it
    returns, when called) says what never came."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.2)
    raise AssertionError(what() if callable(what) else what)


def call(server, token: str, path: str, form: dict | None = None) -> dict:
    body = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(
        server.url + path, data=body, headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        raise AssertionError(f"{path}: {refused.code} {refused.read()!r}") from None


def seated(server) -> list[str]:
    """The matches of one ladder round; the first that makes any (the round seats only
    programs whose event stream is open: the bridge's, once it runs)."""
    return until(
        lambda: world.run_in(server.env, {"ladder_round": "hive"})["matches"],
        "no ladder round seated the program",
    )


def without_command(server, token: str, record, *options):
    """A bridge that starts no program, and the program started by hand on its port."""
    command = [sys.executable, "-m", "clients.sc2020", "--url", server.url, "--token", token]
    process = subprocess.Popen(
        [*command, "--port", "0", *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    port = process.stdout.readline().rsplit(":", 1)[1].strip()  # "waiting for programs on …"
    program = subprocess.Popen([*PLAYER, "-p", port, "--record", str(record)], cwd=ROOT)
    return process, program


def requested(record, rooms: list[str], count: int) -> bool:
    """Whether the program of each of ``rooms`` was asked for its move ``count``."""
    asked = {e["room"] for e in lines(record) if e["kind"] == "request" and e["count"] == count}
    return asked >= set(rooms)


def ladder_entry(server, name: str) -> list:
    code = (
        "from ladder.models import Entry\n"
        f"e = Entry.objects.get(user__username={name!r}, game='hive')\n"
        "print([e.state, e.reason, e.owner])"
    )
    return server.shell(code).strip().splitlines()[-1]


def test_the_checks_are_played_at_once_and_a_ctrl_c_lets_them_end_off_the_ladder(server, tmp_path):
    tokens, _ = programs(server, "scladder")
    record = tmp_path / "ladder.jsonl"
    # In a session of its own, as a terminal's bridge is: the Ctrl-C goes to its whole group.
    process = bridge(
        server, tokens["scladder"], record, "--ladder", "--owner", "Ann", start_new_session=True
    )
    checks = seated(server)
    assert len(checks) == 2
    welcomed = lambda: {e["room"] for e in lines(record) if e["kind"] == "welcomeMessage"}  # noqa: E731
    until(lambda: welcomed() == set(checks), "the program did not join both check matches")
    assert not results(record)  # neither was over when the other began: played at once
    colours = sorted(e["color"] for e in lines(record) if e["kind"] == "welcomeMessage")
    assert colours == ["blue", "red"]  # the seats swapped between the two
    os.killpg(process.pid, signal.SIGINT)
    output = finished(process)
    assert "stopping: " in output and "running matches are played to their end" in output
    assert_played_through(record, output)
    assert {r["room"] for r in results(record)} == set(checks), output
    assert all(s["cause"] == "REGULAR" for r in results(record) for s in r["scores"]), output
    # and the Ctrl-C took it off the ladder, which would otherwise seat it again as it stops
    assert ladder_entry(server, "scladder") == "['off', '', 'Ann']", output


def test_a_program_that_does_not_answer_is_paused_and_the_bridge_says_why(server, tmp_path):
    tokens, _ = programs(server, "sclazy")
    record = tmp_path / "lazy.jsonl"
    process = bridge(server, tokens["sclazy"], record, "--ladder", "--matches", "2", mode="hang")
    checks = seated(server)
    until(lambda: requested(record, checks, 2), "the program was not asked for its second move")
    for match in checks:
        world.run_in(server.env, {"flag": match})  # its clock's deadline, without waiting for it
    output = finished(process)
    for match in checks:
        assert f"{match}: the program did not answer in time, for which the ladder pauses" in output
    assert ladder_entry(server, "sclazy").startswith("['paused', 'time'"), output


def test_the_bridge_joins_a_private_tournament_and_plays_its_round(server, tmp_path):
    tokens, _ = programs(server, "sctone", "scttwo")
    terms = {"name": "Hive cup", "game": "hive", "clock.limit": "300", "clock.increment": "3"}
    terms |= {"nbRounds": "1", "private": "true", "waitMinutes": "60"}
    made = call(server, tokens["sctone"], "/api/swiss/new", terms)
    ident, invite = made["id"], made["invite"]
    records = {name: tmp_path / f"{name}.jsonl" for name in tokens}
    options = ("--tournament", ident, "--invite", invite, "--matches", "1")
    started = bridge(server, tokens["sctone"], records["sctone"], *options)
    # The other program is started by hand, before its match exists: it joins by game type.
    by_hand, program = without_command(server, tokens["scttwo"], records["scttwo"], *options)
    query = f"/api/tournament/{ident}?invite={invite}"

    def both_joined() -> bool:
        for process in (started, by_hand):
            if process.poll() is not None:  # a bridge that could not join says why
                raise AssertionError(process.communicate()[0])
        return call(server, tokens["sctone"], query)["nbPlayers"] == 2

    until(both_joined, lambda: f"not both joined: {call(server, tokens['sctone'], query)}")
    world.run_in(server.env, {"start": ident})
    outputs = [finished(started), finished(by_hand)]
    assert program.wait(30) == 0
    for name, output in zip(tokens, outputs, strict=True):
        assert f"joined tournament {ident} (Hive cup, swiss)" in output
        assert_played_through(records[name], output)
        (result,) = results(records[name])
        assert all(s["cause"] == "REGULAR" for s in result["scores"]), output
    request = urllib.request.Request(f"{server.url}/api/tournament/{ident}/games?invite={invite}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        (played,) = [json.loads(line) for line in answer.read().splitlines()]
    assert played["round"] == 1 and played["id"] == results(records["sctone"])[0]["room"]


def test_a_tournament_of_another_game_or_without_its_invite_is_not_joined(server, tmp_path):
    tokens, _ = programs(server, "scthree")
    token = tokens["scthree"]
    other = call(
        server, token, "/api/tournament", {"name": "P", "game": "powerdrain", "minutes": "20"}
    )
    hive = {"name": "H", "game": "hive", "clock.limit": "300", "nbRounds": "1", "private": "true"}
    private = call(server, token, "/api/swiss/new", hive)
    record = tmp_path / "none.jsonl"
    refused = finished(bridge(server, token, record, "--tournament", other["id"]), status=1)
    assert f"tournament {other['id']} plays powerdrain, not Hive: not joined" in refused
    hidden = finished(bridge(server, token, record, "--tournament", private["id"]), status=1)
    assert f"joining tournament {private['id']}: There is no such tournament." in hidden
