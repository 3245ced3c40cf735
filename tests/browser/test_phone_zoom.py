"""On a phone every board zooms until each target is at least 40 px (cards 44 px), pans
inside its frame without widening the page, names the columns and rows in sight, and stays
zoomed across moves; a click that plays nothing says why."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.seed import run_in
from tests.browser.test_layout import PHONE, log_in, no_horizontal_scroll

pytestmark = pytest.mark.browser

# game, players, plies, the targets measured, the smallest side they must reach
BOARDS = [
    ("high-voltage", 2, 20, ".hv-swamps rect", 40),
    ("high-voltage-companies", 3, 3, ".hvc-card", 44),
    ("hive", 2, 12, ".hx-stack", 40),
    ("powerdrain", 2, 6, ".pd-cell", 40),
]
# Triangulum's targets are grid points: one step is UNIT SVG units.
STEP_JS = """() => {
  const svg = document.querySelector("svg.triangulum");
  return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 10;
}"""


@pytest.fixture(scope="module")
def matches(server):
    spec = {
        "users": ["zoom-alice", "zoom-bob", "zoom-carol"],
        "matches": [{"game": g, "players": n, "plies": p, "seed": 3} for g, n, p, _, _ in BOARDS]
        + [
            {"game": "triangulum", "players": 2, "plies": 10, "seed": 3},
            {"game": "high-voltage", "players": 2, "plies": 0, "seed": 3},
        ],
    }
    return run_in(server.env, spec)


def zoom_in(page):
    page.click("[data-zoom]")
    expect(page.locator(".zoom-frame .board-svg")).to_have_count(1)
    expect(page.locator("[data-zoom]")).to_have_attribute("aria-pressed", "true")


def smallest_side(page, selector):
    boxes = page.locator(f".zoom-frame {selector}").evaluate_all(
        "els => els.map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })"
    )
    assert boxes, selector
    return min(boxes)


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_a_zoomed_phone_board_has_targets_a_finger_can_hit(new_page, matches, index):
    slug, _, _, selector, side = BOARDS[index]
    page = log_in(new_page, PHONE, "zoom-alice")
    page.goto(f"/m/{matches[index]}/")
    expect(page.locator("#conn")).to_have_text("live")
    zoom_in(page)
    assert smallest_side(page, selector) >= side
    no_horizontal_scroll(page)
    screenshot(page, f"zoomed-{slug}-phone")


def test_triangulum_zoomed_has_a_point_every_40_px_and_names_what_is_in_sight(new_page, matches):
    page = log_in(new_page, PHONE, "zoom-alice")
    page.goto(f"/m/{matches[len(BOARDS)]}/")
    expect(page.locator("#conn")).to_have_text("live")
    assert page.evaluate(STEP_JS) < 10  # unzoomed a point is a few pixels from the next
    zoom_in(page)
    assert page.evaluate(STEP_JS) >= 40
    no_horizontal_scroll(page)
    expect(page.locator(".zoom-where")).to_contain_text("columns")
    screenshot(page, "zoomed-triangulum-phone")


def test_power_companies_zoomed_names_places_as_the_move_list_writes_them(new_page, matches):
    page = log_in(new_page, PHONE, "zoom-alice")
    page.goto(f"/m/{matches[1]}/")
    expect(page.locator("#conn")).to_have_text("live")
    zoom_in(page)
    page.locator(".zoom-frame").evaluate(
        "f => { f.scrollLeft = f.scrollWidth; f.scrollTop = f.scrollHeight; }"
    )
    # The far corner: the last columns and rows, by the letters and numbers of "moved c4 to d4".
    expect(page.locator(".zoom-where")).to_have_text(
        re.compile(r"In sight: columns [b-f]–g · rows [1-6]–7")
    )


def test_the_zoom_and_its_place_survive_moves_and_a_dead_click_says_why(new_page, matches):
    page = log_in(new_page, PHONE, "zoom-alice")
    page.goto(f"/m/{matches[-1]}/")
    expect(page.locator("#conn")).to_have_text("live")
    zoom_in(page)
    frame = page.locator(".zoom-frame")
    frame.evaluate("f => { f.scrollLeft = 300; f.scrollTop = 200; }")
    expect(page.locator(".zoom-where")).to_contain_text("In sight: columns")
    page.click("button.hv-choice >> nth=0")  # keep: alice sets the first pylon
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(page.locator(".zoom-frame .board-svg")).to_have_count(1)
    assert frame.evaluate("f => [f.scrollLeft, f.scrollTop]") == [300, 200]
    page.locator(".zoom-frame .hv-swamps rect").first.click(force=True)
    expect(page.locator(".hv-hint")).to_contain_text("no pylon stands in a swamp")
    target = page.locator(".zoom-frame .hv-targets [data-move]").first
    assert smallest_side(page, ".hv-targets [data-move]") >= 40
    target.scroll_into_view_if_needed()  # the frame pans to it
    place = frame.evaluate("f => [f.scrollLeft, f.scrollTop]")
    target.click()
    expect(page.locator("#board")).to_have_attribute("data-ply", "2")
    expect(page.locator(".zoom-frame .board-svg")).to_have_count(1)
    assert frame.evaluate("f => [f.scrollLeft, f.scrollTop]") == place
    no_horizontal_scroll(page)
    # Bob's turn now: a click on the field says so instead of doing nothing.
    page.locator(".zoom-frame .hv-posts circle").first.click(force=True)
    expect(page.locator("#frame-error")).to_have_text("It is not your turn.")
    page.click("[data-zoom]")
    expect(page.locator(".zoom-frame")).to_have_count(0)


def test_clicking_a_piece_that_cannot_be_played_says_why(new_page, matches):
    page = log_in(new_page, PHONE, "zoom-alice")
    page.goto(f"/m/{matches[2]}/")  # hive, alice (Red) to move
    expect(page.locator("#turn")).to_have_text("Your turn.")
    expect(page.locator("#conn")).to_have_text("live")  # the board's script is bound
    page.locator('.hx-stack[data-owner="1"]').first.click(force=True)
    expect(page.locator("#frame-error")).to_have_text(
        "That piece is your opponent's: pick one of yours."
    )
    watcher = log_in(new_page, PHONE, "zoom-carol")
    watcher.goto(f"/m/{matches[2]}/")
    expect(watcher.locator("#conn")).to_have_text("live")
    watcher.locator(".hx-stack").first.click(force=True)
    expect(watcher.locator("#frame-error")).to_contain_text("You are watching this match")
