"""Joining a private match: the invite link opens a page naming the match, and only the
POST from that page takes the seat (issue #16)."""

import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, sign_up

pytestmark = pytest.mark.browser

ROWS = [9, 7, 1, 5, 3]


def test_a_private_invite_opens_the_join_page_and_only_its_post_seats_the_guest(new_page):
    alice = new_page()
    host = sign_up(alice)
    violations = []
    invite = create_match(alice, "powerdrain", options={"rows": ROWS}, private=True)

    bob = new_page(width=390, height=844)  # a phone
    bob.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
    bob.goto(invite)
    facts = bob.locator("#join-facts")
    expect(bob.locator("h1")).to_have_text("Join Powerdrain")
    expect(facts).to_contain_text(f"Seat 1: {host}")
    expect(facts).to_contain_text("Seat 2: open")
    expect(facts).to_contain_text("Private: only the invite link seats players")
    expect(facts).to_contain_text("rows: [9, 7, 1, 5, 3]")
    expect(bob.locator("#time-control")).to_be_visible()
    screenshot(bob, "join-page-phone")
    expect(alice.locator("#turn")).to_contain_text("Waiting for players")  # a GET seats nobody

    bob_name = f"Bob{uuid.uuid4().hex[:4]}"  # the shared test server may hold a live "Bob"
    bob.fill("#id_nickname", bob_name)
    bob.click("button:has-text('Play as guest')")
    expect(bob.locator("#turn")).to_contain_text(f"Waiting for {host}")
    expect(bob.locator(".custom-setup")).to_contain_text("rows: [9, 7, 1, 5, 3]")
    expect(alice.locator("#turn")).to_have_text("Your turn.")  # pushed when bob joined
    expect(alice.locator(".seat[data-seat='1']")).to_contain_text(f"{bob_name} (guest)")

    late = new_page()
    late.goto(invite)
    expect(late.locator("h1")).to_have_text("This match is full")
    expect(late.locator("#id_nickname")).to_have_count(0)
    assert not violations, violations
