"""Small things a new player met (issue #37): seat cards that cut names so that two computer
seats look alike, a rating beside the score pushing it onto its own line, a finished power
companies page taller than a laptop's screen, and High Voltage's phone zoom opening far
from the last move."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up
from tests.browser.seed import run_in
from tests.browser.test_finished_page_layout import BOXES
from tests.browser.test_layout import DESKTOP, PHONE, log_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def matches(server):
    spec = {
        "users": ["small-alice", "small-bob", "small-carol", "small-dave"],
        "matches": [
            {"game": "high-voltage-companies", "players": 3, "finish": True, "seed": 7},
            {"game": "high-voltage-companies", "players": 4, "finish": True, "seed": 7},
            {"game": "high-voltage", "players": 2, "plies": 31, "seed": 4},
        ],
    }
    return run_in(server.env, spec)


def test_computer_seats_show_their_whole_names_and_the_score_beside_them(new_page):
    page = new_page(*PHONE)
    sign_up(page)
    page.goto("/")
    card = page.locator("#game-high-voltage-companies")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=players]").select_option("4")
    card.locator("select[name=opponent]").select_option("easy")
    card.locator("select[name=seat]").select_option("0")
    card.locator("button:has-text('Create the match')").click()
    expect(page.locator("#conn")).to_have_text("live")
    names = page.locator("#match-side .seat-name")
    expect(names).to_have_count(4)
    shown = names.all_inner_texts()
    assert len(set(shown)) == 4, shown
    for name in names.all():  # nothing cut off
        assert name.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), name.inner_text()
    # Measured in one evaluation: the computers play on, and each push replaces the seats.
    above = page.evaluate(
        """() => [...document.querySelectorAll('#match-side .seat')].map(seat => {
            const role = seat.querySelector('.seat-role').getBoundingClientRect();
            const score = seat.querySelector('.score').getBoundingClientRect();
            return score.bottom <= role.top + 2;
        })"""
    )
    assert above == [True] * 4, "a score is not above its role's line"
    screenshot(page, "seats-four-computers-phone")


@pytest.mark.parametrize("index", [0, 1])
def test_a_finished_power_companies_match_fits_a_laptop_screen(new_page, matches, index):
    page = log_in(new_page, DESKTOP, name="small-alice")
    page.goto(f"/m/{matches[index]}/")
    expect(page.locator(".hvc-final")).to_be_visible()
    screenshot(page, f"finished-power-companies-{index + 3}p-desktop")
    # The page may scroll (issue #54): every seat card whole above the buttons, the board kept.
    got = page.evaluate(BOXES)
    assert got["width"] <= DESKTOP[0], got
    assert len(got["seats"]) == index + 3, got
    for top, bottom, _left, _right in got["seats"]:
        assert got["side"][0] <= top and bottom <= got["controlsTop"], got
    assert got["board"] >= 380, got


def test_high_voltage_s_phone_zoom_opens_on_the_last_move(new_page, matches):
    page = log_in(new_page, PHONE, name="small-alice")
    page.goto(f"/m/{matches[2]}/")
    expect(page.locator("#conn")).to_have_text("live")
    page.locator("[data-zoom]").click()
    frame = page.locator(".zoom-frame")
    expect(frame).to_be_visible()
    last, seen = page.locator(".hv-last").bounding_box(), frame.bounding_box()
    assert seen["x"] <= last["x"] and last["x"] + last["width"] <= seen["x"] + seen["width"]
    assert seen["y"] <= last["y"] and last["y"] + last["height"] <= seen["y"] + seen["height"]
    screenshot(page, "high-voltage-zoom-last-move-phone")
