"""berserk's team calls against a real server, as a club's programs make them: a team, its
members, joining an open and a closed club (the leader's requests, accept, decline, kick),
leaving, a Swiss made under the team id and an Arena kept to it, the team's Swiss and Arena
lists, and a tournament that refuses a non-member saying which club to join."""

from __future__ import annotations

import berserk
import pytest
from berserk.exceptions import ResponseError

from tests.api.conftest import fresh
from tests.api.test_lichess_client import BoundedTokenSession


@pytest.fixture
def programs(build, api_server):
    """Three berserk clients of fresh accounts: a leader and two others, and their names."""
    names = [fresh("clubber") for _ in range(3)]
    clients, _ = build({"users": [{"name": n} for n in names]})
    return [
        (
            berserk.Client(
                session=BoundedTokenSession(clients[n].token), base_url=api_server.url + "/"
            ),
            n,
        )
        for n in names
    ]


def _club(client, name: str, open: bool) -> str:
    """A club made the way its leader does over HTTP (berserk has no team creation)."""
    response = client._r.post("/api/team", json={"name": name, "open": open})
    return response["id"]


def test_an_open_team_its_members_and_its_tournaments(programs):
    (leader, lname), (member, mname), (stranger, sname) = programs
    team = _club(leader, fresh("Open club "), True)
    member.teams.join(team)
    shown = member.teams.get_team(team)
    assert shown["nbMembers"] == 2 and shown["open"] and shown["joined"]
    assert shown["leader"]["id"] == lname
    assert {m["id"] for m in member.teams.get_members(team)} == {lname, mname}
    assert [t["id"] for t in stranger.teams.teams_of_player(mname)] == [team]

    swiss = leader.tournaments.create_swiss(
        team, clockLimit=180, clockIncrement=0, nbRounds=3, variant="hive", name="Club Swiss"
    )
    assert swiss["teamId"] == team
    arena = leader.tournaments.create_arena(
        clockTime=3, clockIncrement=2, minutes=20, variant="hive", teamId=team
    )
    assert arena["teamId"] == team
    assert [t["id"] for t in stranger.tournaments.swiss_by_team(team)] == [swiss["id"]]
    assert [t["id"] for t in stranger.tournaments.arenas_by_team(team)] == [arena["id"]]
    assert len(stranger.tournaments.swiss_by_team(team, maxT=1)) == 1

    member.tournaments.join_swiss(swiss["id"])
    with pytest.raises(ResponseError) as refused:
        stranger.tournaments.join_swiss(swiss["id"])
    assert refused.value.status_code == 400 and "join the club" in refused.value.cause["error"]
    with pytest.raises(ResponseError) as refused:
        stranger.tournaments.join_arena(arena["id"])
    assert refused.value.status_code == 400
    with pytest.raises(ResponseError) as refused:  # only its leader makes its tournaments
        member.tournaments.create_swiss(
            team, clockLimit=180, clockIncrement=0, nbRounds=3, variant="hive"
        )
    assert refused.value.status_code == 400 and "leader" in refused.value.cause["error"]

    member.teams.leave(team)
    assert {m["id"] for m in stranger.teams.get_members(team)} == {lname}
    with pytest.raises(ResponseError) as refused:
        leader.teams.leave(team)
    assert refused.value.status_code == 400 and "leader" in refused.value.cause["error"]


def test_a_closed_team_waits_for_its_leader(programs):
    (leader, _), (asker, aname), (other, oname) = programs
    team = _club(leader, fresh("Closed club "), False)
    asker.teams.join(team, message="Class 7b")
    other.teams.join(team)
    assert not asker.teams.get_team(team)["joined"] and asker.teams.get_team(team)["requested"]
    pending = leader.teams.get_join_requests(team)
    assert [(r["userId"], r["message"]) for r in pending] == [(aname, "Class 7b"), (oname, "")]
    with pytest.raises(ResponseError) as refused:
        asker.teams.get_join_requests(team)
    assert refused.value.status_code == 400
    with pytest.raises(ResponseError) as refused:
        asker.teams.accept_join_request(team, aname)
    assert refused.value.status_code == 400
    leader.teams.accept_join_request(team, aname)
    leader.teams.decline_join_request(team, oname)
    assert leader.teams.get_join_requests(team) == []
    assert asker.teams.get_team(team)["joined"] and not other.teams.get_team(team)["joined"]
    leader.teams.kick_member(team, aname)
    assert not asker.teams.get_team(team)["joined"]
    with pytest.raises(ResponseError) as missing:
        leader.teams.accept_join_request(team, oname)
    assert missing.value.status_code == 404


def test_unknown_teams_and_untaken_terms(programs):
    (leader, _), (asker, _), _ = programs
    for call in (
        lambda: asker.teams.get_team("no-such-club"),
        lambda: asker.teams.join("no-such-club"),
        lambda: list(asker.teams.get_members("no-such-club")),
        lambda: leader.tournaments.create_swiss(
            "no-such-club", clockLimit=60, clockIncrement=0, nbRounds=3
        ),
    ):
        with pytest.raises(ResponseError) as missing:
            call()
        assert missing.value.status_code == 404 and missing.value.cause["error"] == "No such team"
    team = _club(leader, fresh("Pw club "), False)
    with pytest.raises(ResponseError) as refused:
        asker.teams.join(team, password="secret")
    assert refused.value.status_code == 400 and "password" in refused.value.cause["error"]
    assert not asker.teams.get_team(team)["requested"]
