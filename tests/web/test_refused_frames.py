"""Refused frames cost their sender an error line, never a board, on a real Daphne.

Each refused move of a spectator used to be answered with a freshly rendered board: 40
spectator sockets inside their frame budget saturated the server, and another player's
moves went from 16 ms to 348 ms median (issue #35). Here 40 spectators send moves at their
budget's rate while two players play: the server renders nothing for the refusals (its
renders are counted, ``tests/web/render_counter.py``), spends little CPU on each, and the
players' moves come back as fast as without them.
"""

import asyncio
import html
import json
import os
import re
import statistics
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from tests.web.support import run_in_own_loop
from tooling.servers import Server, isolated_env

SPECTATORS = 40
MOVES = 8  # per phase, the two players' together
# One Django start-up: the database, two players, their running match and their sessions.
SETUP = """
import json
from django.conf import settings
from django.core.management import call_command
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import User
from games import services

call_command("migrate", verbosity=0)
a, b = User.objects.create(username="ann"), User.objects.create(username="ben")
m = services.match_create(game="powerdrain", creator=a, seat=0)
services.match_join(match_id=m.pk, user=b)


def cookie(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


print(json.dumps({"id": m.public_id, "cookies": [cookie(a), cookie(b)]}))
"""
PLY = re.compile(r'data-ply="(\d+)"')
MOVE = re.compile(r'data-move="([^"]+)"')


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    var = tmp_path_factory.mktemp("refused")
    env = {
        **isolated_env("refused"),
        "DJANGO_SETTINGS_MODULE": "tests.web.render_counter",
        "RENDER_COUNT_FILE": str(var / "renders"),
        "SOCKETS_PER_SESSION": "100",  # the spectators come from one address without a session
    }
    srv = Server(var, env)
    made = srv.shell(SETUP)
    srv.start()
    try:
        yield srv, json.loads(made.split("\n")[-2]), var / "renders"
    finally:
        srv.stop()


def renders(counter: Path) -> int:
    return counter.stat().st_size if counter.exists() else 0


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()  # noqa: SIM115
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play(players, boards, moves: int) -> list[float]:
    """The two players move in turn, each from the board they were sent; returns each move's
    round trip (sent until the mover's own socket shows the next position)."""
    took = []
    for _ in range(moves):
        mover = next(s for s in (0, 1) if MOVE.search(boards[s]))
        ply = int(PLY.search(boards[mover]).group(1))
        move = json.loads(html.unescape(MOVE.search(boards[mover]).group(1)))
        start = time.monotonic()
        await players[mover].send(json.dumps({"t": "move", "move": move, "ply": ply}))
        for seat in (mover, 1 - mover):
            while f'data-ply="{ply + 1}"' not in (frame := await players[seat].recv()):
                pass
            boards[seat] = frame
            if seat == mover:
                took.append(time.monotonic() - start)
    return took


async def refuse_forever(socket, replies: list, stop: asyncio.Event) -> None:
    """A spectator sending moves inside its frame budget (4 a second), reading every answer."""
    frame = json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})

    async def read():
        async for reply in socket:
            replies.append(reply)

    reader = asyncio.create_task(read())
    while not stop.is_set():
        await socket.send(frame)
        await asyncio.sleep(0.3)
    await asyncio.sleep(0.5)  # the last answers arrive
    reader.cancel()


async def scenario(server, made, counter) -> dict:
    url = f"ws://127.0.0.1:{server.port}/ws/match/{made['id']}/"
    origin = {"Origin": server.url}
    players = [
        await connect(url, additional_headers={**origin, "Cookie": c}, max_size=2**22)
        for c in made["cookies"]
    ]
    boards = [await p.recv() for p in players]
    spectators = [await connect(url, additional_headers=origin) for _ in range(SPECTATORS)]
    for s in spectators:
        await s.recv()
    quiet = await play(players, boards, MOVES)

    # Refusals alone: what the server spends on them.
    stop, replies = asyncio.Event(), []
    before_renders, before_cpu = renders(counter), cpu_seconds(server.proc.pid)
    floods = [asyncio.create_task(refuse_forever(s, replies, stop)) for s in spectators]
    await asyncio.sleep(3)
    alone = {
        "renders": renders(counter) - before_renders,
        "cpu": cpu_seconds(server.proc.pid) - before_cpu,
        "refused": len(replies),
    }
    # And the players' moves beside them.
    flooded = await play(players, boards, MOVES)
    stop.set()
    await asyncio.gather(*floods)
    for s in (*players, *spectators):
        await s.close()
    return {"quiet": quiet, "flooded": flooded, "alone": alone, "replies": replies}


def test_refused_moves_of_spectators_render_nothing_and_slow_no_player(served):
    server, made, counter = served
    result = run_in_own_loop(scenario(server, made, counter))
    alone, replies = result["alone"], result["replies"]
    refusals = [r for r in replies if 'id="board"' not in r]  # the players' moves come too
    assert all(r.startswith('<p id="frame-error"') for r in refusals), refusals[:1]
    assert all("watching this match" in r for r in refusals)
    assert alone["refused"] > SPECTATORS * 5  # they kept sending inside their budgets
    assert alone["renders"] == 0
    per_frame = alone["cpu"] / alone["refused"]
    assert per_frame < 0.0015, f"{per_frame * 1000:.2f} ms of server CPU a refused frame"
    quiet, flooded = statistics.median(result["quiet"]), statistics.median(result["flooded"])
    assert flooded < 2 * quiet + 0.1, (
        f"median move {quiet * 1000:.0f} ms, flooded {flooded * 1000:.0f} ms"
    )
