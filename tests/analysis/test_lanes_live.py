"""The lanes with real workers (tooling/servers.py starts a server and each lane's consumer,
as `make run` does): while both analysis workers are busy on long matches, the computer
answers a move and a missed first move aborts its match in their usual time.

The first-move deadline is moved close in the server's database and its flag scheduled as
after a move (tests/browser/flows.py ``age_clock``), so the test never waits the 30 s out."""

import json
import time
from pathlib import Path

import pytest

from tooling.servers import Server, isolated_env

RECORDS = [str(Path(__file__).parent / f) for f in ("hive_blunder.json", "companies_four.json")]
# What a person waits for at most here: the usual time is well under a second.
USUAL_SECONDS = 15

SETUP = """
import json
from accounts.models import User
from analysis import services as analyses
from games import services
users = [User.objects.create_user(n, password="a-long-Passw0rd!") for n in ("ann", "ben")]
for user, path in zip(users, {paths!r}):
    match = services.match_import(data=json.loads(open(path).read()), user=user)
    analyses.analysis_request(match_id=match.pk, user=user)
"""

RUNNING = """
from analysis.models import Analysis
print(Analysis.objects.filter(status="running").count())
"""

PLAY = """
import json
from accounts.models import User
from games import reactions, services
from games.clocks import TimeControl
from games.models import Match
from games.registry import get_engine
ann, ben = User.objects.get(username="ann"), User.objects.get(username="ben")
easy = services.match_create(game="powerdrain", creator=ann, seat=0, bots={1: "easy"})
engine = get_engine(easy.game)
move = next(iter(engine.legal_moves(engine.from_json(easy.state), 0)))
services.move_play(match_id=easy.pk, user=ann, move=move, ply=easy.ply)
timed = services.match_create(
    game="powerdrain", creator=ann, seat=0, time_control=TimeControl(kind="fischer", base_ms=60_000)
)
m = services.match_join(match_id=timed.pk, user=ben)
# Its first move's deadline 1.5 s away, the flag scheduled as after a move (age_clock).
shift = m.deadline - services.server_now() - 1500
Match.objects.filter(pk=m.pk).update(turn_started=m.turn_started - shift, deadline=m.deadline - shift)
m.refresh_from_db()
reactions.after_position(m)
print(json.dumps([easy.pk, timed.public_id]))
"""

STATE = """
import json
from games.models import Match
print(json.dumps([Match.objects.get(pk={easy}).ply, Match.objects.get(public_id={timed!r}).status]))
"""


@pytest.fixture
def busy_server(tmp_path):
    """A server whose two analysis workers are each busy with a long analysis (five times
    Hard's budget a position: minutes of work), the play lane's two workers beside them (as
    `make run` has them)."""
    env = {
        **isolated_env("lanes"),
        "TASK_WORKERS": "2",
        "ANALYSIS_WORKERS": "2",
        "ANALYSIS_BUDGET": "5",
    }
    server = Server(tmp_path, env, worker=True)
    server.migrate()
    server.start()
    try:
        server.shell(SETUP.format(paths=RECORDS))
        give_up = time.monotonic() + 60
        while int(server.shell(RUNNING).strip().splitlines()[-1]) < 2:
            assert time.monotonic() < give_up, "the analyses never started"
        yield server
    finally:
        server.stop()


def test_the_computer_answers_and_a_missed_first_move_aborts_while_analyses_run(busy_server):
    server = busy_server
    easy, timed = json.loads(server.shell(PLAY).strip().splitlines()[-1])
    asked = time.monotonic()
    while True:
        ply, status = json.loads(
            server.shell(STATE.format(easy=easy, timed=timed)).splitlines()[-1]
        )
        if ply >= 2 and status == "finished":
            break
        assert time.monotonic() - asked < USUAL_SECONDS, (ply, status)
    assert int(server.shell(RUNNING).strip().splitlines()[-1]) == 2  # still analysing
