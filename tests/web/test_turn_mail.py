"""Turn emails are no mail relay (issue #24 item 4) and link to where the site is served
(issue #25 item 4): verified addresses only, at most one an hour per match and player, none
while the player has the match open or just moved, names on one line, sent by a retried
task so a mail server that is down never fails a move.

Clocks are injected (``now``); nothing waits for a deadline.
"""

from __future__ import annotations

import json
import os
import re
import smtplib
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.core.mail import get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client
from huey.contrib.djhuey import HUEY

from accounts import services as accounts
from accounts.models import User
from games import notices, presence, services
from games.clocks import TimeControl
from games.models import Match, Seat

ROOT = Path(__file__).resolve().parents[2]
PLACE = {"type": "place", "at": [0, 0]}


def member(name: str) -> User:
    """A member whose address is verified."""
    email = f"{name}@example.org"
    return User.objects.create_user(name, email=email, verified_email=email, password="x")


def correspondence(first: User, second: User, **create) -> Match:
    """A running one-day correspondence match, ``first`` in seat 0 (to move)."""
    created = services.match_create(
        game="powerdrain",
        creator=first,
        seat=0,
        time_control=TimeControl.parse("1d"),
        **create,
    )
    return services.match_join(match_id=created.pk, user=second)


def turn_mail(match: Match, now: int | None = None) -> bool:
    match.refresh_from_db()
    return notices.your_turn(match.pk, match.ply, services.server_now() if now is None else now)


def test_an_unverified_address_gets_no_turn_mail_until_its_link_is_followed(db):
    alice, bob = User.objects.create_user("alice", password="x"), member("bob")
    client = Client()
    client.force_login(alice)
    settings = {"email": "alice@example.org", "email_notices": "on"}
    assert client.post("/accounts/settings/", settings).status_code == 302
    [asked] = mail.outbox
    assert asked.to == ["alice@example.org"] and "Verify" in asked.subject
    page = client.get("/accounts/u/alice/").content.decode()
    assert "alice@example.org —" in page and "unverified" in page and ">Resend<" in page

    match = correspondence(alice, bob)
    assert turn_mail(match) is False and len(mail.outbox) == 1

    link = re.search(r"http://\S+/accounts/verify/\S+/", asked.body)[0]
    path = link.split("://", 1)[1].split("/", 1)[1]
    assert "Verify" in client.get(f"/{path}").content.decode()  # a GET verifies nothing
    assert turn_mail(match) is False
    client.post(f"/{path}")
    alice.refresh_from_db()
    assert alice.email_verified
    assert "verified" in client.get("/accounts/u/alice/").content.decode()
    assert turn_mail(match) is True and mail.outbox[-1].to == ["alice@example.org"]

    client.post("/accounts/settings/", {**settings, "email": "new@example.org"})
    assert mail.outbox[-1].to == ["new@example.org"] and "Verify" in mail.outbox[-1].subject
    Seat.objects.filter(match=match).update(mailed=None)
    assert turn_mail(match) is False  # a changed address is unverified again


def test_a_tampered_expired_or_outdated_link_verifies_nothing(db):
    alice = User.objects.create_user("alice", email="alice@example.org", password="x")
    token = accounts.verification_token(alice)
    now = time.time()
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert accounts.verify_email(tampered, now=now) is None
    assert accounts.verify_email(token, now=now + accounts.VERIFY_SECONDS + 60) is None
    assert Client().post(f"/accounts/verify/{tampered}/").status_code == 400
    alice.refresh_from_db()
    assert not alice.email_verified

    assert accounts.verify_email(token, now=now + accounts.VERIFY_SECONDS - 60) == alice
    alice.refresh_from_db()
    assert alice.email_verified and alice.verified_email == "alice@example.org"

    alice.email = "other@example.org"
    alice.save()
    assert accounts.verify_email(token, now=now) is None  # sent to the address before
    alice.refresh_from_db()
    assert not alice.email_verified


def test_one_turn_mail_per_match_and_player_an_hour(db):
    alice, bob = member("alice"), member("bob")
    match, other = correspondence(alice, bob), correspondence(alice, bob)
    now = services.server_now()
    assert turn_mail(match, now) is True
    assert turn_mail(match, now + 59 * 60_000) is False
    assert turn_mail(other, now + 60_000) is True  # another match has its own hour
    assert turn_mail(match, now + 61 * 60_000) is True
    assert [m.to for m in mail.outbox] == [["alice@example.org"]] * 3


def test_no_turn_mail_while_the_player_has_the_match_open(db):
    alice, bob = member("alice"), member("bob")
    match = correspondence(alice, bob)
    tab = {"match": match, "seat": 0, "viewer": "alice", "address": "127.0.0.1"}
    presence.arrive(channel_name="alice-tab", **tab)
    assert turn_mail(match) is False
    presence.arrive(channel_name="bob-tab", **{**tab, "seat": 1, "viewer": "bob"})
    presence.leave("alice-tab")
    assert turn_mail(match) is True and mail.outbox[0].to == ["alice@example.org"]


@pytest.mark.django_db(transaction=True)
def test_no_turn_mail_for_the_computers_reply_within_a_minute_of_the_players_move():
    alice = member("alice")
    match = services.match_create(
        game="powerdrain",
        creator=alice,
        seat=0,
        bots={1: "easy"},
        time_control=TimeControl.parse("1d"),
    )
    Seat.objects.filter(match=match).update(mailed=None)
    mail.outbox.clear()
    services.move_play(match_id=match.pk, user=alice, ply=0, move=PLACE)
    match.refresh_from_db()
    assert match.ply == 2  # the computer replied at once (tasks run inline in tests)
    assert mail.outbox == []
    assert turn_mail(match, services.server_now() + 61_000) is True


def test_names_in_mails_are_one_line_of_plain_text(db):
    alice = member("alice")
    nickname = "Mallory\nhttp://evil.ex\r\n\x07now\u202e"  # 30 characters, as a name may have
    guest = accounts.guest_create(nickname=nickname)
    match = correspondence(alice, guest)
    assert turn_mail(match) is True
    body = mail.outbox[0].body
    assert "(alice vs Mallory http://evil.ex now (guest))" in body
    assert not any(line.startswith("http://evil") for line in body.splitlines())
    assert [line for line in body.splitlines() if line.startswith("http")] == [
        f"{django_settings.SITE_URL}/m/{match.public_id}/"
    ]
    assert notices.one_line("a" * 100) == "a" * 59 + "…"


class DownBackend(BaseEmailBackend):
    """A mail server that is down."""

    tries = 0

    def send_messages(self, messages):
        DownBackend.tries += 1
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


@pytest.mark.django_db(transaction=True)
def test_a_move_over_http_succeeds_while_the_mail_server_is_down_and_the_task_retries(
    settings,
):
    alice, bob = member("alice"), member("bob")
    match = correspondence(alice, bob)
    mail.outbox.clear()
    HUEY.storage.flush_schedule()
    settings.EMAIL_BACKEND = f"{__name__}.DownBackend"
    DownBackend.tries = 0
    client = Client()
    client.force_login(alice)
    response = client.post(
        f"/m/{match.public_id}/move/",
        {"move": json.dumps(PLACE), "ply": "0"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and 'data-ply="1"' in response.content.decode()
    assert Match.objects.get(pk=match.pk).ply == 1
    assert DownBackend.tries == 1 and mail.outbox == []
    assert Seat.objects.get(match=match, index=1).mailed is None  # the mark was taken back

    later = datetime.now(UTC).replace(tzinfo=None).replace(year=datetime.now().year + 1)
    [retry] = [t for t in HUEY.read_schedule(later) if t.name == "turn_mail"]
    assert retry.retries == 2
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    HUEY.execute(retry, timestamp=later)  # its minute has passed
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]


def test_smtp_connections_time_out():
    assert django_settings.EMAIL_TIMEOUT == 10
    connection = get_connection("django.core.mail.backends.smtp.EmailBackend")
    assert connection.timeout == 10


def site_url(**env) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "HOST", "PORT")}
    code = (
        "import django; django.setup(); from django.conf import settings; print(settings.SITE_URL)"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_the_site_url_follows_the_port_make_run_serves_on():
    assert site_url() == "http://127.0.0.1:8000"
    assert site_url(PORT="8123") == "http://127.0.0.1:8123"
    assert site_url(HOST="0.0.0.0", PORT="8123") == "http://127.0.0.1:8123"
    assert site_url(SITE_URL="https://games.example.org/", PORT="8123") == (
        "https://games.example.org"
    )
    recipe = subprocess.run(
        ["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    # Both the worker (which sends the mails) and Daphne get the port.
    assert "export HOST=127.0.0.1 PORT=8123;" in recipe
    assert recipe.index("export HOST=127.0.0.1 PORT=8123;") < recipe.index("run_huey")
