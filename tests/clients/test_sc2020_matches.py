"""The Software Challenge 2020 bridge (clients/sc2020) over a real server and worker: a
program written from the season's documentation (tests/clients/sc2020_player.py) plays
whole matches against the table's computer and against another program, one match after
another; a malformed or illegal move loses by RULE_VIOLATION, a program that hangs or
exits loses on time (the clock's flag is run at its deadline, never waited for), and the
bridge goes on to its next match each time."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.api.conftest import FAST
from tooling import world
from tooling.servers import ROOT, Server, isolated_env

PLAYER = [sys.executable, "-m", "tests.clients.sc2020_player"]
ENDS = ("result", "left")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("sc2020"), {**isolated_env("sc2020"), **FAST}, worker=True)
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


def programs(server, *names, matches=()):
    made = world.run_in(
        server.env,
        {"users": [{"name": n, "program": True} for n in names], "matches": list(matches)},
    )
    return made["tokens"], made["matches"]


def bridge(server, token: str, record, *options, mode: str = "random", **popen) -> subprocess.Popen:
    command = [sys.executable, "-m", "clients.sc2020", "--url", server.url, "--token", token]
    command += ["--port", "0", *options, "--", *PLAYER, "--mode", mode, "--record", str(record)]
    return subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **popen
    )


def finished(process: subprocess.Popen, seconds: float = 240, status: int = 0) -> str:
    try:
        output = process.communicate(timeout=seconds)[0]
    except subprocess.TimeoutExpired:
        process.kill()
        output = process.communicate()[0]
        raise AssertionError("the bridge did not finish:\n" + output) from None
    assert process.returncode == status, output
    return output


def lines(record) -> list[dict]:
    return [json.loads(line) for line in record.read_text().splitlines()] if record.exists() else []


def results(record) -> list[dict]:
    return [entry for entry in lines(record) if entry["kind"] == "result"]


def assert_played_through(record, output: str) -> None:
    """Every memento agreed with the engine's hands, each match ended in a result and left
    (the matches may have been played at once: each is read by itself)."""
    entries = lines(record)
    mementos = [e for e in entries if e["kind"] == "memento"]
    assert mementos and all(e["hands_agree"] for e in mementos), output
    for room in {e["room"] for e in entries if e["kind"] == "welcomeMessage"}:
        ends = [e["kind"] for e in entries if e.get("room") == room and e["kind"] in ENDS]
        assert ends == ["result", "left"], (room, output)
    assert all(e["kind"] != "error" for e in entries), output


def test_a_program_plays_the_table_computer_to_the_end(server, tmp_path):
    tokens, ids = programs(
        server, "scred", matches=[{"game": "hive", "seats": ["scred", "computer:easy"]}]
    )
    record = tmp_path / "red.jsonl"
    output = finished(bridge(server, tokens["scred"], record, "--matches", "1"))
    assert_played_through(record, output)
    entries = lines(record)
    assert entries[:2] == [
        {"kind": "joined"},
        {"kind": "welcomeMessage", "color": "red", "room": ids[0]},
    ]
    assert entries[2]["kind"] == "memento" and entries[2]["turn"] == 0
    (result,) = results(record)
    assert [s["cause"] for s in result["scores"]] == ["REGULAR", "REGULAR"], output
    assert f"{ids[0]}: over (" in output and "the program plays red against" in output
    # The program's hints went with its moves: its owner reads them in the record.
    record_of = urllib.request.Request(
        f"{server.url}/api/games/user/scred", headers={"Authorization": f"Bearer {tokens['scred']}"}
    )
    with urllib.request.urlopen(record_of, timeout=30) as answer:
        moves = json.loads(answer.read().splitlines()[0])["moves"]
    mine = [m for m in moves if m["seat"] == 0 and m["move"]["type"] in ("set", "drag")]
    assert mine and all(m.get("hint") == "random" for m in mine), moves


def test_two_programs_challenge_and_play_each_other_match_after_match(server, tmp_path):
    tokens, _ = programs(server, "scone", "sctwo")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    accepting = bridge(server, tokens["sctwo"], two, "--matches", "2")
    challenging = bridge(server, tokens["scone"], one, "--matches", "2", "--challenge", "sctwo")
    out_one, out_two = finished(challenging), finished(accepting)
    for record, output in ((one, out_one), (two, out_two)):
        assert_played_through(record, output)
        assert len(results(record)) == 2, output
        assert all(s["cause"] == "REGULAR" for r in results(record) for s in r["scores"]), output
    assert "challenged sctwo" in out_one and "accepting challenge" in out_two
    # Both saw the same ends: the same winners each time.
    assert [r["winners"] for r in results(one)] == [r["winners"] for r in results(two)]


def test_a_malformed_or_illegal_move_gets_the_error_and_loses_by_rule_violation(server, tmp_path):
    matches = [{"game": "hive", "seats": ["scbad", "computer:easy"]} for _ in range(2)]
    tokens, ids = programs(server, "scbad", matches=matches)
    record = tmp_path / "bad.jsonl"
    output = finished(
        bridge(server, tokens["scbad"], record, "--matches", "2", mode="illegal,malformed")
    )
    errors = sorted(e["xml"] for e in lines(record) if e["kind"] == "error")
    assert len(errors) == 2, output
    assert "is blocked" in errors[0] and "Not well-formed" in errors[1], output
    for result in results(record):
        red, blue = result["scores"]
        assert red["cause"] == "RULE_VIOLATION" and red["parts"][0] == "0", output
        assert blue["cause"] == "REGULAR" and result["winners"] == ["BLUE"], output
    assert any("is blocked" in r["scores"][0]["reason"] for r in results(record)), output
    assert output.count("rule violation") == 2


def asked(record, count: int, matches: int, seconds: float = 60) -> str:
    """Waits until the program, in the ``matches``-th match it was welcomed to, was asked
    for its move ``count`` (a message to wait for, not a deadline); that match's id."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        entries = lines(record)
        rooms = [e["room"] for e in entries if e["kind"] == "welcomeMessage"]
        requested = {e["room"] for e in entries if e["kind"] == "request" and e["count"] == count}
        if len(rooms) >= matches and rooms[matches - 1] in requested:
            return rooms[matches - 1]
        time.sleep(0.1)
    raise AssertionError(f"no move request {count} in match {matches}: {lines(record)}")


def test_a_program_that_hangs_or_exits_loses_on_time_and_the_bridge_goes_on(server, tmp_path):
    timed = {"game": "hive", "seats": ["scslow", "computer:easy"], "time": "1+0"}
    tokens, _ = programs(server, "scslow", matches=[timed])
    record = tmp_path / "slow.jsonl"
    process = bridge(server, tokens["scslow"], record, "--matches", "2", mode="hang,exit")
    hung = asked(record, 2, 1)
    world.run_in(server.env, {"flag": hung})  # its clock's deadline, without waiting for it
    until_over = time.monotonic() + 60
    while not results(record) and time.monotonic() < until_over:
        time.sleep(0.1)  # the hung match's end reaches the program
    world.run_in(server.env, {"matches": [timed]})  # the next match, made once that one is over
    exited = asked(record, 2, 2)
    world.run_in(server.env, {"flag": exited})
    output = finished(process)  # both over: the bridge stops after its two matches
    (result,) = results(record)  # the program that exited read no result
    assert result["room"] == hung, output
    assert [s["cause"] for s in result["scores"]] == ["HARD_TIMEOUT", "REGULAR"], output
    assert result["winners"] == ["BLUE"], output
    assert f"{hung}: over (outoftime, time)" in output
    assert f"{exited}: over (outoftime, time)" in output and "its clock will run out" in output
