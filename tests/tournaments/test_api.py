"""The tournament endpoints of the API, lichess-shaped: create an Arena, a Swiss and a round
robin; read one; join and withdraw; results and games as NDJSON; a program's match arrives
on its event stream as gameStart."""

from __future__ import annotations

import json

import pytest

from api.selectors import running_matches
from api.services import account_upgrade
from api.tokens import token_create
from tests.tournaments.support import finish_round, members, refresh, running
from tests.web.test_api_export import records as read_records
from tournaments import tasks
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def bearer(user) -> dict:
    _, plain = token_create(user, "test")
    return {"HTTP_AUTHORIZATION": f"Bearer {plain}"}


def test_creating_each_format_through_the_api(client):
    (owner,) = members(1)
    auth = bearer(owner)
    arena = client.post(
        "/api/tournament",
        {
            "name": "Quick",
            "game": "powerdrain",
            "clockTime": "1",
            "clockIncrement": "0",
            "minutes": "20",
            "waitMinutes": "2",
        },
        **auth,
    )
    assert arena.status_code == 200, arena.content
    data = arena.json()
    assert data["system"] == "arena" and data["minutes"] == 20 and data["status"] == 10
    assert data["clock"] == {"limit": 60, "increment": 0}
    swiss = client.post(
        "/api/swiss/new",
        json.dumps(
            {"name": "S", "game": "hive", "clock.limit": 300, "clock.increment": 3, "nbRounds": 5}
        ),
        content_type="application/json",
        **auth,
    )
    assert swiss.status_code == 200 and swiss.json()["nbRounds"] == 5
    robin = client.post(
        "/api/roundrobin/new",
        {
            "name": "Groups",
            "game": "high-voltage-companies",
            "tableSize": "3",
            "days": "2",
            "roundDays": "5",
            "private": "true",
        },
        **auth,
    )
    assert robin.status_code == 200, robin.content
    assert robin.json()["tableSize"] == 3 and robin.json()["invite"]
    assert Tournament.objects.count() == 3


def test_bad_terms_are_a_400_with_a_reason_and_nothing_made(client):
    (owner,) = members(1)
    answer = client.post(
        "/api/tournament", {"name": "x", "game": "chess", "minutes": "20"}, **bearer(owner)
    )
    assert answer.status_code == 400 and "chess" in answer.json()["error"]
    assert client.post("/api/tournament", {"name": "x"}).status_code == 401
    assert not Tournament.objects.exists()


def test_join_withdraw_results_and_games(client, clock, monkeypatch):
    heard = []
    monkeypatch.setattr(
        "api.reactions.send_user_event", lambda user_id, event: heard.append((user_id, event))
    )
    players = members(4)
    for p in players:
        account_upgrade(p)  # programs
    auth = [bearer(p) for p in players]
    created = client.post(
        "/api/swiss/new",
        {
            "name": "Bots",
            "game": "powerdrain",
            "clock.limit": "60",
            "nbRounds": "2",
            "startsAt": str(clock.now + 60_000),
        },
        **auth[0],
    ).json()
    tid = created["id"]
    for a in auth:
        assert client.post(f"/api/tournament/{tid}/join", **a).json() == {"ok": True}
    assert client.post(f"/api/tournament/{tid}/withdraw", **auth[3]).json() == {"ok": True}
    assert client.post(f"/api/swiss/{tid}/join", **auth[3]).json() == {"ok": True}
    assert Entry.objects.filter(tournament__public_id=tid).count() == 4
    assert client.post("/api/tournament/nothere/join", **auth[0]).status_code == 404

    tournament = Tournament.objects.get(public_id=tid)
    clock.now = tournament.starts_at
    tasks.catch_up()
    # Each program hears of its match as gameStart on its event stream, live, and on the
    # stream's first lines when it opens one later.
    starts = sorted(u for u, event in heard if event["type"] == "gameStart")
    assert starts == sorted(p.pk for p in players)
    assert len(running_matches(players[0])) == 1
    finish_round(refresh(tournament), 1)
    lines = client.get(f"/api/tournament/{tid}/results").content.decode().splitlines()
    results = [json.loads(line) for line in lines]
    assert [r["rank"] for r in results][:1] == [1] and sum(r["points"] for r in results) == 2
    games = client.get(f"/api/tournament/{tid}/games")
    records = read_records(games)
    assert len(records) == 2 and all(r["round"] == 1 for r in records)
    detail = client.get(f"/api/tournament/{tid}").json()
    assert detail["nbPlayers"] == 4 and detail["round"] == 1 and detail["isStarted"]
    assert not running(refresh(tournament), 1)


@pytest.mark.parametrize(
    ("format", "source", "key"),
    [
        ("arena", "arena", "tournamentId"),
        ("swiss", "swiss", "swissId"),
        ("round-robin", "swiss", "swissId"),
    ],
)
def test_a_tournament_match_is_named_on_the_event_stream_as_lichess_does(
    format, source, key, clock, monkeypatch
):
    from api.selectors import game_event
    from tests.tournaments.support import make, start

    heard = []
    monkeypatch.setattr(
        "api.reactions.send_user_event", lambda user_id, event: heard.append((user_id, event))
    )
    players = members(2)
    for p in players:
        account_upgrade(p)
        bearer(p)
    tournament = start(make(players[0], format=format, players=players), clock)
    starts = [event["game"] for _, event in heard if event["type"] == "gameStart"]
    assert len(starts) == 2
    for game in starts:
        assert game["source"] == source and game[key] == tournament.public_id
    # The stream's first lines say the same; a match of no tournament stays a friend's.
    (pairing,) = running(tournament)
    assert game_event(pairing.match, players[0], "gameStart")["game"][key] == tournament.public_id
    from games.services import match_create

    other = match_create(game="powerdrain", creator=players[0], seat=0)
    event = game_event(other, players[0], "gameStart")["game"]
    assert event["source"] == "friend" and "tournamentId" not in event and "swissId" not in event


def test_withdraw_pauses_in_a_running_arena_as_lichess_does(client, clock):
    """lichess: "Leave a future Arena tournament, or take a break on an ongoing Arena
    tournament. It's possible to join again later. Points and streaks are preserved.\""""
    from tests.tournaments.support import finish, make, start

    players = members(2)
    auth = {p.pk: bearer(p) for p in players}
    tournament = make(players[0], format="arena", players=players)
    tid = tournament.public_id
    leaver = players[1]
    assert client.post(f"/api/tournament/{tid}/withdraw", **auth[leaver.pk]).json() == {"ok": True}
    assert not Entry.objects.filter(tournament=tournament, user=leaver).exists()  # it left
    assert client.post(f"/api/tournament/{tid}/join", **auth[leaver.pk]).json() == {"ok": True}
    tournament = start(tournament, clock)
    (first,) = running(tournament)
    finish(first)  # seat 0 wins, and both are paired again at once
    pauser = first.seats[0]
    assert client.post(f"/api/tournament/{tid}/withdraw", **auth[pauser]).json() == {"ok": True}
    entry = Entry.objects.get(tournament=tournament, user_id=pauser)
    assert entry.paused and not entry.withdrawn

    def points() -> int:
        lines = client.get(f"/api/tournament/{tid}/results").content.split()
        rows = {r["username"]: r for r in map(json.loads, lines)}
        assert not rows[entry.user.username]["withdrawn"]
        return rows[entry.user.username]["points"]

    assert points() == 2
    (second,) = running(refresh(tournament))  # the match they play goes on
    finish(second, loser_seat=second.seats.index(pauser))
    assert not running(refresh(tournament))  # paused: not paired again
    assert points() == 2  # kept
    # Joining again comes back and is paired at once with whoever waits.
    assert client.post(f"/api/tournament/{tid}/join", **auth[pauser]).json() == {"ok": True}
    assert not Entry.objects.get(pk=entry.pk).paused
    (third,) = running(refresh(tournament))
    assert pauser in third.seats
