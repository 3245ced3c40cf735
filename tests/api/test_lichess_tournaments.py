"""berserk's tournament calls, as a lichess program makes them, against a real server: list,
create (an Arena, a Swiss in the open team), edit and schedule a Swiss, a creator's list and
stream, results with a limit, and ending a tournament; the terms the table does not take
are refused with a reason, never dropped."""

from __future__ import annotations

import time

import berserk
import pytest

from tests.api.conftest import fresh
from tests.api.test_lichess_client import BoundedTokenSession


@pytest.fixture
def program(build, api_server):
    """A berserk client of a fresh account, and its name."""
    name = fresh("organiser")
    clients, _ = build({"users": [{"name": name}]})
    client = berserk.Client(
        session=BoundedTokenSession(clients[name].token), base_url=api_server.url + "/"
    )
    return client, name


def _later(minutes: int) -> int:
    return int(time.time() * 1000) + minutes * 60_000


def test_current_tournaments_and_a_creators_list(program):
    client, name = program
    arena = client.tournaments.create_arena(
        clockTime=3, clockIncrement=2, minutes=20, name="Lunch", variant="hive"
    )
    swiss = client.tournaments.create_swiss(
        "open", clockLimit=180, clockIncrement=0, nbRounds=3, variant="powerdrain", name="S"
    )
    assert swiss["system"] == "swiss" and swiss["nbRounds"] == 3
    current = client.tournaments.get()
    upcoming = {t["id"] for t in current["created"]}
    assert {arena["id"], swiss["id"]} <= upcoming
    assert set(current) == {"created", "started", "finished"}
    made = client.tournaments.tournaments_by_user(name)
    assert [t["id"] for t in made] == [arena["id"], swiss["id"]][::-1] or {
        t["id"] for t in made
    } == {arena["id"], swiss["id"]}
    assert len(client.tournaments.tournaments_by_user(name, nb=1)) == 1
    assert {t["id"] for t in client.tournaments.stream_by_creator(name)} == {
        arena["id"],
        swiss["id"],
    }


def test_edit_schedule_and_terminate_a_swiss(program):
    client, _ = program
    swiss = client.tournaments.create_swiss(
        "open", clockLimit=180, clockIncrement=0, nbRounds=3, variant="powerdrain", name="S"
    )
    edited = client.tournaments.edit_swiss(
        swiss["id"], clockLimit=300, clockIncrement=5, nbRounds=5, name="Evening"
    )
    assert edited["fullName"] == "Evening" and edited["nbRounds"] == 5
    assert edited["clock"] == {"limit": 300, "increment": 5}
    at = _later(90)
    client.tournaments.schedule_swiss_next_round(swiss["id"], at)
    shown = client.tournaments.get_swiss(swiss["id"])
    assert shown["startsAt"].startswith(time.strftime("%Y-%m-%d", time.gmtime(at / 1000)))
    client.tournaments.terminate_swiss(swiss["id"])
    assert client.tournaments.get_swiss(swiss["id"])["isFinished"]
    arena = client.tournaments.create_arena(
        clockTime=3, clockIncrement=2, minutes=20, variant="hive"
    )
    client.tournaments.terminate_arena(arena["id"])
    assert client.tournaments.get_tournament(arena["id"])["status"] == 30


def test_untaken_terms_are_refused_with_a_reason(program):
    client, _ = program
    with pytest.raises(berserk.exceptions.ResponseError) as refused:
        client.tournaments.create_arena(
            clockTime=3, clockIncrement=2, minutes=20, variant="hive", password="x"
        )
    assert refused.value.status_code == 400 and "private" in refused.value.cause["error"]
    with pytest.raises(berserk.exceptions.ResponseError) as refused:
        client.tournaments.create_arena(
            clockTime=3, clockIncrement=2, minutes=20, variant="hive", minRating=1500
        )
    assert refused.value.status_code == 400
    with pytest.raises(berserk.exceptions.ResponseError) as missing:
        client.tournaments.create_swiss(
            "chess-club", clockLimit=60, clockIncrement=0, nbRounds=3, variant="hive"
        )
    assert missing.value.status_code == 404 and missing.value.cause["error"] == "No such team"
    arena = client.tournaments.create_arena(
        clockTime=3, clockIncrement=2, minutes=20, variant="hive"
    )
    with pytest.raises(berserk.exceptions.ResponseError) as pgn:
        list(client.tournaments.export_arena_games(arena["id"], as_pgn=True))
    assert pgn.value.status_code == 400 and "PGN" in pgn.value.cause["error"]


def test_results_honour_the_limit(build, api_server):
    names = [fresh("entrant") for _ in range(3)]
    clients, _ = build({"users": [{"name": n} for n in names]})
    bots = [
        berserk.Client(session=BoundedTokenSession(clients[n].token), base_url=api_server.url + "/")
        for n in names
    ]
    arena = bots[0].tournaments.create_arena(
        clockTime=3, clockIncrement=2, minutes=20, variant="hive"
    )
    for bot in bots:
        bot.tournaments.join_arena(arena["id"])
    assert len(list(bots[0].tournaments.stream_results(arena["id"]))) == 3
    assert len(list(bots[0].tournaments.stream_results(arena["id"], limit=2))) == 2
