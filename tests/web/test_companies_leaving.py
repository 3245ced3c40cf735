"""Leaving a timed 3–4 player power-companies match by the clock or by a claim, through the
services (docs/rules.md §7.2–7.4): the seat leaves, the others play on with the next seat's
clock running, and the seat that left keeps the time it had, never an increment.

Time comes from the ``now`` each service takes; no test waits for a deadline.
"""

import pytest

from accounts.models import User
from games import services
from games.clocks import TimeControl
from games.models import Match, Seat
from games.registry import get_engine
from ratings.models import RatingChange
from tests.conftest import create_rigged
from tests.web.test_high_voltage_companies_board import NAMES, SLUG, corner_setup, html_for

T0 = 1_800_000_000_000
BASE, INCREMENT = 600_000, 5000  # the 10+5 preset


def timed_start(players: int):
    """A rated 10+5 match of ``players`` that started at T0, past every seat's free first
    turn: seat 0's clock runs from T0 + ``players`` seconds."""
    users = [User.objects.create_user(name) for name in NAMES[:players]]
    match = create_rigged(
        game=SLUG,
        creator=users[0],
        options=corner_setup(players),
        seat=0,
        players=players,
        time_control=TimeControl.parse("10+5"),
        rated=True,
    )
    for user in users[1:]:
        match = services.match_join(match_id=match.pk, user=user, now=T0)
    for seat, user in enumerate(users):
        reveal_turn(match, user, T0 + 1000 * (seat + 1))
    match.refresh_from_db()
    assert match.clock_ms == [BASE] * players and match.unmoved == []
    return match, users


def reveal_turn(match, user, now):
    """``user`` reveals the first face-down card, puts it back and ends the turn, all at
    ``now``: a turn with a reveal never counts towards the quiet end."""
    for kind in ("reveal", "place", "end"):
        match.refresh_from_db()
        engine = get_engine(SLUG)
        seat = match.seat_of(user)
        legal = engine.legal_moves(engine.from_json(match.state), seat)
        move = next(m for m in legal if m["type"] == kind)
        services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move, now=now)


def to_move(match) -> list[int]:
    engine = get_engine(SLUG)
    return engine.to_move(engine.from_json(match.state))


def last_entry(match):
    return match.moves.order_by("ply").values_list("seat", "move").last()


def places_and_gains(match) -> tuple[list[int], list[float]]:
    """Each seat's place and rating change (μ after − μ before), in seat order."""
    changes = RatingChange.objects.filter(match=match).order_by("seat")
    return [c.place for c in changes], [c.mu_after - c.mu_before for c in changes]


def test_three_players_one_loses_on_time_the_others_play_on_until_a_claim(db):
    """Bob's flag: he leaves with 0:00 left (not the increment) and Carol moves next; then
    Alice is away and Carol, one of two still in, claims victory."""
    match, (alice, bob, carol) = timed_start(3)
    reveal_turn(match, alice, T0 + 13_000)  # 10 s of hers: 600 − 10 + 5
    match.refresh_from_db()
    assert match.clock_ms == [595_000, BASE, BASE] and match.deadline == T0 + 613_000

    assert not services.clock_flag(match_id=match.pk, now=T0 + 612_999)
    assert services.clock_flag(match_id=match.pk, now=T0 + 613_000)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.result is None
    assert last_entry(match) == (1, {"type": "leave", "reason": "time"})
    assert match.clock_ms == [595_000, 0, BASE]
    assert to_move(match) == [2]
    assert match.turn_started == T0 + 613_000 and match.deadline == T0 + 1_213_000
    seen = html_for(match, None)
    assert "lost on time" in seen
    assert "quiet 0/2</span>" in seen  # the quiet end now counts the two still in
    assert "You have left this match; the others play on." in html_for(match, 1)
    reveal = {"type": "reveal", "at": [0, 5]}
    with pytest.raises(services.Refused, match="You have left the game"):
        services.move_play(
            match_id=match.pk, user=bob, ply=match.ply, move=reveal, now=T0 + 614_000
        )

    reveal_turn(match, carol, T0 + 620_000)  # 7 s of hers
    match.refresh_from_db()
    assert match.clock_ms == [595_000, 0, 598_000]
    assert to_move(match) == [0]  # bob's turn is skipped
    assert "Claim victory" in html_for(match, 2)  # two players still in

    services.match_claim(match_id=match.pk, user=carol, now=T0 + 650_000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.clock_ms == [565_000, 0, 598_000]  # alice charged 30 s, no increment
    assert match.deadline is None
    assert match.result["winners"] == [2] and match.result["reason"] == "abandoned"
    assert match.result["left"] == [[1, "time"], [0, "abandoned"]]
    assert match.result["ranking"] == [2, 3, 1]
    places, gains = places_and_gains(match)
    assert places == [2, 3, 1]
    assert gains[2] > gains[0] > gains[1]
    assert "carol won as the others left" in html_for(match, None)


def test_four_players_a_claim_then_two_flags_leave_the_last_one_winning(db):
    """Bob is claimed absent (keeping the time he had), then Dave and Carol lose on time
    (0:00 each); Alice, the last one in, wins, and the earlier leavers rank lower."""
    match, (alice, bob, carol, dave) = timed_start(4)
    reveal_turn(match, alice, T0 + 10_000)  # 6 s of hers
    Seat.objects.filter(match=match, index=1).update(away_since=T0 + 10_000)
    match.refresh_from_db()
    assert match.clock_ms == [599_000, BASE, BASE, BASE] and to_move(match) == [1]
    assert "Drop the absent player" in html_for(match, 2)  # three others still in

    with pytest.raises(services.Refused, match="a minute"):
        services.match_claim(match_id=match.pk, user=carol, now=T0 + 69_999)
    with pytest.raises(services.Refused, match="a minute"):
        services.match_claim(match_id=match.pk, user=bob, now=T0 + 70_000)  # not himself
    services.match_claim(match_id=match.pk, user=carol, now=T0 + 70_000)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert last_entry(match) == (1, {"type": "leave", "reason": "abandoned"})
    assert match.clock_ms == [599_000, 540_000, BASE, BASE]  # charged 60 s, no increment
    assert to_move(match) == [2] and match.deadline == T0 + 670_000
    assert "left (abandoned)" in html_for(match, None)

    reveal_turn(match, carol, T0 + 80_000)  # 10 s of hers
    assert services.clock_flag(match_id=match.pk, now=T0 + 680_000)  # dave's flag
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert last_entry(match) == (3, {"type": "leave", "reason": "time"})
    assert match.clock_ms == [599_000, 540_000, 595_000, 0]
    assert to_move(match) == [0] and match.deadline == T0 + 680_000 + 599_000

    reveal_turn(match, alice, T0 + 690_000)  # 10 s of hers; bob and dave are skipped
    match.refresh_from_db()
    assert to_move(match) == [2] and match.deadline == T0 + 690_000 + 595_000
    assert services.fallen_clocks(T0 + 1_285_000) == [match.pk]
    assert services.clock_flag(match_id=match.pk, now=T0 + 1_286_500)  # the job ran late
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.deadline is None
    assert match.clock_ms == [594_000, 540_000, 0, 0]  # never below zero
    assert match.result["winners"] == [0] and match.result["reason"] == "time"
    assert match.result["left"] == [[1, "abandoned"], [3, "time"], [2, "time"]]
    assert match.result["ranking"] == [1, 4, 2, 3]
    places, gains = places_and_gains(match)
    assert places == [1, 4, 2, 3]
    assert gains[0] > gains[2] > gains[3] > gains[1]
    assert "alice won on time" in html_for(match, None)
