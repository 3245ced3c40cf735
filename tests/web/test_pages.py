"""The HTTP pages: lobby, rules, accounts, invites and the move/resign fallbacks."""

import json

import pytest

from accounts.models import User
from games.models import Match, Move
from games.registry import GAMES
from tests.conftest import every_seat_moves


def test_lobby_lists_every_game_with_a_rules_page(client, db):
    page = client.get("/").content.decode()
    for slug in GAMES:
        assert f'id="game-{slug}"' in page
        rules = client.get(f"/games/{slug}/rules/")
        assert rules.status_code == 200
        assert "<h2>Goal</h2>" in rules.content.decode()
    assert client.get("/games/chess/rules/").status_code == 404


def test_sign_up_log_out_and_log_in(client, db):
    response = client.post(
        "/accounts/signup/",
        {"username": "dora", "password1": "a-long-Passw0rd!", "password2": "a-long-Passw0rd!"},
    )
    assert response.status_code == 302
    assert "dora" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()
    response = client.post("/accounts/login/", {"username": "dora", "password": "a-long-Passw0rd!"})
    assert response.status_code == 302


def test_create_match_with_options_and_seat(client, alice):
    client.force_login(alice)
    response = client.post("/matches/new/", {"game": "powerdrain", "seat": "1", "opt_draft": "1"})
    match = Match.objects.get()
    assert response["Location"] == f"/m/{match.public_id}/"
    assert match.options == {"draft": True} and match.state["draft"] is True
    assert [s.user for s in match.seats.all()] == [None, alice]
    page = client.get(f"/m/{match.public_id}/").content.decode()
    assert f"/m/join/{match.invite}/" in page and "Waiting for players" in page


def test_creating_needs_an_account_or_guest(client, db):
    response = client.post("/matches/new/", {"game": "powerdrain"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Match.objects.exists()


def test_invite_link_lets_a_guest_pick_a_nickname_and_take_the_seat(client, alice):
    client.force_login(alice)
    client.post("/matches/new/", {"game": "powerdrain", "seat": "0"})
    match = Match.objects.get()
    client.logout()
    invite = f"/m/join/{match.invite}/"
    assert "Play as guest" in client.get(invite).content.decode()
    response = client.post(invite, {"nickname": "Zoë"})
    assert response["Location"] == f"/m/{match.public_id}/"
    match.refresh_from_db()
    guest = User.objects.get(is_guest=True)
    assert guest.display_name == "Zoë (guest)" and not guest.has_usable_password()
    assert match.status == Match.Status.ACTIVE and match.seat_of(guest) == 1


def test_guest_nickname_is_validated_and_next_cannot_leave_the_site(client, db):
    response = client.post("/accounts/guest/", {"nickname": "x"})
    assert response.status_code == 200 and "at least 2" in response.content.decode()
    response = client.post("/accounts/guest/", {"nickname": "Max", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_http_fallback_plays_a_move_and_reports_refusals(client, match, alice):
    client.force_login(alice)
    url = f"/m/{match.public_id}/move/"
    move = json.dumps({"type": "place", "at": [1, 1]})
    response = client.post(url, {"move": move, "ply": "0"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'data-ply="1"' in response.content.decode()
    response = client.post(url, {"move": move, "ply": "1"}, headers={"HX-Request": "true"})
    assert "not your turn" in response.content.decode()
    assert Move.objects.filter(match=match).count() == 1
    assert client.get(url).status_code == 405


def test_move_post_without_csrf_token_is_refused(match, alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    response = strict.post(f"/m/{match.public_id}/move/", {"move": "{}", "ply": "0"})
    assert response.status_code == 403
    assert not Move.objects.exists()


def test_spectator_page_has_no_clickable_moves(client, match, carol):
    client.force_login(carol)
    page = client.get(f"/m/{match.public_id}/").content.decode()
    assert "You are watching" in page and "data-move" not in page
    assert client.get(f"/m/{match.pk + 1000}/").status_code == 404


def test_resign_from_the_page(client, match, bob):
    every_seat_moves(match)  # before both have moved a resignation aborts (test_farming.py)
    client.force_login(bob)
    client.post(f"/m/{match.public_id}/resign/", headers={"HX-Request": "true"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["winners"] == [0]


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/", "/accounts/guest/"])
def test_pages_load_pinned_htmx_from_static_never_a_cdn(client, db, path):
    page = client.get(path).content.decode()
    assert "/static/vendor/htmx-2.0.11.min.js" in page
    assert "unpkg" not in page and "cdn" not in page.lower()


def test_custom_setup_json_fixes_the_options_and_bad_json_is_refused(client, alice):
    client.force_login(alice)
    rows = [1, 3, 5, 7, 9]
    client.post("/matches/new/", {"game": "powerdrain", "options_json": json.dumps({"rows": rows})})
    assert Match.objects.get().state["rows"] == rows
    response = client.post(
        "/matches/new/", {"game": "powerdrain", "options_json": "[1"}, follow=True
    )
    assert "not valid JSON" in response.content.decode()
    response = client.post(
        "/matches/new/", {"game": "powerdrain", "options_json": "[1]"}, follow=True
    )
    assert "must be a JSON object" in response.content.decode()
    response = client.post(
        "/matches/new/", {"game": "powerdrain", "options_json": '{"rows": [1]}'}, follow=True
    )
    assert "options do not work" in response.content.decode()
    assert Match.objects.count() == 1
