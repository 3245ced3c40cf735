"""Tokens on the profile page and from manage.py: shown once, stored hashed, revocable,
last use shown; guests have none; a program's name is marked wherever it shows."""

from __future__ import annotations

import asyncio
import hashlib
import io
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.core.management import call_command
from django.test import Client as DjangoClient

from accounts import services as account_services
from api.models import ApiToken
from api.tokens import (
    MAX_TOKENS,
    PREFIX,
    REVOKED,
    TokenRefused,
    authenticate,
    revoked_group,
    token_create,
    token_revoke,
    tokens_of,
)


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
    with pytest.raises(TokenRefused) as refused:
        token_create(guest, "x")
    assert str(refused.value) == "Only members have API tokens: make an account first."
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
    # Spaces around the token are a client's slip, not another token.
    assert authenticate(f"Bearer  {plain} ").user == alice


# -- api/tokens.py on its own (`make mutants` runs these) ------------------------------------


def test_a_member_has_at_most_twenty_live_tokens_revoked_ones_and_others_do_not_count(alice, bob):
    made = [token_create(alice)[0] for _ in range(MAX_TOKENS)]
    token_create(bob)
    with pytest.raises(TokenRefused) as refused:
        token_create(alice)
    assert str(refused.value) == "You have 20 tokens, the most one may have: revoke one."
    assert token_revoke(alice, made[0].pk)
    assert not token_revoke(alice, made[0].pk)  # once
    assert token_create(alice)[0].name == "API token"
    assert ApiToken.objects.filter(user=alice, revoked=None).count() == MAX_TOKENS


def test_revoking_one_token_leaves_the_others_and_nobody_revokes_anothers(alice, bob):
    (one, plain_one), (two, plain_two) = token_create(alice), token_create(alice)
    assert not token_revoke(bob, one.pk)
    assert token_revoke(alice, one.pk) is True
    assert authenticate(f"Bearer {plain_one}") is None
    assert authenticate(f"Bearer {plain_two}").pk == two.pk


def test_names_are_trimmed_to_sixty_characters(alice):
    assert token_create(alice, "  " + "n" * 70)[0].name == "n" * 60
    assert token_create(alice, None)[0].name == "API token"


def test_a_disabled_account_and_an_over_long_header_find_no_token(alice, django_assert_num_queries):
    _, plain = token_create(alice)
    with django_assert_num_queries(0):  # never looked up, nor hashed
        assert authenticate("Bearer " + PREFIX + "x" * 97) is None  # 101 characters
    with django_assert_num_queries(1):  # 100 are within the bound: looked up, not found
        assert authenticate("Bearer " + PREFIX + "x" * 96) is None
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    assert authenticate(f"Bearer {plain}") is None


def test_a_use_is_recorded_and_the_token_carries_its_user(alice, django_assert_num_queries):
    token, plain = token_create(alice)
    assert token.last_used is None
    with django_assert_num_queries(2):  # the token with its user, then its last use
        found = authenticate(f"Bearer {plain}")
        assert found.user.username == "alice"
    token.refresh_from_db()
    assert token.last_used == found.last_used is not None


def test_live_tokens_are_listed_before_revoked_ones(alice):
    old, _ = token_create(alice, "old")
    token_create(alice, "new")
    token_revoke(alice, old.pk)
    assert [t.name for t in tokens_of(alice)] == ["new", "old"]


def test_a_revocation_tells_the_tokens_open_streams_once_committed(
    alice, django_capture_on_commit_callbacks
):
    """The notice that ends a revoked token's streams at once (api/streams.py listens on
    ``revoked_group``), through the channel layer the streams use, after the commit."""
    token, _ = token_create(alice)
    layer = get_channel_layer()

    def revoke():
        with django_capture_on_commit_callbacks(execute=True) as committed:
            token_revoke(alice, token.pk)
        return committed

    async def listen_then_revoke():
        # One event loop for the whole exchange: Redis pub/sub keeps a channel only while the
        # loop that made it runs (the scale path).
        stream = await layer.new_channel()
        await layer.group_add(revoked_group(token.pk), stream)
        committed = await sync_to_async(revoke)()
        return committed, await asyncio.wait_for(layer.receive(stream), 10)

    committed, told = async_to_sync(listen_then_revoke)()
    assert len(committed) == 1
    assert told == {"type": REVOKED}
