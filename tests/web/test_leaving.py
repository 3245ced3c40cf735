"""Resigning at the table: a leave entry in the move log, replayed, exported and imported."""

import json

import pytest

from games import services
from games.models import Match
from games.registry import get_engine
from games.store import matchlog
from games.store.movelog import entries
from tests.conftest import every_seat_moves
from tests.web.test_high_voltage_companies_board import a_rotation, html_for, play, start

LEAVE = {"type": "leave", "reason": "resigned"}


def quiet_turn(match, user):
    play(match, user, a_rotation(match))
    play(match, user, {"type": "end"})


@pytest.fixture
def four_with_a_resignation(db):
    """A 4-player power-companies match in which bob (seat 1) resigned out of turn."""
    match, users = start(4)
    services.match_resign(match_id=match.pk, user=users[1])
    match.refresh_from_db()
    return match, users


def test_one_resignation_in_four_lets_the_others_play_on(four_with_a_resignation):
    match, (alice, bob, carol, dave) = four_with_a_resignation
    assert match.status == Match.Status.ACTIVE and match.ply == 1 and match.result is None
    assert list(match.moves.values_list("ply", "seat", "move")) == [(0, 1, LEAVE)]
    bobs = html_for(match, 1)
    resign = f"/m/{match.public_id}/resign/"
    assert "You have left this match" in bobs and resign not in bobs
    assert resign in html_for(match, 0) and "resigned" in html_for(match, None)
    with pytest.raises(services.Refused, match="left"):
        play(match, bob, a_rotation(match))
    with pytest.raises(services.Refused, match="already left"):
        services.match_resign(match_id=match.pk, user=bob)
    quiet_turn(match, alice)
    with pytest.raises(services.Refused, match="not your turn"):
        play(match, dave, a_rotation(match))  # bob's turn is skipped: carol is next
    quiet_turn(match, carol)
    quiet_turn(match, dave)  # three quiet turns: every player still in
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["reason"] == "quiet" and 1 not in match.result["winners"]
    assert match.result["ranking"][1] == 4 and match.result["left"] == [[1, "resigned"]]
    final = html_for(match, None)
    assert 'data-rank-seat="1"><td>4</td>' in final and "resigned" in final


def test_the_last_player_left_wins(four_with_a_resignation):
    match, (alice, _, carol, dave) = four_with_a_resignation
    every_seat_moves(match)  # the players still in, each once: a leave before would abort
    services.match_resign(match_id=match.pk, user=alice)
    services.match_resign(match_id=match.pk, user=dave)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at
    assert match.result["winners"] == [2] and match.result["reason"] == "resigned"
    assert match.result["ranking"] == [3, 4, 1, 2]
    assert match.result == get_engine(match.game).outcome(
        get_engine(match.game).from_json(match.state)
    )
    assert "carol won by resignation" in html_for(match, None)
    with pytest.raises(services.Refused, match="running"):
        services.match_resign(match_id=match.pk, user=carol)


def test_replay_export_and_import_keep_the_resignation(client, importer, four_with_a_resignation):
    match, (alice, _, carol, dave) = four_with_a_resignation
    quiet_turn(match, alice)
    services.match_resign(match_id=match.pk, user=carol)
    quiet_turn(match, dave)  # alice and dave, the two players still in, were both quiet
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["left"] == [[1, "resigned"], [2, "resigned"]]
    state = matchlog.of(match).state_at(match.ply)
    engine = get_engine(match.game)
    assert engine.to_json(state) == match.state
    turns = {e["first"]: e["texts"] for e in entries(match)}
    assert turns[1] == ["resigned"] and turns[4] == ["resigned"]
    page = client.get(f"/m/{match.public_id}/replay/", {"ply": 1}).content.decode()
    assert page.count("</strong> resigned</a>") == 2
    record = client.get(f"/m/{match.public_id}/record.json").json()
    assert record["moves"][0] == {"seat": 1, "move": LEAVE}
    client.force_login(alice)
    response = client.post("/m/import/", {"record": json.dumps(record)})
    imported = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == f"/m/{imported.public_id}/replay/"
    assert imported.state == match.state and imported.result == match.result
    assert client.get(f"/m/{imported.public_id}/record.json").json() == record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["moves"][2]["move"].update(reason="bored"), "Ply 2: Unknown reason"),
        (lambda r: r["moves"][2]["move"].update(seat=0), "Ply 2: A leave entry"),
        (lambda r: r["moves"][2].update(seat=2), "Ply 2: There is no such seat"),
        (lambda r: r["moves"].append(r["moves"][2]), "Ply 3: the game was already over"),
        (lambda r: r["moves"].pop(), "do not finish the game"),
        (lambda r: r["result"].update(winners=[1]), "differs"),
    ],
)
def test_an_import_checks_leave_entries_like_moves(
    client, importer, match, alice, bob, change, message
):
    services.move_play(match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]})
    every_seat_moves(match)  # bob too: a resignation before it would abort the match
    services.match_resign(match_id=match.pk, user=bob)
    record = client.get(f"/m/{match.public_id}/record.json").json()
    assert record["moves"][2] == {"seat": 1, "move": LEAVE}
    change(record)
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400 and message in response.content.decode()
    assert Match.objects.count() == 1
