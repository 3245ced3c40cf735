"""A German browser gets the table in German, and the header's switch changes it."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


@pytest.fixture
def german_page(browser, server):
    """A browser whose language is German (its Accept-Language says so)."""
    context = browser.new_context(
        locale="de-DE", viewport={"width": 1280, "height": 900}, base_url=server.url
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_a_german_browser_reads_the_lobby_and_the_rules_in_german(german_page):
    page = german_page
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    nav = page.locator("header.topbar nav")
    expect(nav.get_by_role("link", name="Zuschauen")).to_be_visible()
    expect(nav.get_by_role("link", name="Anmelden")).to_be_visible()
    expect(page.get_by_text("Setze Strommasten auf ein Feld von 24×24")).to_be_visible()
    screenshot(page, "languages-lobby-de")

    page.goto("/games/hive/rules/")
    expect(page.get_by_role("heading", name="Entscheidungen an diesem Tisch")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Bienenkönigin")
    screenshot(page, "languages-rules-de")

    # The switch: English is remembered over the browser's German, page after page.
    page.locator(".language-switch").get_by_role("button", name="English").click()
    expect(page).to_have_url("/games/hive/rules/")
    expect(page.locator("main")).to_contain_text("Surround the opposing bee")
    page.goto("/")
    expect(nav.get_by_role("link", name="Watch")).to_be_visible()
    page.locator(".language-switch").get_by_role("button", name="Deutsch").click()
    expect(nav.get_by_role("link", name="Zuschauen")).to_be_visible()
