"""The lobby, lists, profile and import pages on a desktop and a phone, with a very long
name among the players; the lobby's seat choice; rematch and cancel at the end of a match."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.seed import run_in
from tests.browser.test_layout import DESKTOP, PHONE, log_in, no_horizontal_scroll

pytestmark = pytest.mark.browser

LONG = "pages-" + "averyveryverylongnamewithoutanyspace" * 2


@pytest.fixture(scope="module")
def seeded(server):
    spec = {
        "users": ["pages-alice", LONG],
        "matches": [
            {"game": "powerdrain", "players": 2, "finish": True, "seed": 5},
            {"game": "hive", "players": 2, "plies": 6, "seed": 5},
            {"game": "high-voltage-companies", "players": 2, "plies": 4, "seed": 5},
        ],
    }
    return run_in(server.env, spec)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_list_page_fits_the_width_with_a_long_name(new_page, seeded, size):
    page = log_in(new_page, size, "pages-alice")
    for path, name in [
        ("/", "lobby"),
        ("/history/", "history"),
        ("/history/?player=VERYLONG", "history-filtered"),
        ("/watch/", "watch"),
        (f"/accounts/u/{LONG}/", "profile"),
        ("/m/import/", "import"),
    ]:
        page.goto(path)
        no_horizontal_scroll(page)
        if name != "import":
            expect(page.locator(f'a[href="/accounts/u/{LONG}/"]').first).to_be_attached()
        screenshot(page, f"page-{name}-{'phone' if size == PHONE else 'desktop'}")
    page.goto("/history/?player=VERYLONG")
    expect(page.locator(".history-row")).to_have_count(1)


def test_on_a_phone_my_matches_come_first_and_seats_follow_the_players(new_page, seeded):
    page = log_in(new_page, PHONE, "pages-alice")
    page.goto("/")
    mine = page.locator(".card:has(h2:text('My matches'))")
    assert mine.bounding_box()["y"] < PHONE[1] / 2
    expect(mine.locator(".match-row").first).to_contain_text("turn")
    assert page.locator(".games-grid").bounding_box()["y"] > mine.bounding_box()["y"]
    card = page.locator("#game-high-voltage-companies")
    card.locator(".new-match > summary").click()
    seat = card.locator("select[name=seat]")
    expect(seat.locator("option[value='0']")).to_have_text("Volta")
    expect(seat.locator("option[value='3']")).to_be_disabled()
    card.locator("select[name=players]").select_option("4")
    expect(seat.locator("option[value='3']")).to_be_enabled()
    seat.select_option("3")
    card.locator("select[name=players]").select_option("2")
    expect(seat).to_have_value("random")
    expect(page.locator("#game-high-voltage select[name=seat] option[value='0']")).to_have_text(
        "Blue — moves first"
    )
    no_horizontal_scroll(page)
    screenshot(page, "lobby-form-phone")


def test_a_rematch_from_a_finished_board_and_cancelling_it(new_page, seeded):
    """Rematch is an offer (games/rematches.py) and this finished match is between two people:
    pages-alice offers it on her phone, the other player accepts on their own page, and both
    pages go to the one new match, started, one seat on. Such a match cannot be cancelled; a
    match still waiting for players, made from the finished board's "New match", can."""
    page = log_in(new_page, PHONE, "pages-alice")
    other = log_in(new_page, DESKTOP, LONG)
    finished = f"/m/{seeded[0]}/"
    page.goto(finished)
    other.goto(finished)
    controls = page.locator(".match-controls")
    expect(controls.locator("a:has-text('New match')")).to_have_attribute(
        "href", "/#game-powerdrain"
    )
    controls.locator("button:has-text('Rematch')").click()
    expect(page.locator("#rematch")).to_contain_text("waiting for")  # the long name wraps
    no_horizontal_scroll(page)
    expect(other.locator("#rematch")).to_contain_text("offers a rematch")
    other.click("#rematch button:has-text('Accept')")
    for p in (page, other):
        expect(p).not_to_have_url(re.compile(re.escape(finished) + "$"))
        expect(p.locator("#board")).to_have_attribute("data-status", "active")
    assert page.url == other.url
    expect(page.locator(".seat.you")).to_have_attribute("data-seat", "1")  # one seat on
    no_horizontal_scroll(page)
    screenshot(page, "rematch-started-phone")

    page.goto("/#game-powerdrain")  # where the finished board's "New match" leads
    expect(page.locator("#game-powerdrain details.new-match")).to_have_attribute("open", "")
    expect(page.locator("#game-hive details.new-match")).not_to_have_attribute("open", "")
    page.locator("#game-powerdrain button:has-text('Create the match')").click()
    expect(page.locator("#turn")).to_contain_text("Waiting for players")
    expect(page.locator("#invite-url")).to_be_visible()
    no_horizontal_scroll(page)
    waiting = page.url
    page.click("button:has-text('Cancel this match')")
    expect(page.locator(".flash")).to_contain_text("cancelled")
    assert page.goto(waiting).status == 404
