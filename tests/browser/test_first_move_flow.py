"""The first move costs no time, and a match whose first move is missed is aborted
(docs/rules.md §7.3), in Debian's Chromium against a real Daphne and a real worker.

A 1+0 Powerdrain clock still reads 1:00 a few seconds after the match started while its
owner has not moved; the page counts down the first move instead. The first-move deadline is
then moved close in the server's database and the flag rescheduled as after a move (the way
the clock tests age a clock), so the test never waits out the 30 seconds: the worker aborts
the match, and both players see "aborted" on the page and in the lobby.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import age_clock, join_as_guest, sign_up

pytestmark = pytest.mark.browser


def new_timed_match(page, slug: str, time: str) -> None:
    page.goto("/")
    card = page.locator(f"#game-{slug}")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=seat]").select_option("0")
    card.locator("select[name=opponent]").select_option("people")
    card.locator("select[name=time_control]").select_option(time)
    card.locator("button:has-text('Create the match')").click()
    expect(page.locator("#board")).to_be_visible()


def test_a_clock_waits_for_the_first_move_and_a_missed_one_aborts(new_page, server):
    alice = new_page()
    alice_name = sign_up(alice)
    new_timed_match(alice, "powerdrain", "1+0")
    invite = alice.locator("#invite-url").input_value()
    bob = new_page(width=390, height=844)
    join_as_guest(bob, invite, "Bob")
    expect(alice.locator("#board.my-turn")).to_be_visible()
    for page in (alice, bob):
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator("#match-side .clock.running")).to_have_count(0)
        expect(page.locator("#match-side .first-move")).to_have_count(1)
    alice_clock = alice.locator("#match-side .seat[data-seat='0'] .clock")
    countdown = alice.locator("#match-side .seat[data-seat='0'] .first-move")
    # Once the countdown has ticked below 0:30, the clocks have stood still for that long.
    expect(countdown).to_have_text(re.compile(r"first move: 0:2\d"))
    for page in (alice, bob):
        expect(page.locator("#match-side .seat[data-seat='0'] .clock")).to_have_text("1:00")
        expect(page.locator("#match-side .seat[data-seat='1'] .clock")).to_have_text("1:00")
    assert alice_clock.get_attribute("data-deadline") is None
    screenshot(alice, "first-move-countdown")

    age_clock(server, alice.url.rstrip("/").rsplit("/", 1)[1], 1.5)
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "finished", timeout=15_000)
        expect(page.locator("#turn")).to_contain_text("Aborted")
        expect(page.locator("#turn")).to_contain_text("did not make a first move in time")
        expect(page.locator("#match-side .seat.winner")).to_have_count(0)
        expect(page.locator("#conn")).to_have_text("aborted")
    expect(bob.locator("#turn")).to_contain_text(f"Aborted: {alice_name} did not make")
    expect(alice.locator("#turn")).to_contain_text("Aborted: you did not make")
    screenshot(bob, "first-move-aborted-phone")

    for page in (alice, bob):
        page.goto("/")
        row = page.locator(".match-row", has=page.locator(".owner-result.aborted"))
        expect(row).to_have_count(1)
        expect(row).to_contain_text("aborted")
    screenshot(alice, "first-move-aborted-lobby")
