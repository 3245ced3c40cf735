"""Clocks, flags, absence claims and correspondence emails (docs/rules.md §7).

Every service takes the server's time as ``now``: these tests pass their own clock and
never wait for a deadline.
"""

import pytest
from django.core import mail

from accounts.models import User
from games import notices, presence, services
from games.clocks import DAY_MS, TimeControl
from games.live.rendering import result_text
from games.models import Match, Move, Presence
from tests.web.races import race

T0 = 1_800_000_000_000
PLACE = {"type": "place", "at": [0, 0]}
PLACE2 = {"type": "place", "at": [2, 2]}


def timed(alice, bob, control="1+0", **kwargs):
    created = services.match_create(
        game="powerdrain",
        creator=alice,
        seat=0,
        time_control=TimeControl.parse(control),
        **kwargs,
    )
    return services.match_join(match_id=created.pk, user=bob, now=T0)


def past_first_moves(match, alice, bob, now=T0):
    """Both players' first moves, made at ``now``: they cost no time (docs/rules.md §7.3),
    and alice's clock runs from ``now`` on."""
    for ply, (user, at) in enumerate([(alice, [0, 0]), (bob, [1, 1])]):
        move = {"type": "place", "at": at}
        services.move_play(match_id=match.pk, user=user, ply=ply, move=move, now=now)
    match.refresh_from_db()
    return match


def test_a_move_charges_the_movers_clock_by_the_servers_time(alice, bob):
    match = past_first_moves(timed(alice, bob, "3+2"), alice, bob)
    assert match.clock_ms == [180_000, 180_000] and match.deadline == T0 + 180_000
    match = services.move_play(match_id=match.pk, user=alice, ply=2, move=PLACE2, now=T0 + 7000)
    assert match.clock_ms == [175_000, 180_000]  # 180 − 7 + 2 seconds
    assert match.turn_started == T0 + 7000 and match.deadline == T0 + 187_000


def test_a_move_after_the_flag_loses_on_time_and_is_not_played(alice, bob):
    match = past_first_moves(timed(alice, bob), alice, bob)
    with pytest.raises(services.Refused, match="time ran out"):
        services.move_play(match_id=match.pk, user=alice, ply=2, move=PLACE2, now=T0 + 60_000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [1] and match.result["reason"] == "time"
    assert list(match.moves.values_list("seat", "move"))[2:] == [
        (0, {"type": "leave", "reason": "time"})
    ]


def test_a_flag_falls_with_nobody_connected_and_only_once(alice, bob):
    match = past_first_moves(timed(alice, bob), alice, bob)
    assert Presence.objects.count() == 0
    assert services.fallen_clocks(T0 + 59_999) == []
    assert not services.clock_flag(match_id=match.pk, now=T0 + 59_999)
    assert services.fallen_clocks(T0 + 60_000) == [match.pk]
    assert services.clock_flag(match_id=match.pk, now=T0 + 60_000)
    assert not services.clock_flag(match_id=match.pk, now=T0 + 61_000)
    match.refresh_from_db()
    assert match.result["reason"] == "time" and match.moves.count() == 3


def test_a_flag_asked_without_a_time_reads_the_servers_clock(alice, bob):
    match = past_first_moves(timed(alice, bob), alice, bob)
    Match.objects.filter(pk=match.pk).update(turn_started=0, deadline=60_000)  # in 1970
    assert services.clock_flag(match_id=match.pk)


@pytest.mark.django_db(transaction=True)
def test_flag_jobs_racing_in_several_workers_record_one_loss(alice, bob):
    """Six flag jobs at once: one records the loss, the other five find nothing to do
    (tests/web/races.py: forced to overlap on PostgreSQL, taking turns on SQLite)."""
    match = past_first_moves(timed(alice, bob), alice, bob)
    outcomes = race([lambda: services.clock_flag(match_id=match.pk, now=T0 + 90_000)] * 6)
    assert outcomes.count(True) == 1 and outcomes.count(False) == 5, outcomes
    assert Move.objects.filter(match=match).count() == 3


def test_an_untimed_match_never_falls(alice, bob):
    match = timed(alice, bob, "none")
    assert match.deadline is None
    assert not services.clock_flag(match_id=match.pk, now=T0 + 100 * DAY_MS)


def test_the_absent_player_to_move_can_be_claimed_after_a_minute(alice, bob):
    match = past_first_moves(timed(alice, bob, "5+0"), alice, bob)
    with pytest.raises(services.Refused, match="a minute"):
        services.match_claim(match_id=match.pk, user=bob, now=T0 + 59_000)
    with pytest.raises(services.Refused, match="Only a player"):
        services.match_claim(match_id=match.pk, user=None, now=T0 + 61_000)
    match = services.match_claim(match_id=match.pk, user=bob, now=T0 + 61_000)
    assert match.result == {**match.result, "winners": [1], "reason": "abandoned"}
    seats = [{"index": 0, "name": "alice"}, {"index": 1, "name": "bob"}]
    assert result_text(match, seats) == "bob won as the opponent left."


def test_an_open_page_keeps_the_player_from_being_claimed(alice, bob):
    match = past_first_moves(timed(alice, bob, "5+0"), alice, bob)
    tab = {"match": match, "seat": 0, "viewer": "alice", "address": "127.0.0.1"}
    presence.arrive(channel_name="alice-tab", **tab)
    presence.arrive(channel_name="alice-other-tab", **tab)
    now = services.server_now()
    with pytest.raises(services.Refused):
        services.match_claim(match_id=match.pk, user=bob, now=now + 600_000)
    presence.leave("alice-tab")
    with pytest.raises(services.Refused):  # her other tab is still open
        services.match_claim(match_id=match.pk, user=bob, now=now + 600_000)
    presence.leave("alice-other-tab")
    with pytest.raises(services.Refused, match="a minute"):
        services.match_claim(match_id=match.pk, user=bob, now=now + 30_000)
    services.match_claim(match_id=match.pk, user=bob, now=now + 600_000)


def test_untimed_and_correspondence_matches_cannot_be_claimed(alice, bob):
    for control in ("none", "3d"):
        match = timed(alice, bob, control)
        with pytest.raises(services.Refused, match="Only matches with a clock"):
            services.match_claim(match_id=match.pk, user=bob, now=T0 + 10 * DAY_MS)


@pytest.mark.django_db(transaction=True)
def test_correspondence_players_get_one_turn_email_and_one_reminder_a_day():
    def verified(name, email):
        return User.objects.create_user(name, email=email, verified_email=email, password="x")

    alice = verified("alice", "alice@example.org")
    bob = verified("bob", "bob@example.org")
    quiet = verified("quiet", "q@example.org")
    quiet.email_notices = False
    quiet.save()
    match = timed(alice, bob, "1d")
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    assert "Your turn" in mail.outbox[0].subject and f"/m/{match.public_id}/" in mail.outbox[0].body
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE, now=T0 + 1000)
    assert mail.outbox[-1].to == ["bob@example.org"]
    mail.outbox.clear()
    assert notices.send_reminders(T0 + 1000) == 0  # a day is left
    late = T0 + 1000 + DAY_MS - 3_600_000
    assert notices.send_reminders(late) == 1
    assert notices.send_reminders(late + 60_000) == 0
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert "running out" in mail.outbox[0].subject
    other = timed(quiet, alice, "1d")
    mail.outbox.clear()
    services.move_play(match_id=other.pk, user=quiet, ply=0, move=PLACE, now=T0 + 2000)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    services.move_play(
        match_id=other.pk, user=alice, ply=1, move={"type": "place", "at": [1, 1]}, now=T0 + 3000
    )
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]  # quiet opted out


def test_my_matches_put_those_waiting_for_me_first_with_the_time_left(alice, bob):
    from games.selectors import my_matches

    theirs = timed(alice, bob, "5+0")
    services.move_play(match_id=theirs.pk, user=alice, ply=0, move=PLACE, now=T0 + 1000)
    untimed = timed(alice, bob, "none")
    mine = past_first_moves(timed(alice, bob, "1+0"), alice, bob)
    listed = my_matches(alice, now=T0 + 20_000)
    assert [m.pk for m in listed[:2]] == [mine.pk, untimed.pk]
    assert listed[0].my_turn and listed[0].time_left == 40_000
    assert listed[0].time_left_text == "0:40"
    assert listed[1].my_turn and listed[1].time_left is None
    assert listed[2].pk == theirs.pk and not listed[2].my_turn


@pytest.mark.django_db(transaction=True)
async def test_an_absent_player_is_claimed_through_the_websocket(alice, bob):
    """Bob's claim frame: refused while alice's page is open, accepted a minute after it
    closed (her away time is moved back, as the minute passing would)."""
    import json

    from asgiref.sync import sync_to_async

    from games.models import Seat
    from tests.web.support import connected

    match = await sync_to_async(timed)(alice, bob, "5+0")
    match = await sync_to_async(past_first_moves)(match, alice, bob)
    a = await connected(match, alice)
    b = await connected(match, bob)
    await a.receive_from()
    await b.receive_from()
    await b.send_to(text_data=json.dumps({"t": "claim"}))
    assert "has not been away for a minute" in await b.receive_from(timeout=3)
    await a.disconnect()
    away = await sync_to_async(Seat.objects.get)(match=match, index=0)
    assert away.away_since is not None
    away.away_since -= 61_000
    await sync_to_async(away.save)(update_fields=["away_since"])
    await b.send_to(text_data=json.dumps({"t": "claim"}))
    after = await b.receive_from(timeout=3)
    assert 'data-status="finished"' in after and "You won" in after
    match = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert match.result["reason"] == "abandoned" and match.result["winners"] == [1]
    await b.disconnect()
