"""History, replay, export/import, the watch list and profiles."""

import json
import re

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.models import Match
from games.registry import get_engine
from tests.conftest import PD_OPTIONS, every_seat_moves
from tests.web.support import connect

CELLS = [[r, c] for r in range(5) for c in range(5)][:16]


def play_out(match, players, cells=CELLS):
    for ply, at in enumerate(cells):
        services.move_play(
            match_id=match.pk, user=players[ply % 2], ply=ply, move={"type": "place", "at": at}
        )
    match.refresh_from_db()
    return match


@pytest.fixture
def finished(match, alice, bob):
    return play_out(match, [alice, bob])


def test_history_lists_finished_matches_newest_first_with_filters(
    client, finished, alice, bob, carol
):
    second = services.match_create(game="powerdrain", creator=carol, seat=0)
    every_seat_moves(services.match_join(match_id=second.pk, user=bob))
    services.match_resign(match_id=second.pk, user=bob)
    services.match_create(game="powerdrain", creator=alice)  # still waiting: not history
    page = client.get("/history/").content.decode()
    assert page.count('class="history-row"') == 2
    assert page.index(f"/m/{second.public_id}/replay/") < page.index(
        f"/m/{finished.public_id}/replay/"
    )
    only_alice = client.get("/history/", {"player": "alice"}).content.decode()
    assert (
        only_alice.count('class="history-row"') == 1 and f"/m/{finished.public_id}/" in only_alice
    )
    assert client.get("/history/", {"game": "hive-x"}).content.decode().count("history-row") == 2
    assert "16" in page and "resigned" in page


def test_history_is_paginated(client, alice, bob):
    for _ in range(27):
        created = services.match_create(game="powerdrain", creator=alice, seat=0)
        services.match_join(match_id=created.pk, user=bob)
        services.match_resign(match_id=created.pk, user=alice)
    first = client.get("/history/").content.decode()
    assert first.count('class="history-row"') == 25 and "Page 1 of 2" in first
    assert client.get("/history/?page=2").content.decode().count('class="history-row"') == 2


def test_replay_shows_the_board_at_every_ply(client, finished):
    engine = get_engine("powerdrain")
    state = engine.setup(2, finished.seed, finished.options)
    for ply in range(17):
        page = client.get(f"/m/{finished.public_id}/replay/", {"ply": ply}).content.decode()
        assert f'data-ply="{ply}"' in page
        assert page.count('data-plug="') == ply == engine.view(state, None)["placed"]
        if ply < 16:
            state = engine.apply(state, ply % 2, {"type": "place", "at": CELLS[ply]})
    fragment = client.get(f"/m/{finished.public_id}/replay/?ply=3", headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert body.startswith('<div id="replay"') and "<html" not in body
    # The readable move list names each plug and its square, one numbered entry per turn.
    assert "</strong> plug 46 at a1</a>" in body and '<span class="n">16</span>' in body


def test_replay_of_a_live_match_redirects_to_the_live_page(client, match):
    response = client.get(f"/m/{match.public_id}/replay/")
    assert response.status_code == 302 and response["Location"] == f"/m/{match.public_id}/"


def test_export_then_import_gives_an_identical_record(client, importer, finished, alice):
    record = client.get(f"/m/{finished.public_id}/record.json").json()
    assert record["moves"][0] == {"seat": 0, "move": {"type": "place", "at": [0, 0]}}
    assert record["seats"] == ["alice", "bob"] and record["options"] == PD_OPTIONS
    client.force_login(alice)
    response = client.post("/m/import/", {"record": json.dumps(record)})
    imported = Match.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == f"/m/{imported.public_id}/replay/"
    assert imported.state == finished.state and imported.result == finished.result
    again = client.get(f"/m/{imported.public_id}/record.json").json()
    assert again == record


def test_export_of_a_live_match_is_refused(client, match):
    response = client.get(f"/m/{match.public_id}/record.json")
    assert response.status_code == 409 and "finished" in response.json()["error"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["moves"][5]["move"].update(at=[0, 0]),
            "Ply 5: That section already holds a plug.",
        ),
        (lambda r: r["moves"][2].update(seat=1), "Ply 2: It is not your turn."),
        (lambda r: r["moves"].append(r["moves"][0]), "Ply 16: the game was already over."),
        (lambda r: r["moves"].pop(), "do not finish the game"),
        (lambda r: r.update(result={"winners": [1], "scores": [0, 9], "reason": "x"}), "differs"),
        (lambda r: r.update(game="chess"), "Unknown game"),
        (lambda r: r.update(seats=["solo"]), "not played by 1 players"),
        (lambda r: r.update(format="other"), "Not a match record"),
        (lambda r: r["options"].update(rows=[1]), "setup does not work"),
    ],
)
def test_a_record_that_does_not_replay_is_refused_with_ply_and_reason(
    client, importer, finished, change, message
):
    record = client.get(f"/m/{finished.public_id}/record.json").json()
    change(record)
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400 and message in response.content.decode()
    assert Match.objects.count() == 1


def test_import_refuses_junk(client, importer, db):
    response = client.post("/m/import/", {"record": "{nope"})
    assert response.status_code == 400 and "not valid JSON" in response.content.decode()


def test_resigned_record_round_trips(client, importer, match, bob):
    services.match_resign(match_id=match.pk, user=bob)
    record = client.get(f"/m/{match.public_id}/record.json").json()
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 302
    imported = Match.objects.exclude(pk=match.pk).get()
    assert client.get(f"/m/{imported.public_id}/record.json").json() == record


def as_exported_before_leaving_was_logged(record: dict) -> dict:
    """The same resignation as the table exported it before leaving was a move: no leave
    entry, and the result names the seat that resigned."""
    leave = record["moves"][-1]
    assert leave["move"] == {"type": "leave", "reason": "resigned"}
    scores = record["result"].get("scores")
    return {
        **record,
        "moves": record["moves"][:-1],
        "result": {**record["result"], "scores": scores, "resigned": leave["seat"]},
    }


def test_a_resigned_record_exported_before_leaving_was_logged_still_imports(
    client, importer, match, bob
):
    every_seat_moves(match)
    services.match_resign(match_id=match.pk, user=bob)
    record = client.get(f"/m/{match.public_id}/record.json").json()
    response = client.post(
        "/m/import/", {"record": json.dumps(as_exported_before_leaving_was_logged(record))}
    )
    assert response.status_code == 302
    imported = Match.objects.exclude(pk=match.pk).get()
    assert client.get(f"/m/{imported.public_id}/record.json").json() == record  # today's form
    record = as_exported_before_leaving_was_logged(record)
    record["result"]["winners"] = [record["result"]["resigned"]]  # the wrong seat won
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400
    assert "does not match the position" in response.content.decode()


def test_an_old_resignation_that_ended_a_three_player_match_is_refused_with_why(
    client, importer, db
):
    record = {
        "format": "gametable-match/1",
        "game": "high-voltage-companies",
        "seed": 4,
        "options": {},
        "seats": ["ann", "ben", "cy"],
        "moves": [],
        "result": {"winners": [1, 2], "scores": [0, 0, 0], "reason": "resigned", "resigned": 0},
    }
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400
    assert "today the others play on" in response.content.decode()
    assert not Match.objects.exists()


def test_profile_counts_wins_losses_and_draws_per_game(client, finished, alice, bob):
    created = services.match_create(game="powerdrain", creator=alice, seat=0)
    played = every_seat_moves(services.match_join(match_id=created.pk, user=bob))
    services.match_resign(match_id=played.pk, user=alice)
    page = client.get("/accounts/u/alice/").content.decode()
    winners = finished.result["winners"]
    won = int(winners == [0])
    lost = 1 + int(winners == [1])
    drawn = int(winners == [])
    assert f"Played 2 · won {won} · lost {lost} · drawn {drawn}" in page
    assert client.get("/accounts/u/nobody/").status_code == 404


@pytest.mark.django_db(transaction=True)
async def test_watch_list_counts_connected_spectators(client, match, alice, carol):
    # Two people: an anonymous visitor and carol (spectators count by session or address).
    spectators = [(await connect(match))[0], (await connect(match, carol))[0]]
    player, _ = await connect(match, alice)
    for c in [*spectators, player]:
        await c.receive_from()
    page = (await sync_to_async(client.get)("/watch/")).content.decode()
    assert f'data-match="{match.public_id}"' in page
    assert re.search(r'<td class="viewers[^"]*">2</td>', page)
    await spectators[0].disconnect()
    page = (await sync_to_async(client.get)("/watch/")).content.decode()
    assert re.search(r'<td class="viewers[^"]*">1</td>', page)
    for c in [spectators[1], player]:
        await c.disconnect()
