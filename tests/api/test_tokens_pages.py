"""Tokens on the profile page and from manage.py: shown once, stored hashed, revocable,
last use shown; guests have none; a program's name is marked wherever it shows."""

from __future__ import annotations

import hashlib
import io
import re

import pytest
from django.core.management import call_command
from django.test import Client as DjangoClient

from accounts import services as account_services
from api.models import ApiToken
from api.tokens import TokenRefused, authenticate, token_create


@pytest.fixture
def member(client, alice):
    client.force_login(alice)
    return client


def test_a_member_makes_a_token_sees_it_once_and_revokes_it(member, alice):
    page = member.get(f"/accounts/u/{alice.username}/")
    assert b"API tokens" in page.content and b"Make a token" in page.content
    made = member.post("/api/tokens/new", {"name": "my program"})
    assert made.status_code == 200 and made["Cache-Control"] == "no-store"
    plain = re.search(rb"gtp_[A-Za-z0-9_-]{43}", made.content).group().decode()
    row = ApiToken.objects.get(user=alice)
    assert row.name == "my program" and row.digest == hashlib.sha256(plain.encode()).hexdigest()
    # The profile lists it by name, never the token again.
    page = member.get(f"/accounts/u/{alice.username}/")
    assert b"my program" in page.content and plain.encode() not in page.content
    assert b"never" in page.content
    api = DjangoClient(HTTP_AUTHORIZATION=f"Bearer {plain}")
    assert api.get("/api/account").json()["username"] == "alice"
    row.refresh_from_db()
    assert row.last_used is not None
    assert b"never" not in member.get(f"/accounts/u/{alice.username}/").content
    member.post(f"/api/tokens/{row.pk}/revoke")
    assert api.get("/api/account").status_code == 401
    assert b"revoked" in member.get(f"/accounts/u/{alice.username}/").content


def test_another_members_page_shows_no_tokens_and_nobody_revokes_anothers(member, bob):
    _, plain = token_create(bob, "bob's")
    page = member.get(f"/accounts/u/{bob.username}/")
    assert b"API tokens" not in page.content
    member.post(f"/api/tokens/{ApiToken.objects.get(user=bob).pk}/revoke")
    assert authenticate(f"Bearer {plain}") is not None


def test_guests_cannot_have_tokens(db):
    guest = account_services.guest_create(nickname="visitor")
    with pytest.raises(TokenRefused):
        token_create(guest, "x")
    page_client = DjangoClient()
    page_client.force_login(guest)
    assert b"API tokens" not in page_client.get(f"/accounts/u/{guest.username}/").content
    assert page_client.post("/api/tokens/new", {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()


def test_manage_py_api_token_prints_a_new_token(alice):
    out = io.StringIO()
    call_command("api_token", "alice", "--name", "cli", stdout=out)
    token = authenticate(f"Bearer {out.getvalue().strip()}")
    assert token is not None and token.user == alice and token.name == "cli"


def test_a_programs_name_is_marked_wherever_it_shows(alice, bob):
    alice.is_program = True
    alice.save()
    assert alice.display_name == "alice (BOT)" and bob.display_name == "bob"


def test_only_bearer_tokens_of_the_right_form_are_looked_up(alice):
    _, plain = token_create(alice)
    assert authenticate(f"Bearer {plain}").user == alice
    assert authenticate(f"bearer {plain}").user == alice
    for header in (None, "", plain, f"Basic {plain}", "Bearer gtp_nope", "Bearer " + "x" * 200):
        assert authenticate(header) is None
