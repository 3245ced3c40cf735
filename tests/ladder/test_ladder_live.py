"""The ladder over a real server and two workers (tooling/servers.py): three example programs
join it, play their check matches against Easy and then scheduled, rated matches against
each other, each scheduled once (no program ever in more matches at once than its cap,
though both workers run rounds); one that stops answering (its event stream still open) is
paused, and the reason reaches its owner."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest

from tests.api.conftest import FAST, Client, fresh
from tooling import world
from tooling.servers import ROOT, Server, isolated_env

#: Every test here waits for matches the worker makes; none waits longer than this.
PATIENCE = 240


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    extra = {
        **isolated_env("ladder"),
        **FAST,
        "LADDER_ROUND_SECONDS": "1",
        "LADDER_COMPUTER_SHARE": "0",  # the programs play each other here
        "LADDER_WINDOW": "5000",
    }
    srv = Server(tmp_path_factory.mktemp("ladder"), extra, worker=True)
    srv.migrate()
    srv.start()
    second = subprocess.Popen(
        [sys.executable, "manage.py", "run_huey", "--quiet"],
        cwd=ROOT,
        env=srv.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield srv
    second.terminate()
    second.wait(10)
    srv.stop()


def most_at_once(server) -> int:
    """The most ladder matches one program ever had running at once (its matches' spans
    from creation to end, overlapped)."""
    code = (
        "import json\n"
        "from ladder.models import LadderMatch\n"
        "rows = [(s.user_id, lm.created_at.timestamp(), lm.match.finished_at.timestamp() "
        "if lm.match.finished_at else 1e12) for lm in LadderMatch.objects.filter(kind='ladder')"
        ".select_related('match') for s in lm.match.seats.all()]\n"
        "print(json.dumps(rows))"
    )
    rows = json.loads(server.shell(code).strip().splitlines()[-1])
    most = 0
    for user, start, _ in rows:
        running = [1 for u, s, e in rows if u == user and s <= start < e]
        most = max(most, len(running))
    return most


def entries(server) -> dict:
    """{username: (state, reason, ladder matches finished)} of the server's ladder."""
    code = (
        "import json\n"
        "from ladder.models import Entry, LadderMatch\n"
        "print(json.dumps({e.user.username: [e.state, e.reason, LadderMatch.objects.filter("
        "kind='ladder', match__status='finished', match__seats__user=e.user).count()] "
        "for e in Entry.objects.select_related('user')}))"
    )
    return json.loads(server.shell(code).strip().splitlines()[-1])


def wait_for(server, check, what: str) -> dict:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        seen = entries(server)
        if check(seen):
            return seen
        time.sleep(1)
    raise AssertionError(f"{what}: {seen}")


def example(server, token: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "examples/random_bot.py", "--url", server.url, "--token", token]
        + ["--ladder", "powerdrain"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def silent(server, token: str) -> threading.Event:
    """A program that keeps its event stream open and never moves; set the event to stop."""
    stop = threading.Event()

    def hold():
        while not stop.is_set():
            try:
                response, lines = Client(server.url, token).stream("/api/stream/event", within=600)
                for _ in lines:
                    if stop.is_set():
                        break
                response.close()
            except Exception:  # noqa: BLE001 (reopened until stopped)
                time.sleep(0.5)

    threading.Thread(target=hold, daemon=True).start()
    return stop


def test_three_programs_play_the_ladder_and_one_that_stops_answering_is_paused(server):
    names = [fresh("ladder") for _ in range(3)]
    made = world.run_in(server.env, {"users": [{"name": n, "program": True} for n in names]})
    tokens = made["tokens"]
    programs = {n: example(server, tokens[n]) for n in names}
    quiet = None
    try:
        seen = wait_for(
            server,
            lambda e: all(n in e and e[n][0] == "on" and e[n][2] >= 2 for n in names),
            "every program passes its checks and plays ladder matches",
        )
        # The third stops answering, its event stream still open: it is seated and paused.
        last = names[2]
        programs.pop(last).kill()
        quiet = silent(server, tokens[last])
        seen = wait_for(server, lambda e: e[last][0] == "paused", "the silent one is paused")
        assert seen[last][1] in ("first-move", "time", "gone"), seen
        assert all(seen[n][0] == "on" for n in names[:2]), seen
        assert most_at_once(server) <= 2  # LADDER_RUNNING_PER_PROGRAM: one encounter
        # Its owner reads why, on its profile page.
        page = server.shell(
            "from django.test import Client\n"
            "from accounts.models import User\n"
            "c = Client()\n"
            f"c.force_login(User.objects.get(username={last!r}))\n"
            f"print(c.get('/accounts/u/{last}/', HTTP_HOST='127.0.0.1').content.decode())"
        )
        assert 'class="state paused"' in page and 'class="reason"' in page
        # The ladder page shows the standings and the ratings the matches made.
        standings = Client(server.url, tokens[names[0]]).get("/ladder/powerdrain/").text
        for name in names:
            assert f'data-user="{name}"' in standings
    finally:
        if quiet is not None:
            quiet.set()
        for p in programs.values():
            p.terminate()
            p.wait(10)
