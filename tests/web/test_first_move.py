"""The first move costs no time, and a first move missed by 30 s aborts (docs/rules.md §7.3).

Every service takes the server's time as ``now``: these tests pass their own clock and never
wait for a deadline.
"""

import json
import random

import pytest
from django.urls import reverse

from accounts.models import User
from games import clocks, services
from games.clocks import TimeControl
from games.live.rendering import board_html
from games.models import Match
from games.registry import get_engine
from games.selectors import player_stats

T0 = 1_800_000_000_000
FIRST_MOVE_MS = 30_000


def aborted(seat):
    return {"aborted": True, "seat": seat, "winners": [], "reason": "aborted"}


def place(at):
    return {"type": "place", "at": at}


def timed(alice, bob, control="1+0"):
    created = services.match_create(
        game="powerdrain", creator=alice, seat=0, time_control=TimeControl.parse(control)
    )
    return services.match_join(match_id=created.pk, user=bob, now=T0)


def test_a_first_move_costs_nothing_and_the_second_runs_on_fischer(alice, bob):
    match = timed(alice, bob, "1+0")
    assert match.clock_ms == [60_000, 60_000] and match.deadline == T0 + FIRST_MOVE_MS
    page = board_html(match, 0)
    assert 'data-ms="60000"' in page and ">1:00</span>" in page  # standing still: no deadline
    assert 'class="clock"' in page and 'class="clock running"' not in page
    assert f'class="first-move" data-deadline="{T0 + FIRST_MOVE_MS}"' in page
    assert "first move: 0:30" in page
    match = services.move_play(
        match_id=match.pk, user=alice, ply=0, move=place([0, 0]), now=T0 + 20_000
    )
    assert match.clock_ms == [60_000, 60_000] and match.deadline == T0 + 20_000 + FIRST_MOVE_MS
    match = services.move_play(
        match_id=match.pk, user=bob, ply=1, move=place([1, 1]), now=T0 + 45_000
    )
    assert match.clock_ms == [60_000, 60_000] and match.deadline == T0 + 45_000 + 60_000
    page = board_html(match, 0)
    assert "first-move" not in page and f'data-deadline="{T0 + 105_000}"' in page
    match = services.move_play(
        match_id=match.pk, user=alice, ply=2, move=place([2, 2]), now=T0 + 55_000
    )
    assert match.clock_ms == [50_000, 60_000]  # alice's second move: 10 s charged
    assert match.deadline == T0 + 55_000 + 60_000  # bob's clock runs now


def test_a_first_move_missed_by_30_seconds_aborts_the_match(alice, bob, client):
    match = timed(alice, bob, "1+0")
    assert services.fallen_clocks(T0 + FIRST_MOVE_MS - 1) == []
    assert not services.clock_flag(match_id=match.pk, now=T0 + FIRST_MOVE_MS - 1)
    assert services.fallen_clocks(T0 + FIRST_MOVE_MS) == [match.pk]
    assert services.clock_flag(match_id=match.pk, now=T0 + FIRST_MOVE_MS)
    assert not services.clock_flag(match_id=match.pk, now=T0 + 90_000)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.aborted
    assert match.result == aborted(0) == clocks.aborted_result(0)
    assert match.moves.count() == 0  # no leave entry: nobody lost on time
    assert match.result_for(alice) == match.result_for(bob) == "aborted"
    assert player_stats(alice) == player_stats(bob) == []  # neither a win nor a loss
    assert services.fallen_clocks(T0 + 90_000) == []
    page = board_html(match, 1)
    assert "Aborted: alice did not make a first move in time. Nobody won." in page
    assert "data-aborted" in page and "won" not in page.split("Nobody won")[0].split("Aborted")[1]
    assert "Aborted: you did not make a first move in time" in board_html(match, 0)
    client.force_login(bob)
    assert ">aborted</span>" in client.get(f"/m/{match.public_id}/").content.decode()
    lobby = client.get("/").content.decode()
    assert '<span class="owner-result aborted">aborted</span>' in lobby
    history = client.get("/history/").content.decode()
    assert "Aborted: <strong>alice</strong> did not make a first move in time" in history
    profile = client.get(reverse("profile", args=["bob"])).content.decode()
    assert "owner-result aborted" in profile and "owner-result lost" not in profile


def test_the_second_seat_missing_its_first_move_aborts_too(alice, bob):
    match = timed(alice, bob, "3+2")
    services.move_play(match_id=match.pk, user=alice, ply=0, move=place([0, 0]), now=T0 + 5000)
    assert not services.clock_flag(match_id=match.pk, now=T0 + 5000 + FIRST_MOVE_MS - 1)
    assert services.clock_flag(match_id=match.pk, now=T0 + 5000 + FIRST_MOVE_MS)
    match.refresh_from_db()
    assert match.result == aborted(1) and match.moves.count() == 1


def test_a_first_move_after_its_deadline_is_refused_and_aborts(alice, bob):
    match = timed(alice, bob, "5+3")
    with pytest.raises(services.Refused, match="aborted"):
        services.move_play(
            match_id=match.pk, user=alice, ply=0, move=place([0, 0]), now=T0 + 30_000
        )
    match.refresh_from_db()
    assert match.aborted and match.moves.count() == 0


def test_a_claim_on_a_first_mover_past_the_30_seconds_aborts(alice, bob):
    match = timed(alice, bob, "5+0")  # alice has had no page open since T0
    with pytest.raises(services.Refused):  # not away for a minute yet
        services.match_claim(match_id=match.pk, user=bob, now=T0 + 25_000)
    match = services.match_claim(match_id=match.pk, user=bob, now=T0 + 61_000)
    assert match.result == aborted(0) and match.moves.count() == 0 and match.aborted


def test_correspondence_and_untimed_matches_have_no_first_move_deadline(alice, bob):
    for control in ("none", "1d"):
        match = timed(alice, bob, control)
        assert match.unmoved == []
        assert not services.clock_flag(match_id=match.pk, now=T0 + FIRST_MOVE_MS * 10)
        assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_four_power_companies_each_have_a_free_first_turn(db):
    players = [User.objects.create_user(f"p{n}", password="pw-123-abc") for n in range(4)]
    created = services.match_create(
        game="high-voltage-companies",
        creator=players[0],
        seat=0,
        players=4,
        time_control=TimeControl.parse("10+5"),
    )
    for user in players[1:]:
        match = services.match_join(match_id=created.pk, user=user, now=T0)
    engine, rng, now = get_engine(match.game), random.Random(7), T0
    done = []
    for _ in range(4):  # each seat's whole first turn, in turn order: 2 s a move, never charged
        seat, started = engine.to_move(engine.from_json(match.state))[0], now
        assert seat not in done
        for _ in range(50):  # the turn's moves; a turn that never ends fails below
            assert match.deadline == started + FIRST_MOVE_MS and match.clock.first_move(seat)
            state = engine.from_json(match.state)
            now += 2000
            legal = list(engine.legal_moves(state, seat))
            reveals = [m for m in legal if m["type"] == "reveal"]  # no quiet end meanwhile
            move = reveals[0] if reveals else rng.choice(legal)
            match = services.move_play(
                match_id=match.pk, user=players[seat], ply=match.ply, move=move, now=now
            )
            if engine.to_move(engine.from_json(match.state)) != [seat]:
                break
        else:
            raise AssertionError(f"seat {seat}'s first turn did not end")
        done.append(seat)
        assert match.unmoved == [s for s in range(4) if s not in done]
        assert match.clock_ms == [600_000] * 4
    assert match.unmoved == [] and match.deadline == now + 600_000
    assert not services.clock_flag(match_id=match.pk, now=now + 599_999)


def test_an_aborted_record_exports_and_imports(importer, alice, bob):
    match = timed(alice, bob, "1+0")
    services.move_play(match_id=match.pk, user=alice, ply=0, move=place([0, 0]), now=T0 + 1000)
    services.clock_flag(match_id=match.pk, now=T0 + 1000 + FIRST_MOVE_MS)
    record = importer.get(f"/m/{match.public_id}/record.json").json()
    assert record["result"] == aborted(1) and len(record["moves"]) == 1
    wrong_seat = {**record, "result": aborted(0)}
    response = importer.post("/m/import/", {"record": json.dumps(wrong_seat)})
    assert response.status_code == 400 and "is not to move" in response.content.decode()
    response = importer.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 302
    imported = Match.objects.get(imported=True)
    assert imported.aborted and imported.result == record["result"]
    replay = importer.get(f"/m/{imported.public_id}/replay/").content.decode()
    assert "Aborted: bob did not make a first move in time" in replay
