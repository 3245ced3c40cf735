"""Guests keep their seats (rejoin links, becoming an account), the logout warning, and
email settings (issue #15)."""

import re

import pytest
from django.core import mail
from django.test import Client

from accounts import services as accounts
from accounts.forms import GuestForm
from accounts.models import User
from games import notices, services
from games.clocks import TimeControl
from games.models import Match, Seat
from tests.web.support import play_a_move

PASSWORD = "a-long-Passw0rd!"


def guest_in_match(alice, nickname="Zoë", **create):
    """A guest who joined alice's Powerdrain match through its invite; returns (client, match)."""
    created = services.match_create(game="powerdrain", creator=alice, seat=0, **create)
    client = Client()
    response = client.post(f"/m/join/{created.invite}/", {"nickname": nickname})
    assert response["Location"] == f"/m/{created.public_id}/"
    return client, Match.objects.get(pk=created.pk)


def guest_of(match) -> User:
    return match.seats.get(user__is_guest=True).user


def logged_in_user(client) -> User | None:
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id) if user_id else None


def your_seats(page: str) -> list[str]:
    """The seats the players strip marks as the viewer's own."""
    return re.findall(r'<li class="seat[^"]* you[ "][^>]*data-seat="(\d)"', page)


def rejoin_path(user) -> str:
    return f"/accounts/rejoin/{accounts.rejoin_key(user)}/"


def test_guests_get_long_random_rejoin_tokens_and_members_none(alice):
    one, two = accounts.guest_create(nickname="One"), accounts.guest_create(nickname="Two")
    assert len(one.rejoin_token) >= 40 and one.rejoin_token != two.rejoin_token
    assert alice.rejoin_token == ""


def test_a_wrong_rejoin_link_is_refused_and_logs_nobody_in(alice):
    _, match = guest_in_match(alice)
    guest = guest_of(match)
    other = accounts.guest_create(nickname="Other")
    wrong = [
        f"{guest.pk}-{guest.rejoin_token[:-1]}x",  # one character off
        f"{guest.pk}-{guest.rejoin_token[:20]}",  # a prefix
        f"{other.pk}-{guest.rejoin_token}",  # someone else's id
        f"{alice.pk}-",  # a member: no token at all
        guest.rejoin_token,  # no id
        "99999999999999999999999-x",
    ]
    client = Client()
    for key in wrong:
        assert client.get(f"/accounts/rejoin/{key}/").status_code == 404, key
        assert client.post(f"/accounts/rejoin/{key}/").status_code == 404, key
    assert logged_in_user(client) is None


def test_the_rejoin_link_asks_on_get_and_only_its_post_logs_the_guest_back_in(alice):
    _, match = guest_in_match(alice)
    guest = guest_of(match)
    client = Client(enforce_csrf_checks=True)  # a fresh browser: cookies cleared
    page = client.get(rejoin_path(guest))
    assert page.status_code == 200 and "Continue as Zoë (guest)" in page.content.decode()
    assert "1 running match" in page.content.decode()
    assert logged_in_user(client) is None
    # A cross-site form cannot post it: it has no CSRF token.
    assert Client(enforce_csrf_checks=True).post(rejoin_path(guest)).status_code == 403
    response = client.post(rejoin_path(guest), {"csrfmiddlewaretoken": page.context["csrf_token"]})
    assert response["Location"] == f"/m/{match.public_id}/"
    assert logged_in_user(client) == guest
    assert your_seats(client.get(f"/m/{match.public_id}/").content.decode()) == ["1"]


def test_only_the_guest_sees_their_own_link_on_the_match_page_and_profile(alice):
    zoe_client, match = guest_in_match(alice)
    zoe = guest_of(match)
    link = f"http://testserver{rejoin_path(zoe)}"
    assert link in zoe_client.get(f"/m/{match.public_id}/").content.decode()
    assert link in zoe_client.get(f"/accounts/u/{zoe.username}/").content.decode()

    alice_client = Client()
    alice_client.force_login(alice)
    stranger = Client()
    stranger.force_login(accounts.guest_create(nickname="Max"))
    for client in (alice_client, stranger, Client()):
        for url in (f"/m/{match.public_id}/", f"/accounts/u/{zoe.username}/"):
            page = client.get(url).content.decode()
            assert zoe.rejoin_token not in page and 'id="rejoin-url"' not in page, url
    # A guest watching someone else's match sees no link there, not even their own.
    assert 'id="rejoin-url"' not in stranger.get(f"/m/{match.public_id}/").content.decode()


def test_a_guest_made_a_member_keeps_their_seats_and_logs_in_with_the_password(alice):
    client, match = guest_in_match(alice)
    guest = guest_of(match)
    old_link = rejoin_path(guest)
    assert "(guest)" in client.get(f"/m/{match.public_id}/").content.decode()
    response = client.post(
        "/accounts/account/",
        {"username": "zoe", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response["Location"] == "/accounts/u/zoe/"
    member = User.objects.get(pk=guest.pk)
    assert (member.username, member.is_guest, member.display_name) == ("zoe", False, "zoe")
    assert logged_in_user(client) == member  # the new password did not log them out
    assert match.seats.get(index=1).user == member
    assert Client().get(old_link).status_code == 404  # the password replaces the link

    fresh = Client()
    assert (
        fresh.post("/accounts/login/", {"username": "zoe", "password": PASSWORD}).status_code == 302
    )
    page = fresh.get(f"/m/{match.public_id}/").content.decode()
    assert your_seats(page) == ["1"] and 'id="rejoin-url"' not in page
    play_a_move(match)  # the next position shows the new name in the running match
    page = fresh.get(f"/m/{match.public_id}/").content.decode()
    assert '<a href="/accounts/u/zoe/">zoe</a>' in page and "(guest)" not in page
    assert fresh.get("/accounts/account/")["Location"] == "/accounts/u/zoe/"


def test_making_an_account_refuses_taken_names_but_not_the_guests_own_nickname(alice):
    client, _ = guest_in_match(alice, nickname="Zoë")
    guest_in_match(alice, nickname="Max")  # another guest playing now
    for taken in ("alice", "ALICE", "Max"):
        data = {"username": taken, "password1": PASSWORD, "password2": PASSWORD}
        assert client.post("/accounts/account/", data).status_code == 200, taken
    assert User.objects.filter(is_guest=True).count() == 2
    data = {"username": "Zoë", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/account/", data).status_code == 302
    assert User.objects.get(username="Zoë").is_guest is False


def test_logging_out_warns_a_guest_of_their_running_matches_and_shows_the_link(alice):
    client, match = guest_in_match(alice)
    guest = guest_of(match)
    home = client.get("/").content.decode()
    assert '<a href="/accounts/logout/">Log out</a>' in home  # a page that asks, not a POST
    page = client.get("/accounts/logout/").content.decode()
    assert "You have 1 running match." in page
    assert rejoin_path(guest) in page and "/accounts/account/" in page
    assert logged_in_user(client) == guest  # the GET asked only
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert "You have no running match." in client.get("/accounts/logout/").content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert logged_in_user(client) is None


def test_members_log_out_with_a_post_straight_from_the_menu(alice):
    client = Client()
    client.force_login(alice)
    home = client.get("/").content.decode()
    assert 'method="post" action="/accounts/logout/"' in home
    assert "running match" not in client.get("/accounts/logout/").content.decode()


def test_sign_up_takes_an_optional_email_checked_as_an_address(client, db):
    data = {"username": "dora", "password1": PASSWORD, "password2": PASSWORD}
    page = client.post("/accounts/signup/", {**data, "email": "not an address"})
    assert page.status_code == 200 and "valid email address" in page.content.decode()
    assert (
        client.post("/accounts/signup/", {**data, "email": "dora@example.org"}).status_code == 302
    )
    assert User.objects.get(username="dora").email == "dora@example.org"
    data["username"] = "eve"
    assert Client().post("/accounts/signup/", data).status_code == 302
    assert User.objects.get(username="eve").email == ""


def correspondence_turn(alice, bob) -> Match:
    """A running correspondence match with alice to move."""
    created = services.match_create(
        game="powerdrain", creator=alice, seat=0, time_control=TimeControl.parse("2d")
    )
    return services.match_join(match_id=created.pk, user=bob)


def test_email_settings_on_the_profile_page_and_the_opt_out(alice, bob):
    client = Client()
    client.force_login(alice)
    page = client.get("/accounts/u/alice/").content.decode()
    assert "Email me when it is my turn in correspondence matches" in page
    assert 'name="email_notices"' not in Client().get("/accounts/u/alice/").content.decode()

    bad = client.post("/accounts/settings/", {"email": "alice@", "email_notices": "on"})
    assert bad.status_code == 400 and "valid email address" in bad.content.decode()
    alice.refresh_from_db()
    assert alice.email == ""

    settings = {"email": "alice@example.org", "email_notices": "on"}
    assert client.post("/accounts/settings/", settings)["Location"] == "/accounts/u/alice/"
    alice.refresh_from_db()
    assert (alice.email, alice.email_notices) == ("alice@example.org", True)
    assert accounts.verify_email(accounts.verification_token(alice)) == alice
    mail.outbox.clear()
    match = correspondence_turn(alice, bob)
    notices.your_turn(match.pk, match.ply, services.server_now())
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]

    client.post("/accounts/settings/", {"email": "alice@example.org"})  # box unticked
    alice.refresh_from_db()
    assert (alice.email, alice.email_notices) == ("alice@example.org", False)
    mail.outbox.clear()
    Seat.objects.filter(match=match).update(mailed=None)  # not the hour's limit at work
    notices.your_turn(match.pk, match.ply, services.server_now())
    assert mail.outbox == []


def test_a_guest_cannot_set_an_email(alice):
    client, match = guest_in_match(alice)
    guest = guest_of(match)
    page = client.get(f"/accounts/u/{guest.username}/").content.decode()
    assert "you need an account" in page and 'name="email"' not in page
    response = client.post("/accounts/settings/", {"email": "zoe@example.org"})
    assert response.status_code == 400
    guest.refresh_from_db()
    assert guest.email == ""
    with pytest.raises(accounts.NotAllowed):
        accounts.email_settings_update(guest, email="zoe@example.org", notices=True)


@pytest.mark.parametrize("nickname", ["Mallory\nhttp://evil.example/win", "Tab\tbed", "Bell\x07"])
def test_a_guest_nickname_is_one_line(nickname):
    """A name shows on one line everywhere (pages, move lists, emails): no control characters."""
    form = GuestForm({"nickname": nickname})
    assert not form.is_valid()
    assert "one line" in str(form.errors["nickname"])
    assert GuestForm({"nickname": "Zoë Müller"}).is_valid()
