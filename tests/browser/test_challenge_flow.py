"""Challenges by name in two browsers: one challenges the other from their profile; the other
sees it at the top of the page they have open, without reloading, and accepts; both land on
the match. A declined and a canceled challenge are shown to the other side the same way."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up

pytestmark = pytest.mark.browser


def send_challenge(page, opponent: str, slug: str = "powerdrain") -> None:
    page.goto(f"/accounts/u/{opponent}/")
    form = page.locator(f"#challenge-{slug}")
    form.locator("summary").click()
    form.locator("button:has-text('Send the challenge')").click()
    expect(page.locator(".flash")).to_contain_text(f"Challenge sent to {opponent}")
    expect(page.locator("#challenge-bar .outgoing")).to_contain_text(
        f"Your challenge to {opponent}"
    )


def test_a_challenge_is_answered_live_and_opens_the_match_for_both(new_page):
    alice, bob = new_page(), new_page()
    alice_name, bob_name = sign_up(alice), sign_up(bob)
    bob.goto("/")  # bob is in the lobby, and stays on that page
    send_challenge(alice, bob_name)
    alice.goto("/watch/")  # alice waits on another page

    incoming = bob.locator("#challenge-bar .incoming")
    expect(incoming).to_contain_text(f"{alice_name} challenges you")
    expect(incoming).to_contain_text("Powerdrain")
    screenshot(bob, "challenge-incoming")
    incoming.locator("button:has-text('Accept')").click()

    expect(bob).to_have_url(re.compile(r"/m/[A-Za-z0-9]{8}/$"))
    expect(bob.locator("#board")).to_be_visible()
    expect(alice).to_have_url(bob.url)  # alice's open page went to the match by itself
    expect(alice.locator("#board")).to_be_visible()
    for page in (alice, bob):
        expect(page.locator("#match-side")).to_contain_text(alice_name)
        expect(page.locator("#match-side")).to_contain_text(bob_name)
        expect(page.locator("#challenge-bar .challenge")).to_have_count(0)


def test_declined_and_canceled_challenges_are_shown_to_the_other_side(new_page):
    alice, bob = new_page(), new_page()
    alice_name, bob_name = sign_up(alice), sign_up(bob)
    bob.goto("/history/")

    send_challenge(alice, bob_name)
    incoming = bob.locator("#challenge-bar .incoming")
    expect(incoming).to_contain_text(f"{alice_name} challenges you")
    incoming.locator("select[name=reason]").select_option("later")
    incoming.locator("button:has-text('Decline')").click()
    expect(bob).to_have_url(re.compile(r"/history/$"))  # bob stays where he was
    expect(bob.locator("#challenge-bar .challenge")).to_have_count(0)

    notice = alice.locator("#challenge-bar .notice.declined")
    expect(notice).to_contain_text(f"{bob_name} declined your challenge")
    expect(notice).to_contain_text("please ask again later")
    notice.locator("button:has-text('OK')").click()
    expect(alice.locator("#challenge-bar .challenge")).to_have_count(0)

    send_challenge(alice, bob_name)
    expect(bob.locator("#challenge-bar .incoming")).to_contain_text(alice_name)
    alice.locator("#challenge-bar .outgoing button:has-text('Cancel')").click()
    expect(alice.locator("#challenge-bar .challenge")).to_have_count(0)
    expect(bob.locator("#challenge-bar .incoming")).to_have_count(0)
    expect(bob.locator("#challenge-bar .notice.canceled")).to_contain_text(
        f"{alice_name} canceled their challenge"
    )


def test_members_who_turn_challenges_off_cannot_be_challenged(new_page):
    alice, bob = new_page(), new_page()
    sign_up(alice)
    bob_name = sign_up(bob)
    bob.goto(f"/accounts/u/{bob_name}/")
    bob.locator("#challenge-setting input[name=accept]").uncheck()
    bob.locator("#challenge-setting button:has-text('Save')").click()
    expect(bob.locator(".flash")).to_contain_text("Challenge setting saved")
    alice.goto(f"/accounts/u/{bob_name}/")
    expect(alice.locator("#challenge")).to_contain_text("does not accept challenges")
