"""A rating cannot be farmed with a second account (issue #35 item 6, docs/rules.md §7.3):
a match that ends before every player has moved is aborted and rates nothing, a person takes
a bounded number of seats (at once, and an hour), and one address makes a bounded number of
accounts an hour. Limits count on config.throttle's clock, moved forward instead of waited."""

import pytest
from django.test import Client, override_settings

from accounts.models import User
from accounts.views import SIGNUPS
from games import services
from games.clocks import LEFT_EARLY, TimeControl
from games.errors import Refused
from games.models import Match
from games.records import RecordError, export_record, replay_record
from games.registry import get_engine
from ratings.models import Rating, RatingChange
from tests.conftest import PD_OPTIONS, create_rigged
from tests.web.test_high_voltage_companies_board import corner_setup

pytestmark = pytest.mark.django_db


def started(a, b, **kwargs) -> Match:
    match = create_rigged(
        game="powerdrain", creator=a, options=PD_OPTIONS, seat=0, rated=True, **kwargs
    )
    return services.match_join(match_id=match.pk, user=b)


def move(match, user) -> Match:
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    seat = engine.to_move(state)[0]
    assert match.seat_list()[seat].user_id == user.pk
    chosen = next(iter(engine.legal_moves(state, seat)))
    return services.move_play(match_id=match.pk, user=user, move=chosen, ply=match.ply)


def test_forty_matches_resigned_before_a_move_leave_the_farmer_at_the_start(alice, bob):
    """The issue's farm: one account rose from 1500 to 2566 in 40 such matches."""
    for _ in range(40):
        match = services.match_resign(match_id=started(alice, bob).pk, user=bob)
        assert match.aborted and match.result == {
            "aborted": True,
            "seat": 1,
            "winners": [],
            "reason": LEFT_EARLY,
        }
        assert not match.moves.exists()  # the leave is not logged
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_resignation_after_one_side_moved_aborts_and_after_both_counts(client, alice, bob):
    match = move(started(alice, bob), alice)
    match = services.match_resign(match_id=match.pk, user=alice)  # bob has not moved
    assert match.aborted and match.result["seat"] == 0
    page = client.get(f"/m/{match.public_id}/").content.decode()
    assert "Aborted: alice left before every player had moved. Nobody won." in page
    history = client.get("/history/").content.decode()
    assert "left before every player had moved" in history

    match = move(move(started(alice, bob), alice), bob)
    match = services.match_resign(match_id=match.pk, user=bob)
    assert not match.aborted and match.result["winners"] == [0]
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_correspondence_turn_missed_before_every_player_moved_aborts(alice, bob):
    match = started(alice, bob, time_control=TimeControl.parse("1d"))
    match = move(match, alice)
    assert services.clock_flag(match_id=match.pk, now=match.deadline)  # bob's first day ends
    match.refresh_from_db()
    assert match.aborted and match.result["seat"] == 1 and match.result["reason"] == LEFT_EARLY


def test_in_power_companies_only_the_leave_that_ends_the_match_aborts_it(db):
    people = [User.objects.create(username=n) for n in ("ann", "ben", "cid")]
    options = {k: v for k, v in corner_setup(3).items() if v is not None}
    match = create_rigged(
        game="high-voltage-companies", creator=people[0], options=options, seat=0, players=3
    )
    for user in people[1:]:
        match = services.match_join(match_id=match.pk, user=user)
    match = services.match_resign(match_id=match.pk, user=people[2])  # the others play on
    assert match.status == Match.Status.ACTIVE and match.moves.count() == 1
    match = services.match_resign(match_id=match.pk, user=people[1])  # ann never moved
    assert match.aborted and match.result["seat"] == 1 and match.moves.count() == 1


def test_a_record_aborted_early_imports_and_a_false_one_is_refused(alice, bob):
    match = services.match_resign(match_id=move(started(alice, bob), alice).pk, user=alice)
    record = export_record(match)
    assert replay_record(record).result == match.result
    finished = services.match_resign(
        match_id=move(move(started(alice, bob), alice), bob).pk, user=bob
    )
    false = {**export_record(finished), "result": match.result}
    false["moves"] = [m for m in false["moves"] if m["move"].get("type") != "leave"]
    with pytest.raises(RecordError, match="Every seat still in had moved"):
        replay_record(false)


@override_settings(NEW_MATCHES_PER_HOUR=3)
def test_new_matches_per_person_and_hour(alice, bob, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(services.NEW_SEATS, "clock", lambda: now[0])
    for _ in range(3):
        services.match_resign(match_id=started(alice, bob).pk, user=bob)
    with pytest.raises(Refused, match="taken a seat in 3 matches this hour"):
        services.match_create(game="powerdrain", creator=alice, seat=0)
    waiting = services.match_create(game="powerdrain", creator=carol_of(), seat=0)
    with pytest.raises(Refused, match="taken a seat in 3 matches this hour"):
        services.match_join(match_id=waiting.pk, user=bob)
    now[0] += 3600  # the next hour
    assert services.match_join(match_id=waiting.pk, user=bob).status == Match.Status.ACTIVE


def carol_of():
    return User.objects.get_or_create(username="carol-host")[0]


@override_settings(RUNNING_MATCHES_PER_PERSON=2)
def test_running_matches_per_person_and_the_computer_is_not_held_to_it(alice, bob):
    started(alice, bob)
    waiting = services.match_create(game="powerdrain", creator=alice, seat=0)
    with pytest.raises(Refused, match="already have 2 matches waiting or running"):
        services.match_create(game="powerdrain", creator=alice, seat=0)
    services.match_cancel(match_id=waiting.pk, user=alice)
    for person in (alice, bob, carol_of()):  # the computer plays all three: it is never held
        against = services.match_create(game="powerdrain", creator=person, seat=0, bots={1: "easy"})
        assert against.status == Match.Status.ACTIVE
    with pytest.raises(Refused, match="already have 2 matches"):
        services.match_create(game="powerdrain", creator=alice, seat=0, bots={1: "easy"})


@override_settings(SIGNUPS_PER_ADDRESS_PER_HOUR=2)
def test_accounts_made_per_address_and_hour(monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(SIGNUPS, "clock", lambda: now[0])

    def sign_up(name, address="203.0.113.7"):
        browser = Client(REMOTE_ADDR=address)
        password = "a-long-Passw0rd!"
        form = {"username": name, "password1": password, "password2": password}
        return browser, browser.post("/accounts/signup/", form)

    for name in ("first", "second"):
        assert sign_up(name)[1].status_code == 302
    _, refused = sign_up("third")
    assert refused.status_code == 200 and not User.objects.filter(username="third").exists()
    assert "Too many accounts were made from your address this hour" in refused.content.decode()
    assert sign_up("elsewhere", "198.51.100.1")[1].status_code == 302  # another address
    guest = Client(REMOTE_ADDR="203.0.113.7")  # a guest made a member is an account made
    guest.post("/accounts/guest/", {"nickname": "visitor"})
    password = "a-long-Passw0rd!"
    form = {"username": "visitor2", "password1": password, "password2": password}
    assert guest.post("/accounts/account/", form).status_code == 200
    now[0] += 3600
    assert sign_up("third")[1].status_code == 302
