"""Challenges by name (challenges/): the services with an injected clock, the pages and the
API endpoints, and the events a challenge puts on the programs' streams (a real channel
layer, not a mock)."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import timedelta
from functools import partial

import pytest
from channels.layers import get_channel_layer
from django.test import Client

from accounts.models import User
from api.tokens import token_create
from challenges import selectors, services
from challenges.models import Challenge
from challenges.tasks import expire_challenges
from games.bot_accounts import bot_user
from games.clocks import TimeControl
from games.errors import Refused
from games.groups import user_events_group
from games.models import Match
from games.services import server_now
from tests.web.races import race
from tests.web.support import run_in_own_loop

NOW = 1_800_000_000_000  # the server's clock, in milliseconds, as the tests pass it
MINUTE = 60_000
BLITZ = TimeControl.parse("3+2")


def challenge(challenger, challenged, **terms) -> Challenge:
    terms = {"game": "powerdrain", "time_control": BLITZ, "now": NOW, **terms}
    return services.challenge_create(challenger=challenger, challenged=challenged, **terms)


# -- services -----------------------------------------------------------------------------


def test_accepting_seats_both_and_starts_the_match(alice, bob):
    made = challenge(alice, "bob", seat=1, rated=True)
    assert made.status == "created" and made.challenged == bob and made.rated
    services.page_open(alice, NOW + MINUTE)  # alice's page is still open
    match = services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW + MINUTE)
    assert match.status == Match.Status.ACTIVE
    assert match.seat_of(alice) == 1 and match.seat_of(bob) == 0
    assert match.control == BLITZ and match.game == "powerdrain" and match.rated
    made.refresh_from_db()
    assert made.status == "accepted" and made.match == match and made.unseen_by == alice


def test_power_companies_for_four_seats_the_computer_in_the_other_two(alice, bob):
    made = challenge(alice, bob, game="high-voltage-companies", players=4, fill_level="easy")
    match = services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW)
    users = [s.user for s in match.seat_list()]
    assert match.status == Match.Status.ACTIVE and match.players == 4
    assert {u.username for u in users if not u.bot_level} == {"alice", "bob"}
    assert sorted(u.bot_level for u in users if u.bot_level) == ["easy", "easy"]


def test_two_accepts_at_the_same_moment_make_one_match(transactional_db, alice, bob):
    """Six accepts at once (tabs, double clicks): the challenge's row lock makes one match,
    and every accept is answered with it (tests/web/races.py: forced to overlap on
    PostgreSQL, taking turns on SQLite)."""
    made = challenge(alice, bob)
    outcomes = race(
        [partial(services.challenge_accept, challenge_id=made.public_id, user=bob, now=NOW)] * 6
    )
    assert Match.objects.count() == 1, outcomes
    assert [getattr(o, "pk", o) for o in outcomes] == [Match.objects.get().pk] * 6, outcomes


def test_declining_gives_the_reason_and_the_challenge_cannot_be_accepted_after(alice, bob):
    made = challenge(alice, bob)
    services.challenge_decline(challenge_id=made.public_id, user=bob, reason="later", now=NOW)
    made.refresh_from_db()
    assert made.status == "declined" and made.decline_reason == "later"
    assert "ask again later" in made.decline_text and made.unseen_by == alice
    with pytest.raises(Refused, match="declined"):
        services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW)
    with pytest.raises(Refused, match="reason"):
        services.challenge_decline(
            challenge_id=challenge(alice, bob).public_id, user=bob, reason="rude"
        )


def test_only_the_challenger_cancels_and_only_the_challenged_answers(alice, bob, carol):
    made = challenge(alice, bob)
    for act in (services.challenge_cancel, services.challenge_accept, services.challenge_decline):
        with pytest.raises(services.NotFound):
            act(challenge_id=made.public_id, user=carol, now=NOW)
    with pytest.raises(services.NotFound):
        services.challenge_cancel(challenge_id=made.public_id, user=bob, now=NOW)
    services.challenge_cancel(challenge_id=made.public_id, user=alice, now=NOW)
    made.refresh_from_db()
    assert made.status == "canceled" and made.unseen_by == bob
    with pytest.raises(Refused, match="canceled"):
        services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW)
    assert Match.objects.count() == 0


def test_a_real_time_challenge_expires_after_ten_minutes_and_is_refused_then(alice, bob):
    made = challenge(alice, bob)
    late = NOW + 10 * MINUTE
    with pytest.raises(Refused, match="expired"):
        services.challenge_accept(challenge_id=made.public_id, user=bob, now=late)
    made.refresh_from_db()
    assert made.status == "expired" and Match.objects.count() == 0


def test_the_sweep_expires_what_is_due_and_leaves_the_rest(alice, bob, carol):
    quick = challenge(alice, bob)
    slow = challenge(alice, carol, time_control=TimeControl.parse("2d"))
    services.page_open(alice, NOW + 10 * MINUTE - 1)  # alice's page is still open
    assert services.challenges_expire(NOW + 10 * MINUTE - 1) == 0
    assert services.challenges_expire(NOW + 10 * MINUTE) == 1
    quick.refresh_from_db(), slow.refresh_from_db()
    assert (quick.status, slow.status) == ("expired", "created")
    assert services.challenges_expire(NOW + 24 * 60 * MINUTE) == 1  # a day for days per turn
    # Still open a minute before: accepting it then works.
    other = challenge(alice, carol, time_control=TimeControl())
    services.challenge_accept(challenge_id=other.public_id, user=carol, now=NOW + 1439 * MINUTE)


def test_the_sweep_expires_an_untimed_challenge_after_its_day(alice, bob):
    untimed = challenge(alice, bob, time_control=TimeControl())
    assert services.challenges_expire(NOW + 24 * 60 * MINUTE - 1) == 0
    assert services.challenges_expire(NOW + 24 * 60 * MINUTE) == 1
    untimed.refresh_from_db()
    assert untimed.status == "expired"


def test_an_eleventh_waiting_challenge_is_refused(alice, settings):
    """Each to another member, so only the challenger's own count can refuse it."""
    settings.CHALLENGES_PER_HOUR = 100
    others = [User.objects.create_user(f"member{n}") for n in range(12)]
    made = [challenge(alice, other) for other in others[: services.OPEN_PER_CHALLENGER]]
    assert services.OPEN_PER_CHALLENGER == 10
    with pytest.raises(services.TooMany, match="10 challenges waiting"):
        challenge(alice, others[10])
    services.challenge_cancel(challenge_id=made[0].public_id, user=alice, now=NOW)
    assert challenge(alice, others[10]).status == "created"  # nine waiting again: one more
    with pytest.raises(services.TooMany):
        challenge(alice, others[11])


def test_members_who_turned_challenges_off_are_refused(alice, bob):
    services.accept_challenges_update(bob, accept=False)
    with pytest.raises(Refused, match="does not accept challenges"):
        challenge(alice, "bob")
    services.accept_challenges_update(bob, accept=True)
    assert challenge(alice, "bob").status == "created"


def test_guests_cannot_challenge_nor_be_challenged(alice):
    guest = User.objects.create_user("g-1", is_guest=True, nickname="Gus")
    with pytest.raises(Refused, match="Guests cannot challenge"):
        challenge(guest, alice)
    with pytest.raises(Refused, match="guests cannot be challenged"):
        challenge(alice, guest)


@pytest.mark.parametrize(
    ("terms", "words"),
    [
        ({"challenged": "nobody"}, "no player of that name"),
        ({"challenged": "alice"}, "yourself"),
        ({"challenged": "computer-easy"}, "computer"),
        ({"game": "chess"}, "no game called"),
        ({"options": {"plugs": ["46"]}}, "only what everyone sees"),
        ({"players": 3}, "2–2 players"),
        ({"game": "high-voltage-companies", "players": 3, "fill_level": "genius"}, "computer"),
        ({"time_control": TimeControl(kind="fischer", base_ms=1000)}, "Clocks start"),
        ({"seat": 2}, "seats 1 to 2"),
    ],
)
def test_terms_match_create_would_refuse_are_refused_when_challenging(alice, bob, terms, words):
    bot_user("easy")
    terms = {"challenged": bob, **terms}
    with pytest.raises(Refused, match=words):
        challenge(alice, **terms)
    assert not Challenge.objects.exists()


def test_challenges_are_rate_limited_per_member(alice, bob, settings):
    settings.CHALLENGES_PER_HOUR = 2
    first = challenge(alice, bob)
    challenge(alice, bob)
    with pytest.raises(services.TooMany):
        challenge(alice, bob)
    services.challenge_cancel(challenge_id=first.public_id, user=alice, now=NOW)
    with pytest.raises(services.TooMany):  # canceling one does not give the hour back
        challenge(alice, bob)


# -- what the pages show ------------------------------------------------------------------


def test_the_bar_shows_each_side_its_part_and_the_outcome_once(client, alice, bob):
    made = challenge(alice, bob, now=None)
    client.force_login(bob)
    page = client.get("/")
    assert "challenges you" in page.content.decode() and made.public_id in page.content.decode()
    digest = selectors.bar(bob, services.match_services.server_now()).digest()
    assert client.get(f"/challenges/bar/?v={digest}").status_code == 204  # nothing changed
    client.post(f"/challenges/{made.public_id}/decline/", {"reason": "tooFast"})
    client.force_login(alice)
    bar = client.get("/challenges/bar/?v=old").content.decode()
    assert "declined your challenge" in bar and "too fast" in bar
    client.post(f"/challenges/{made.public_id}/seen/")
    assert "declined" not in client.get("/challenges/bar/").content.decode()


def test_the_bar_changes_when_a_challenge_it_shows_is_canceled(alice, bob):
    """The challenged's bar shows a waiting challenge, then its cancellation: the poll must
    not take the two for the same ("unchanged", 204)."""
    made = challenge(alice, bob, now=None)
    before = selectors.bar(bob, services.match_services.server_now())
    services.challenge_cancel(challenge_id=made.public_id, user=alice)
    after = selectors.bar(bob, services.match_services.server_now())
    assert [c.status for c in after.notices] == ["canceled"] and not after.incoming
    assert before.digest() != after.digest()


def test_the_accepted_challengers_poll_opens_the_match_once(client, alice, bob):
    made = challenge(alice, bob, now=None)
    client.force_login(bob)
    answer = client.post(f"/challenges/{made.public_id}/accept/")
    match = Match.objects.get()
    assert answer.status_code == 302 and answer["Location"] == match.get_absolute_url()
    client.force_login(alice)
    poll = client.get("/challenges/bar/", headers={"HX-Request": "true"})
    assert poll["HX-Redirect"] == match.get_absolute_url()
    assert "HX-Redirect" not in client.get("/challenges/bar/")


def test_a_page_opened_long_after_the_accept_is_not_sent_to_the_match(client, alice, bob):
    made = challenge(alice, bob, now=None)
    services.challenge_accept(challenge_id=made.public_id, user=bob)
    Challenge.objects.filter(pk=made.pk).update(answered_at=made.created_at - timedelta(hours=1))
    client.force_login(alice)
    assert "HX-Redirect" not in client.get("/challenges/bar/")
    assert Challenge.objects.get(pk=made.pk).unseen_by is None


def test_the_profile_offers_the_challenge_form_or_says_why_not(client, alice, bob):
    client.force_login(alice)
    page = client.get("/accounts/u/bob/").content.decode()
    assert 'action="/challenges/to/bob/"' in page and "Send the challenge" in page
    client.post(
        "/challenges/to/bob/",
        {"game": "hive", "time_control": "5+3", "seat": "random", "rated": "1"},
    )
    made = Challenge.objects.get()
    assert (made.game, made.control.code(), made.rated) == ("hive", "5+3", True)
    bob.accept_challenges = False
    bob.save()
    assert "does not accept challenges" in client.get("/accounts/u/bob/").content.decode()
    own = client.get("/accounts/u/alice/").content.decode()
    assert "Others may challenge me" in own
    client.post("/challenges/setting/", {})
    alice.refresh_from_db()
    assert alice.accept_challenges is False


# -- the API ------------------------------------------------------------------------------


def test_the_api_creates_a_lichess_shaped_challenge_and_answers_with_its_codes(client, alice, bob):
    client.force_login(alice)
    answer = client.post(
        "/api/challenge/bob",
        json.dumps({"variant": "hive", "clock.limit": 300, "clock.increment": 3, "rated": True}),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "created" and body["direction"] == "out"
    assert body["challenger"]["id"] == "alice" and body["destUser"]["id"] == "bob"
    assert body["variant"]["key"] == "hive" and body["rated"] is True
    assert body["timeControl"] == {"type": "clock", "limit": 300, "increment": 3, "show": "5+3"}
    assert body["speed"] == "blitz" and body["url"].endswith(f"/challenges/{body['id']}/")
    assert client.post("/api/challenge/nobody", {"variant": "hive"}).status_code == 404
    refused = client.post("/api/challenge/bob", {"variant": "hive", "clock.limit": "90"})
    assert refused.status_code == 400 and "whole minutes" in refused.json()["error"]
    days = client.post("/api/challenge/bob", {"variant": "powerdrain", "days": "3"}).json()
    assert days["timeControl"] == {"type": "correspondence", "daysPerTurn": 3}
    client.force_login(bob)
    assert client.post(f"/api/challenge/{days['id']}/decline", {"reason": "toofast"}).json() == {
        "ok": True
    }
    assert Challenge.objects.get(public_id=days["id"]).decline_reason == "tooFast"
    accepted = client.post(f"/api/challenge/{body['id']}/accept").json()
    assert accepted == {"ok": True, "gameId": Match.objects.get().public_id}
    assert Match.objects.get().game == "hive"
    assert client.post(f"/api/challenge/{body['id']}/cancel").status_code == 404  # not bob's
    client.logout()
    assert client.post("/api/challenge/alice", {"variant": "hive"}).status_code == 401


def test_a_program_with_a_bearer_token_challenges_and_accepts(alice, bob):
    """Token requests carry no cookie and no CSRF token: the token alone says who asks."""
    _, alice_token = token_create(alice)
    _, bob_token = token_create(bob)
    program = Client(enforce_csrf_checks=True)
    made = program.post(
        "/api/challenge/bob",
        {"variant": "powerdrain", "clock.limit": "60", "clock.increment": "0"},
        headers={"Authorization": f"Bearer {alice_token}"},
    )
    assert made.status_code == 200 and made.json()["speed"] == "bullet"
    accepted = program.post(
        f"/api/challenge/{made.json()['id']}/accept",
        headers={"Authorization": f"Bearer {bob_token}"},
    )
    assert accepted.json() == {"ok": True, "gameId": Match.objects.get().public_id}
    assert Match.objects.get().status == Match.Status.ACTIVE
    wrong = program.post("/api/challenge/bob", headers={"Authorization": "Bearer gtp_nope"})
    assert wrong.status_code == 401 and wrong.json() == {"error": "No such token"}


def test_a_session_without_its_csrf_token_cannot_use_the_api(alice, bob):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    assert browser.post("/api/challenge/bob", {"variant": "hive"}).status_code == 403
    assert not Challenge.objects.exists()


# -- the programs' event streams ----------------------------------------------------------


def listen(user) -> str:
    """A channel in ``user``'s event-stream group of the configured channel layer."""
    layer = get_channel_layer()

    async def join():
        name = await layer.new_channel()
        await layer.group_add(user_events_group(user.pk), name)
        return name

    return run_in_own_loop(join())


def heard(name: str) -> dict:
    layer = get_channel_layer()
    return run_in_own_loop(asyncio.wait_for(layer.receive(name), timeout=2))


@pytest.mark.skipif(
    bool(os.environ.get("REDIS_URL")),
    reason="Redis pub/sub keeps a channel only while the loop that made it runs; on the scale "
    "path tests/api's event-stream tests hear these events through a real server",
)
def test_a_challenge_puts_lichess_events_on_both_players_streams(
    alice, bob, django_capture_on_commit_callbacks
):
    to_bob, to_alice = listen(bob), listen(alice)
    with django_capture_on_commit_callbacks(execute=True):
        made = challenge(alice, bob)
    message = heard(to_bob)
    assert message["type"] == "api.event"
    event = message["event"]
    assert event["type"] == "challenge" and event["challenge"]["id"] == made.public_id
    assert event["challenge"]["direction"] == "in" and event["challenge"]["destUser"]["id"] == "bob"
    assert heard(to_alice)["event"]["challenge"]["direction"] == "out"
    with django_capture_on_commit_callbacks(execute=True):
        services.challenge_decline(challenge_id=made.public_id, user=bob, reason="casual", now=NOW)
    declined = heard(to_alice)["event"]
    assert declined["type"] == "challengeDeclined"
    assert declined["challenge"]["declineReasonKey"] == "casual"
    with django_capture_on_commit_callbacks(execute=True):
        other = challenge(alice, bob)
        services.challenge_cancel(challenge_id=other.public_id, user=alice, now=NOW)
    assert [heard(to_bob)["event"]["type"] for _ in range(3)] == [
        "challengeDeclined",
        "challenge",
        "challengeCanceled",
    ]


def test_pending_events_list_the_open_challenges_to_and_from_a_user(alice, bob, carol):
    to_bob = challenge(alice, bob, now=None)
    from_bob = challenge(bob, carol, now=None)
    done = challenge(carol, bob, now=None)
    services.challenge_cancel(challenge_id=done.public_id, user=carol)
    events = selectors.pending_events(bob)
    assert [(e["type"], e["challenge"]["id"], e["challenge"]["direction"]) for e in events] == [
        ("challenge", to_bob.public_id, "in"),
        ("challenge", from_bob.public_id, "out"),
    ]


def test_the_workers_sweep_expires_a_challenge_left_unanswered(alice, bob):
    """The worker's periodic task (challenges.tasks) runs the sweep on the server's clock:
    a challenge made eleven minutes ago is expired by it, one made now stays."""
    old = challenge(alice, bob, now=server_now() - 11 * MINUTE)
    fresh = challenge(bob, alice, now=server_now())
    services.page_open(bob, server_now())  # bob's page is open: his challenge waits
    expire_challenges()
    old.refresh_from_db(), fresh.refresh_from_db()
    assert (old.status, fresh.status) == ("expired", "created")
