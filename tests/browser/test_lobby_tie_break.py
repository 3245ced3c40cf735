"""A lobby row of a Powerdrain match won 4 : 4 on total voltage says so after its score, in
English and German, at 1280x800 and on a 390x844 phone (issue #54: the row said a bare
"won 4 : 4"), the tie-break's word whole and inside the row."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser import seed
from tests.browser.conftest import broken_words, screenshot
from tests.browser.flows import log_in

pytestmark = pytest.mark.browser

# Seed 32's random plies end 4 : 4 in active plugs, seat 0 ahead on total voltage
# (docs/rules.md §6), so the row's score is equal and its winner is decided by the tie-break.
TIED = {"game": "powerdrain", "finish": True, "seed": 32}

# The tie-break's box, its row's and the page's width, read in one go: the lobby's lists are
# swapped in anew every second.
BOXES = """(id) => {
  const link = document.querySelector(`#lists a.meta[href*="${id}"]`);
  const row = link.closest('.match-row').getBoundingClientRect();
  const said = link.querySelector('.tie-break').getBoundingClientRect();
  return {row: [row.left, row.right], said: [said.left, said.right, said.width],
          width: document.documentElement.scrollWidth};
}"""


def test_a_lobby_row_won_on_the_tie_break_names_it(new_page, server):
    stamp = int(time.time() * 1000) % 10**7
    names = [f"Mechthild{stamp}", f"Walburga{stamp}"]
    (match,) = seed.run_in(server.env, {"users": names, "matches": [TIED]})
    page = new_page(1280, 800)
    log_in(page, names[0])
    words = {
        "en": ("won", "4\u00a0:\u00a04 (voltage)"),
        "de": ("gewonnen", "4\u00a0:\u00a04 (Gesamtspannung)"),
    }
    for language, (result, said) in words.items():
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": server.url}]
        )
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto("/")
            row = page.locator(f'#lists a.meta[href*="{match}"]')
            expect(row.locator(".tie-break")).to_be_visible()
            expect(row).to_have_text(f"{result} {said}")
            got = page.evaluate(BOXES, match)
            screenshot(page, f"lobby-tie-break-{width}x{height}-{language}")
            assert got["width"] <= width, got
            left, right, size = got["said"]
            assert size > 0 and got["row"][0] <= left and right <= got["row"][1], got
            assert broken_words(page, f'#lists a.meta[href*="{match}"] .tie-break') == []
