"""The server's CPU for one standings push of a running tournament to its open pages.

A 64-player Swiss after its first round (32 finished matches) is watched by ``--viewers``
spectators' sockets (1,000), all in this one process on the in-memory channel layer, as one
Daphne process holds them. Each push is a real change (a spare member joins or withdraws,
through the services): its announcement's reaction sends the notice to the page group, the
first socket to hear it renders the live part (standings, bar picture, pairings) and every
other socket sends that render, without the database. Measured per push: the process's CPU
from the change until every socket has received its frame (``time.process_time``; it
includes the test clients' receiving, so it overstates the server's share), the render alone,
and the bytes of one frame. Prints the median and range over ``--pushes`` pushes.

    .venv/bin/python bench/tournament_push.py
    .venv/bin/python bench/tournament_push.py --viewers 200 --pushes 5
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import setup_environment  # noqa: E402

PLAYERS = 64


def build() -> tuple:
    """A 64-player Swiss with its first round played; returns (tournament, spare member)."""
    from accounts.models import User
    from games import services as match_services
    from games.clocks import TimeControl
    from games.registry import get_engine
    from tournaments import services
    from tournaments.models import Pairing

    now = match_services.server_now()
    users = [User.objects.create(username=f"b{i}") for i in range(PLAYERS)]
    spare = User.objects.create(username="spare")
    tournament = services.tournament_create(
        creator=users[0],
        name="Bench Swiss",
        game="powerdrain",
        format="swiss",
        rounds=5,
        time_control=TimeControl.parse("3+2"),
        starts_at=now + 60_000,
        max_players=PLAYERS + 1,
        now=now,
    )
    for user in users:
        services.tournament_join(public_id=tournament.public_id, user=user, now=now)
    now = match_services.server_now()  # the first moves' 30 s count from here
    services.tournament_start_now(public_id=tournament.public_id, user=users[0], now=now)
    engine = get_engine("powerdrain")
    for pairing in Pairing.objects.filter(tournament=tournament).exclude(match=None):
        match = pairing.match
        for _ in range(2):  # both seats move, then the second resigns
            match.refresh_from_db()
            state = engine.from_json(match.state)
            seat = engine.to_move(state)[0]
            move = next(iter(engine.legal_moves(state, seat)))
            match_services.move_play(
                match_id=match.pk, user=match.seat_list()[seat].user, ply=match.ply, move=move
            )
        match_services.match_resign(match_id=match.pk, user=match.seat_list()[1].user)
    tournament.refresh_from_db()
    return tournament, spare


async def run(viewers: int, pushes: int) -> None:
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from games import services as match_services
    from tournaments import rendering, services
    from tournaments.models import Tournament

    tournament, spare = await sync_to_async(build)()
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    path = f"/ws/tournament/{tournament.public_id}/?v={tournament.version}"
    sockets = []
    for _ in range(viewers):
        socket = WebsocketCommunicator(application, path, headers)
        connected, _ = await socket.connect(timeout=30)
        assert connected
        sockets.append(socket)

    renders = []
    original = rendering.render_to_string

    def timed(*args, **kwargs):
        start = time.process_time()
        html = original(*args, **kwargs)
        renders.append(time.process_time() - start)
        return html

    rendering.render_to_string = timed
    cpu, wall, sizes = [], [], []
    for push in range(pushes):
        change = services.tournament_withdraw if push % 2 else services.tournament_join
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        await sync_to_async(change)(
            public_id=tournament.public_id, user=spare, now=match_services.server_now()
        )
        frames = await asyncio.gather(*(s.receive_from(timeout=60) for s in sockets))
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        sizes.append(len(frames[0].encode()))
        assert len(set(frames)) == 1 and 'id="tournament-live"' in frames[0]
    rendering.render_to_string = original
    for socket in sockets:
        await socket.disconnect()
    version = await sync_to_async(lambda: Tournament.objects.get(pk=tournament.pk).version)()

    def show(values, unit=1000):
        values = [v * unit for v in values]
        return f"{statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})"

    print(f"# {PLAYERS}-player Swiss after round 1; {viewers} spectators; {pushes} pushes")
    print(f"push CPU ms (all sockets served)   {show(cpu)}")
    print(f"push CPU µs per viewer              {show([c / viewers for c in cpu], 1e6)}")
    print(f"push wall ms                        {show(wall)}")
    print(f"render CPU ms (once per push)       {show(renders)}   renders: {len(renders)}")
    print(f"frame bytes                         {statistics.median(sizes):,.0f}")
    print(f"versions pushed                     {version}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--viewers", type=int, default=1000)
    parser.add_argument("--pushes", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var_dir:
        setup_environment(scale=False, var_dir=Path(var_dir))
        from huey.contrib.djhuey import HUEY

        HUEY.immediate = True  # the reactions' tasks run here, in memory
        asyncio.run(run(args.viewers, args.pushes))


if __name__ == "__main__":
    main()
