"""The ladder page of a game with programs that played on it: the standings with each
rating's picture, the recent matches, the queue; it shows new matches without a reload; it
fits a desktop and a phone, in English and German. A program's owner joins and leaves from
its profile."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import broken_words, screenshot
from tests.browser.test_layout import DESKTOP, PHONE, log_in, no_horizontal_scroll
from tooling import ladder_world

pytestmark = pytest.mark.browser

PROGRAMS = ["ladder-alpha", "ladder-beta", "ladder-gamma-with-a-rather-long-name", "ladder-delta"]


@pytest.fixture(scope="module")
def ladder(server):
    # Three rounds and one more below: 8 matches a program, fewer than the leaderboard's 10,
    # which the session's other tests expect empty (tests/browser/test_ratings_flow.py).
    spec = {"game": "powerdrain", "programs": PROGRAMS, "rounds": 3, "seed": 3}
    assert ladder_world.run_in(server.env, spec) >= 8
    return spec


def counts(page) -> int:
    return sum(int(t) for t in page.locator(".ladder-row td:nth-child(4)").all_inner_texts())


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_ladder_page_fits_and_speaks_both_languages(new_page, ladder, size, language):
    page = new_page(*size)
    if language == "de":
        page.goto("/")
        page.click('.language-switch button[value="de"]')
    page.goto("/ladder/powerdrain/")
    heading = "Powerdrain ladder" if language == "en" else "Rangleiter Powerdrain"
    expect(page.locator("h1")).to_have_text(heading)
    # The number in brackets beside each rating, the ladder's order, is explained.
    expect(page.locator(".ladder > p")).to_contain_text(
        "sure of (in brackets)" if language == "en" else "sicher ist (in Klammern)"
    )
    # The programs and the three computer levels, the references the page says stand there.
    expect(page.locator(".ladder-row")).to_have_count(len(PROGRAMS) + 3)
    if size == DESKTOP:
        expect(page.locator(".rating-picture polyline").first).to_be_visible()
    page.locator("details.recent summary").first.click()
    expect(page.locator("details.recent li").first).to_be_visible()
    no_horizontal_scroll(page)
    # A name breaks at its hyphens; "(Programm)" keeps whole (its ")" fell onto a line alone).
    assert broken_words(page, ".ladder-row a.player") == []
    screenshot(page, f"ladder-{language}-{'phone' if size == PHONE else 'desktop'}")


def test_new_ladder_matches_show_without_a_reload(new_page, ladder, server):
    page = new_page(*DESKTOP)
    page.goto("/ladder/powerdrain/")
    before = counts(page)
    ladder_world.run_in(server.env, {**ladder, "rounds": 1, "seed": 9})
    page.wait_for_function(
        "before => [...document.querySelectorAll('.ladder-row td:nth-child(4)')]"
        ".reduce((sum, td) => sum + Number(td.textContent), 0) > before",
        arg=before,
        timeout=15_000,
    )


def test_a_program_joins_and_leaves_from_its_profile(new_page, ladder, server):
    page = log_in(new_page, DESKTOP, PROGRAMS[0])
    page.goto(f"/accounts/u/{PROGRAMS[0]}/")
    row = page.locator('#ladder tr[data-game="hive"]')
    row.get_by_role("button", name="Join").click()
    expect(page.locator('#ladder tr[data-game="hive"] .state')).to_have_text("checking")
    page.locator('#ladder tr[data-game="hive"]').get_by_role("button", name="Leave").click()
    expect(page.locator('#ladder tr[data-game="hive"]')).to_contain_text("off")
    screenshot(page, "ladder-profile-desktop")
