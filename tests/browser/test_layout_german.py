"""The boards' layouts hold in German too (issue #30): German words are longer than English
ones, so every running match is opened at 1280×800 and 390×844 by a viewer reading German,
with the same checks as tests/browser/test_layout.py; screenshots land in test-artifacts/."""

import pytest
from playwright.sync_api import expect

from tests.browser import test_layout
from tests.browser.conftest import broken_words, screenshot
from tests.browser.test_layout import (
    DESKTOP,
    GAMES,
    PHONE,
    box,
    inside_viewport,
    log_in,
    no_horizontal_scroll,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seeded(server):
    """test_layout's matches, seeded again for this module and deleted after it, so the live
    lists of the tests after it (the watch page) hold no more matches than before."""
    running, finished = test_layout.seeded.__wrapped__(server)
    yield running, finished
    ids = [*running.values(), *finished.values()]
    code = f"from games.models import Match; Match.objects.filter(public_id__in={ids!r}).delete()"
    server.shell(code)


def in_german(page, url):
    """The switch's cookie, as a browser that chose Deutsch in the header has it."""
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": url}])
    return page


@pytest.mark.parametrize("slug", [g[0] for g in GAMES])
def test_a_running_board_fits_in_german(new_page, server, seeded, slug):
    running, _ = seeded
    page = in_german(log_in(new_page, DESKTOP), server.url)
    page.goto(f"/m/{running[slug]}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".moves h2")).to_contain_text("Züge")
    expect(page.locator("#conn")).to_have_text("live")
    for selector in (".board-svg", ".seats", "#turn", ".moves", ".move-list li.current"):
        inside_viewport(page, selector, DESKTOP)
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP[1]
    screenshot(page, f"layout-de-{slug}-desktop")

    phone = in_german(log_in(new_page, PHONE), server.url)
    phone.goto(f"/m/{running[slug]}/")
    expect(phone.locator("#conn")).to_have_text("live")
    no_horizontal_scroll(phone)
    tops = [box(phone, s)["y"] for s in (".seats", "#turn", ".board-svg", ".moves")]
    assert tops == sorted(tops)
    screenshot(phone, f"layout-de-{slug}-phone")


@pytest.mark.parametrize("path", ["/", "/watch/", "/history/", "/accounts/login/", "/m/import/"])
def test_pages_fit_a_phone_in_german(new_page, server, seeded, path):
    page = in_german(new_page(*PHONE), server.url)
    page.goto(path)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    screenshot(page, "page-de-" + (path.strip("/").replace("/", "-") or "lobby") + "-phone")
    no_horizontal_scroll(page)
    # A long German word in a heading breaks where its soft hyphen is, not anywhere
    # ("Spielaufzeichnun|g importieren").
    assert broken_words(page, "h1, h2") == []
