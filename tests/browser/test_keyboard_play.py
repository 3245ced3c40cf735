"""The two big boards can be played from the keyboard alone: arrow keys move a cursor over
the focused board, Enter sets what a click would."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up

pytestmark = pytest.mark.browser

SWAMPS = [[1, 1, 3], [8, 10, 2], [15, 10, 2], [21, 21, 1]]  # none near the middle


def start(new_page, slug, options=None):
    alice, bob = new_page(), new_page()
    sign_up(alice)
    invite = create_match(alice, slug, seat="0", options=options)
    join_as_guest(bob, invite, "Bob")
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    return alice, bob


def test_a_pylon_is_set_with_arrow_keys_and_enter(new_page):
    alice, bob = start(new_page, "high-voltage", {"swamps": SWAMPS})
    keep = alice.locator('button[data-move=\'{"type":"keep"}\']')
    keep.focus()
    alice.keyboard.press("Enter")
    expect(alice.locator("#board")).to_have_attribute("data-ply", "1")

    alice.locator("svg.high-voltage").focus()
    alice.keyboard.press("ArrowRight")  # the cursor appears in the middle: m13
    alice.keyboard.press("ArrowRight")
    alice.keyboard.press("ArrowDown")
    expect(alice.locator(".hv-cursor")).to_have_attribute("x", "130")
    expect(alice.locator(".hv-hint")).to_contain_text("n14")
    screenshot(alice, "high-voltage-keyboard-cursor")
    alice.keyboard.press("Enter")
    for page in (alice, bob):
        expect(page.locator('.hv-post[data-at="13,13"][data-owner="0"]')).to_have_count(1)


def test_a_triangulum_place_is_picked_with_arrow_keys_and_enter(new_page):
    alice, bob = start(new_page, "triangulum")
    alice.locator("svg.triangulum").focus()
    alice.keyboard.press("ArrowUp")  # the cursor appears in the middle: (23,14)
    alice.keyboard.press("ArrowUp")
    alice.keyboard.press("Enter")
    expect(alice.locator(".tg-step")).to_contain_text("2/2 choose your secret point")
    alice.keyboard.press("ArrowRight")
    screenshot(alice, "triangulum-keyboard-cursor")
    alice.keyboard.press(" ")
    expect(alice.locator(".tg-step")).to_contain_text("Open point (23,15), secret point (24,15)")
    alice.locator("button.tg-confirm").focus()
    alice.keyboard.press("Enter")
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-ply", "1")
        expect(page.locator('.tg-point[data-at="23,15"]')).to_have_count(1)
    expect(bob.locator(".tg-secret")).to_have_count(0)  # the secret stays Alice's
