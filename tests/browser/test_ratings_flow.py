"""A rated match between two members: when it ends, the match page shows each seat's
rating change, the winner's up and the loser's down (docs/rules.md §7.6)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, sign_up

pytestmark = pytest.mark.browser


def test_a_finished_rated_match_shows_both_rating_changes(new_page):
    alice = new_page()
    host = sign_up(alice)
    # Members' open matches are rated by default (a private one never is).
    invite = create_match(alice, "powerdrain", private=False)
    expect(alice.locator(".rated-tag")).to_have_text("rated")

    bob = new_page(width=390, height=844)  # a phone
    guest = sign_up(bob)
    bob.goto(invite)
    expect(bob.locator("#rated")).to_contain_text("Rated")
    bob.click("button:has-text('Take a seat as')")
    expect(bob.locator("#turn")).to_contain_text(f"Waiting for {host}")
    seats = bob.locator(".seat .rating")
    expect(seats).to_have_count(2)
    expect(seats.first).to_have_text("1500?")

    # Each plays a move first: a match resigned before both moved is aborted (§7.3).
    for ply, (mover, cells) in enumerate(((alice, "first"), (bob, "last"))):
        expect(mover.locator("#turn")).to_have_text("Your turn.")
        getattr(mover.locator(".pd-cell.target"), cells).click()
        expect(alice.locator("#board")).to_have_attribute("data-ply", str(ply + 1))
    alice.on("dialog", lambda dialog: dialog.accept())
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    alice.click("button:has-text('Resign')")
    for page in (alice, bob):  # pushed to both pages when the match ended
        expect(page.locator(".seat[data-seat='0'] .rating-delta")).to_have_text(
            re.compile(r"^\u2212[1-9]\d*$")
        )
        expect(page.locator(".seat[data-seat='1'] .rating-delta")).to_have_text(
            re.compile(r"^\+[1-9]\d*$")
        )
    bob.reload()  # and rendered with the page
    expect(bob.locator(".seat[data-seat='1'] .rating-delta")).to_have_text(re.compile(r"^\+"))
    expect(bob.locator(".seat[data-seat='1']")).to_contain_text(guest)
    screenshot(bob, "rated-match-over-phone")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390

    bob.goto(f"/accounts/u/{guest}/")
    expect(bob.locator("#ratings .ratings-table")).to_contain_text("Powerdrain")
    chart = bob.locator(".rating-chart svg")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390
    bob.locator(".rating-chart .pt").first.focus()  # what a tap does
    expect(bob.locator(".rating-chart .pt:focus .pt-label")).to_be_visible()
    screenshot(bob, "rating-chart-phone")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390

    bob.goto("/")
    bob.locator("#game-powerdrain a:has-text('Leaderboard')").click()
    expect(bob.locator("h1")).to_have_text("Powerdrain leaderboard")
    expect(bob.locator(".leaderboard")).to_contain_text("Nobody here has a settled rating yet.")
