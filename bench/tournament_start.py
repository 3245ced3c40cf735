"""What starting a big round robin costs its creator's request, and the worker's steps that
make its first round (docs/rules.md §8.5, "A round is made by the worker").

A round robin of ``--players`` members (120; up to 500 are allowed) is started by its
creator ("Start now", ``tournament_start_now``): the request only sets the start, and the
step it made due waits on the play lane's queue (in memory here). Then the steps run one
after the other as the worker runs them, each ``tournament_advance`` its own transaction
seating ``TABLES_PER_STEP`` tables. Prints the request's wall time, the steps' count, each
step's wall time (median and range) and the round's total. SQLite, one process.

    .venv/bin/python bench/tournament_start.py
    .venv/bin/python bench/tournament_start.py --players 500
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import setup_environment  # noqa: E402


def run(players: int) -> None:
    from huey.contrib.djhuey import HUEY

    from accounts.models import User
    from games import services as match_services
    from games.clocks import TimeControl
    from tournaments import services
    from tournaments.directors import rounds
    from tournaments.models import Pairing

    HUEY.immediate = True  # in memory; queued, not run, below
    HUEY._immediate = False
    now = match_services.server_now()
    users = [User.objects.create(username=f"rr{i}") for i in range(players)]
    tournament = services.tournament_create(
        creator=users[0],
        name="Bench round robin",
        game="powerdrain",
        format="round-robin",
        time_control=TimeControl.parse("3+2"),
        starts_at=now + 60_000,
        max_players=players,
        now=now,
    )
    for user in users:
        services.tournament_join(public_id=tournament.public_id, user=user, now=now)
    HUEY.flush()
    began = time.perf_counter()
    services.tournament_start_now(
        public_id=tournament.public_id, user=users[0], now=match_services.server_now()
    )
    request = time.perf_counter() - began
    queued = HUEY.pending_count()
    HUEY.flush()  # run below as the worker runs them, one step after the other
    steps = []
    while True:
        began = time.perf_counter()
        services.tournament_advance(tournament_id=tournament.pk, now=match_services.server_now())
        steps.append(time.perf_counter() - began)
        tournament.refresh_from_db()
        if tournament.next_step_at is None or tournament.next_step_at > match_services.server_now():
            break
    made = Pairing.objects.filter(tournament=tournament, round=1).exclude(match=None).count()
    ms = [s * 1000 for s in steps]
    print(
        f"# round robin of {players}: round 1 has {made} matches, {rounds.TABLES_PER_STEP} a step"
    )
    print(f"start-now request ms           {request * 1000:.0f} (tasks queued: {queued})")
    print(f"worker steps                   {len(steps)}")
    print(
        f"step ms                        {statistics.median(ms):.0f} ({min(ms):.0f}–{max(ms):.0f})"
    )
    print(f"round 1 made in ms             {sum(ms):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=120)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var_dir:
        setup_environment(scale=False, var_dir=Path(var_dir))
        run(args.players)


if __name__ == "__main__":
    main()
