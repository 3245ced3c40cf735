"""Challenges that wait (issues #37 and #35): a real-time challenge waits only while its
challenger has a page (or a program's stream) open, and its end is told to the challenger as
a decline is; a waiting challenge says when it expires; one member can be sent only so many
at once; refused challenge requests count against the API's limits."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from api.models import OpenStream
from api.tokens import token_create
from challenges import selectors, services
from challenges.models import Challenge
from config.throttle import API_ADDRESS_REQUESTS
from games.clocks import TimeControl
from games.errors import Refused
from games.models import Match

NOW = 1_800_000_000_000  # the server's clock, in milliseconds, as the tests pass it
SECOND = 1000
GONE = selectors.PAGE_GONE_MS
BLITZ = TimeControl.parse("3+2")


def challenge(challenger, challenged, **terms) -> Challenge:
    terms = {"game": "powerdrain", "time_control": BLITZ, "now": NOW, **terms}
    return services.challenge_create(challenger=challenger, challenged=challenged, **terms)


def test_a_challenge_whose_challenger_left_is_refused_and_told_to_them(alice, bob):
    made = challenge(alice, bob)
    with pytest.raises(Refused, match="alice has left"):
        services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW + GONE + 1)
    made.refresh_from_db()
    assert made.status == "expired" and made.unseen_by == alice
    assert not Match.objects.exists()
    assert selectors.bar(alice, NOW + GONE + 2).notices == [made]


def test_a_challenge_waits_while_its_challenger_s_page_asks_for_the_bar(alice, bob):
    made = challenge(alice, bob)
    services.page_open(alice, NOW + GONE)
    match = services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW + 2 * GONE)
    assert match.status == Match.Status.ACTIVE


def test_a_program_s_open_stream_keeps_its_challenge_waiting(alice, bob):
    token, _ = token_create(alice)
    made = challenge(alice, bob)
    later = NOW + 5 * GONE
    OpenStream.objects.create(
        token=token, channel_name="x", address="1", server="s", seen_at=selectors.when(later)
    )
    assert services.challenge_accept(challenge_id=made.public_id, user=bob, now=later)


def test_a_challenge_over_days_waits_without_its_challenger(alice, bob):
    made = challenge(alice, bob, time_control=TimeControl.parse("2d"))
    assert services.challenge_accept(challenge_id=made.public_id, user=bob, now=NOW + 60 * GONE)


def test_the_sweep_drops_the_challenges_of_a_challenger_who_left(alice, bob, carol):
    gone = challenge(alice, bob)
    here = challenge(carol, bob)
    services.page_open(carol, NOW + GONE)
    assert services.challenges_expire(NOW + GONE) == 0
    assert services.challenges_expire(NOW + GONE + 1) == 1
    gone.refresh_from_db(), here.refresh_from_db()
    assert (gone.status, here.status) == ("expired", "created")
    assert gone.unseen_by == alice


def test_the_bar_says_when_a_challenge_expires_and_how_an_expired_one_ended(alice, bob):
    made = challenge(alice, bob)
    page = Client()
    page.force_login(alice)
    html = page.get("/challenges/bar/").content.decode()
    assert "waiting for their answer, expires in" in html and "casual (waiting" not in html
    page.force_login(bob)
    assert "(expires in" in page.get("/challenges/bar/").content.decode()
    Challenge.objects.filter(pk=made.pk).update(expires_at=selectors.when(NOW - 1))
    services.challenges_expire(NOW)
    page.force_login(alice)
    html = page.get("/challenges/bar/").content.decode()
    assert "Your challenge to bob to play Powerdrain expired unanswered." in html


def test_the_declined_notice_names_the_game_once_and_the_whole_reason(alice, bob):
    made = challenge(alice, bob, game="hive")
    services.page_open(alice, NOW + SECOND)
    services.challenge_decline(challenge_id=made.public_id, user=bob, reason="generic")
    page = Client()
    page.force_login(alice)
    html = page.get("/challenges/bar/").content.decode()
    assert (
        "bob declined your challenge to play Hive (Software Challenge 2020): "
        "“I&#x27;m not accepting challenges at the moment.”" in html
    )
    assert "((" not in html and "))" not in html
    page.force_login(bob)
    made = challenge(alice, bob)
    options = page.get("/challenges/bar/").content.decode()
    assert 'value="generic">Not now</option>' in options


def test_one_member_is_sent_at_most_ten_waiting_challenges(bob, settings):
    settings.CHALLENGES_PER_HOUR = 100
    senders = [User.objects.create_user(f"sender{n}", password="x") for n in range(11)]
    for sender in senders[:10]:
        challenge(sender, bob)
    with pytest.raises(services.TooMany, match="bob already has 10 challenges waiting"):
        challenge(senders[10], bob)
    assert Challenge.objects.filter(challenged=bob).count() == services.OPEN_PER_RECIPIENT


def test_refused_challenge_requests_count_against_the_api_limits(alice, settings):
    _, plain = token_create(alice)
    settings.API_REQUESTS_PER_ADDRESS = 3
    program = Client(REMOTE_ADDR="203.0.113.7")
    asks = [
        program.post("/api/challenge/nobody", headers={"Authorization": f"Bearer {plain}"})
        for _ in range(4)
    ]
    assert [a.status_code for a in asks] == [400, 400, 400, 429]
    assert API_ADDRESS_REQUESTS.count("203.0.113.7") == 4


def test_refused_challenge_requests_count_against_a_token_s_limit(alice, settings):
    _, plain = token_create(alice)
    settings.API_REQUESTS_PER_MINUTE = 2
    program = Client()
    asks = [
        program.post("/api/challenge/nobody", headers={"Authorization": f"Bearer {plain}"})
        for _ in range(3)
    ]
    assert [a.status_code for a in asks] == [400, 400, 429]
    assert asks[2].json() == {"error": "Too many requests with this token: wait a minute."}


def test_a_notice_goes_by_itself_as_seen(alice, bob):
    made = challenge(alice, bob)
    services.challenge_cancel(challenge_id=made.public_id, user=alice, now=NOW + SECOND)
    page = Client()
    page.force_login(bob)
    html = page.get("/challenges/bar/").content.decode()
    assert 'hx-trigger="submit, load delay:8s"' in html
    seen = page.post(f"/challenges/{made.public_id}/seen/", headers={"HX-Request": "true"})
    assert seen.status_code == 200 and seen.content == b""
    made.refresh_from_db()
    assert made.unseen_by is None
