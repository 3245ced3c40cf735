"""Triangulum while a player chooses (issue #25, items 2 and 7): the board does not move
under the pointer as the step text changes, the phone's pan line names the columns and rows
really in sight, and every move control is a 40 px target on a phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up
from tests.browser.test_triangulum_flow import POINT_JS

pytestmark = pytest.mark.browser

# The board's top edge in the page (not the viewport: scrolling must not hide a shift).
TOP_JS = "document.querySelector('svg.triangulum').getBoundingClientRect().top + scrollY"


def blue_to_move(new_page, size):
    alice = new_page(*size)
    sign_up(alice)
    invite = create_match(alice, "triangulum", seat="0")
    join_as_guest(new_page(), invite, "Bob")
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    expect(alice.locator("#conn")).to_have_text("live")
    expect(alice.locator(".tg-confirm")).to_have_text("Confirm place")  # the script is bound
    return alice


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_board_stays_put_while_a_player_chooses(new_page, size):
    page = blue_to_move(new_page, size)
    step = page.locator(".tg-step")
    page.locator("svg.triangulum").scroll_into_view_if_needed()
    top = page.evaluate(TOP_JS)
    x, y = page.evaluate(POINT_JS, [10, 10])
    page.mouse.click(x, y)
    expect(step).to_contain_text("open point (10,10)")
    assert page.evaluate(TOP_JS) == top
    page.mouse.click(x, y)  # the same spot again: the same point, open and secret
    expect(step).to_contain_text("Open point (10,10), secret point (10,10)")
    assert page.evaluate(TOP_JS) == top
    screenshot(page, f"triangulum-choosing-{'phone' if size[0] < 500 else 'desktop'}")
    # Triangulate: a point that is not Blue's says why, in a line that was already there.
    page.click('button[data-mode="triangulate"]')
    x, y = page.evaluate(POINT_JS, [20, 20])
    page.mouse.click(x, y)
    expect(page.locator(".tg-preview")).to_have_text("(20,20) is not one of your open points.")
    assert page.evaluate(TOP_JS) == top
    page.click('button[data-mode="place"]')
    expect(step).to_have_text("1/2 choose your open point")
    assert page.evaluate(TOP_JS) == top
    page.mouse.click(x, y)
    page.click(".tg-cancel")
    expect(step).to_have_text("1/2 choose your open point")
    assert page.evaluate(TOP_JS) == top


def test_on_a_phone_the_controls_are_big_enough_and_the_pan_line_names_a_range(new_page):
    page = blue_to_move(new_page, (390, 844))
    for button in page.locator(".tg-controls button").all():
        box = button.bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40, (button.inner_text(), box)
    page.click("[data-zoom]")
    frame = page.locator(".zoom-frame")
    expect(frame.locator("svg.triangulum")).to_have_count(1)
    where = page.locator(".zoom-where")
    expect(where).to_have_text(re.compile(r"In sight: columns \d+–\d+ · rows \d+–\d+"))
    cols, rows = (
        [int(n) for n in pair.split("–")] for pair in re.findall(r"\d+–\d+", where.inner_text())
    )
    # About 46 / 6.5 columns and as many rows fit the frame: a range, not one label.
    assert 4 <= cols[1] - cols[0] <= 9, cols
    assert 3 <= rows[1] - rows[0] <= 12, rows
    # The far corner: the last column (45) and the first row (0) are in sight.
    frame.evaluate("f => { f.scrollLeft = f.scrollWidth; f.scrollTop = f.scrollHeight; }")
    expect(where).to_have_text(re.compile(r"In sight: columns (3[6-9]|4[0-4])–45 · rows 0–\d+"))
    screenshot(page, "triangulum-zoomed-far-corner-phone")
