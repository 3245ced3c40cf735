"""The top bar keeps to one line at 1280x800 and on a 390x844 phone, in English and German,
for a visitor and for a member with a long name: the links, the account and the language
switch side by side, nothing pushed onto a second line or off the page. Screenshots of each
land in test-artifacts/."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tooling.world import run_in

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (390, 844))


def _one_line(page) -> None:
    """Every item of the bar shares one row: their middles within a few pixels."""
    middles = page.evaluate(
        """() => [...document.querySelectorAll('.topbar .brand, .topbar nav > *')]
        .filter(e => e.getClientRects().length)
        .map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })"""
    )
    assert max(middles) - min(middles) < 6, middles
    bar = page.locator(".topbar").bounding_box()
    assert bar["height"] <= 52, bar  # --topbar-h (3rem) and its border: match pages fit under it


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_top_bar_fits_one_line_for_a_visitor_and_a_long_name(new_page, server, language):
    name = f"maximiliane{int(time.time() * 1000) % 10**6}-von-lichtenberg"
    run_in(server.env, {"users": [{"name": name, "token": False}]})
    for width, height in SIZES:
        for who in ("visitor", "member"):
            page = new_page(width, height)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": server.url}]
            )
            if who == "member":
                page.goto("/accounts/login/")
                page.fill("#id_username", name)
                page.fill("#id_password", "a-long-Passw0rd!")
                page.click("main form button.button")
                expect(page.locator(".topbar .who")).to_be_visible()
            page.goto("/")
            _one_line(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            shown = page.locator(".topbar nav a, .topbar nav button").all()
            for link in [x for x in shown if x.is_visible()]:
                box = link.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
            screenshot(page, f"topbar-{who}-{width}x{height}-{language}")
