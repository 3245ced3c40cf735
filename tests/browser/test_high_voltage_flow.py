"""Blue builds a knight-linked line from the left to the right edge through the UI while
Red, on a touch phone, sets pylons elsewhere; a spectator sees every pylon arrive live."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up, watch

pytestmark = pytest.mark.browser

# Swamps well away from both players' pylons.
SWAMPS = [[1, 1, 3], [8, 10, 2], [15, 10, 2], [21, 21, 1]]
# Knight steps of +2 columns from column a to column w, then one step to column x.
BLUE = [[0, 5], [2, 6], [4, 5], [6, 6], [8, 5], [10, 6], [12, 5], [14, 6], [16, 5], [18, 6],
        [20, 5], [22, 6], [23, 8]]  # fmt: skip
# Three short red chains in the lower half, never near Blue's line.
RED = [[3, 14], [4, 16], [5, 18], [6, 20], [10, 14], [11, 16], [12, 18], [13, 20],
       [17, 14], [18, 16], [19, 18], [20, 20]]  # fmt: skip


def cell(at) -> str:
    return f'.hv-targets rect[data-move=\'{{"type":"post","at":[{at[0]},{at[1]}]}}\']'


def post(at, owner) -> str:
    return f'.hv-post[data-at="{at[0]},{at[1]}"][data-owner="{owner}"]'


def test_blue_connects_its_edges_through_the_board(new_page, browser, server):
    alice = new_page()
    host = sign_up(alice)
    invite = create_match(alice, "high-voltage", seat="0", options={"swamps": SWAMPS})

    # Bob plays on a touch phone: tap to preview, tap again to set.
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=server.url, has_touch=True, is_mobile=True
    )
    phone.set_default_timeout(10_000)
    try:
        bob = phone.new_page()
        join_as_guest(bob, invite, "Bob")
        watcher = watch(new_page(), bob.url)
        expect(bob.locator("#conn")).to_have_text("live")

        # The opening: only Blue gets the two buttons; everyone sees the mirrored field.
        expect(alice.locator("#turn")).to_have_text("Your turn.")
        keep = alice.locator('button[data-move=\'{"type":"keep"}\']')
        expect(keep).to_have_text("Keep the board — you place first")
        expect(alice.locator('button[data-move=\'{"type":"mirror"}\']')).to_have_text(
            "Mirror the swamps — red places first"
        )
        for page in (bob, watcher):
            expect(page.locator(".hv-mini")).to_be_visible()
            expect(page.locator("[data-move]")).to_have_count(0)
        screenshot(alice, "high-voltage-opening")
        screenshot(bob, "high-voltage-opening-phone")
        keep.click()
        for page in (alice, bob, watcher):
            expect(page.locator("#board")).to_have_attribute("data-ply", "1")
            expect(page.locator(".hv-opening")).to_have_count(0)

        ply = 1
        for turn in range(len(BLUE)):
            at = BLUE[turn]
            expect(alice.locator("#turn")).to_have_text("Your turn.")
            if turn == 1:  # hovering shows the line the pylon would make
                alice.locator(cell(at)).hover()
                expect(alice.locator(".hv-preview .hv-pv-link")).to_have_count(1)
                expect(alice.locator(".hv-hint")).to_contain_text("c7: 1 new line")
            alice.locator(cell(at)).click()  # a mouse click sets the pylon at once
            ply += 1
            for page in (alice, bob, watcher):
                expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))
                expect(page.locator(post(at, 0))).to_have_count(1)
            if turn == len(BLUE) - 1:
                break
            at = RED[turn]
            expect(bob.locator("#turn")).to_have_text("Your turn.")
            bob.locator(cell(at)).tap()  # first tap: preview only
            expect(bob.locator(".hv-preview .hv-pv-post")).to_have_count(1)
            expect(bob.locator(".hv-hint")).to_contain_text("tap again")
            if turn == 1:
                expect(bob.locator(".hv-preview .hv-pv-link")).to_have_count(1)
                screenshot(bob, "high-voltage-phone-preview")
            expect(bob.locator("#board")).to_have_attribute("data-ply", str(ply))
            bob.locator(cell(at)).tap()  # second tap on the same cell: set it
            ply += 1
            for page in (alice, bob, watcher):
                expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))
                expect(page.locator(post(at, 1))).to_have_count(1)
            if turn == 6:
                screenshot(alice, "high-voltage-midgame-desktop")
                screenshot(bob, "high-voltage-midgame-phone")

        # 13 blue pylons, 12 lines, one line across: Blue has won by connection.
        for page in (alice, bob, watcher):
            expect(page.locator("#turn")).to_contain_text("won by connection")
            expect(page.locator(".hv-links line.hv-seat-0")).to_have_count(len(BLUE) - 1)
            expect(page.locator(".hv-span-0 strong")).to_have_text("23")
            expect(page.locator(".seat[data-seat='0']")).to_have_class(re.compile(r"\bwinner\b"))
            expect(page.locator("[data-move]")).to_have_count(0)
        expect(alice.locator("#turn")).to_have_text("You won by connection!")
        expect(watcher.locator("#turn")).to_have_text(f"{host} won by connection.")
        screenshot(watcher, "high-voltage-finished")
        screenshot(bob, "high-voltage-finished-phone")
    finally:
        phone.close()
