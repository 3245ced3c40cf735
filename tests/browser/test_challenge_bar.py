"""The challenge bar never covers a control (issue #37): it sits in the page's flow above the
content, on a phone it scrolls away with the page instead of staying over the board, and a
notice goes by itself after a few seconds."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up
from tests.browser.test_challenge_flow import send_challenge

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def overlaps(a, b) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_a_challenge_sits_above_the_board_and_scrolls_away_on_a_phone(new_page):
    alice, bob = new_page(), new_page(*PHONE)
    alice_name, bob_name = sign_up(alice), sign_up(bob)
    bob.goto("/")
    card = bob.locator("#game-powerdrain")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=opponent]").select_option("easy")
    card.locator("button:has-text('Create the match')").click()
    expect(bob.locator("#conn")).to_have_text("live")

    send_challenge(alice, bob_name)
    bar = bob.locator("#challenge-bar")
    expect(bar.locator(".incoming")).to_contain_text(f"{alice_name} challenges you")
    expect(bar.locator(".incoming")).to_contain_text("expires in")
    assert bar.evaluate("el => getComputedStyle(el).position") == "static"
    for control in ("#board", ".seats", "#turn", "#match-controls", ".match-head"):
        assert not overlaps(bar.bounding_box(), bob.locator(control).first.bounding_box()), control
    screenshot(bob, "challenge-bar-phone")

    bob.evaluate("window.scrollTo(0, 500)")
    assert bob.evaluate("window.scrollY") >= 400
    over = bob.evaluate(
        """() => { const board = document.getElementById("board").getBoundingClientRect();
        const x = board.left + board.width / 2, y = Math.max(board.top, 0) + 5;
        return document.elementFromPoint(x, y).closest("#challenge-bar") !== null; }"""
    )
    assert not over

    incoming = bar.locator(".incoming")
    incoming.locator("button:has-text('Decline')").click()
    notice = alice.locator("#challenge-bar .notice.declined")
    expect(notice).to_contain_text(f"{bob_name} declined your challenge to play Powerdrain")
    # Nobody presses OK: the notice goes by itself (after 8 s) and stays gone after a reload.
    expect(notice).to_have_count(0, timeout=20_000)
    alice.reload()
    expect(alice.locator("#challenge-bar .challenge")).to_have_count(0)
