"""A finished match's page, as its player sees it at 1280x800 and on a 390x844 phone, in
English and German (whose buttons take more rows): every seat card whole, inside the players'
card and above the buttons, the moves at more than a line, and a three-player power companies
board kept at its size, its trays' long names whole (issue #54: German buttons had cut the
second card in half, a finished three-player board had shrunk to 256 px, a tray had cut a
long name and its company, "Alexandra-Schwanen…", and the final ranking on a phone broke
"Christophi-ne")."""

from __future__ import annotations

import time

import pytest

from tests.browser import seed
from tests.browser.conftest import broken_words, screenshot
from tests.browser.flows import log_in

pytestmark = pytest.mark.browser

# Each seat card's box against its players' card, the buttons below them and the move list.
BOXES = """() => {
  const box = (el) => el.getBoundingClientRect();
  const side = box(document.querySelector('.match-side'));
  const controls = box(document.querySelector('#match-controls'));
  const list = document.querySelector('.moves .move-list');
  const svg = document.querySelector('#board svg');
  return {
    side: [side.top, side.bottom, side.left, side.right],
    seats: [...document.querySelectorAll('.match-side .seat')].map((el) => {
      const b = box(el);
      return [b.top, b.bottom, b.left, b.right];
    }),
    controlsTop: controls.top,
    listHeight: box(list).height,
    listLines: list.children.length,
    board: box(svg).height,
    // A power companies tray's name and company, whole (they were cut: "Alexandra-Schwanen…").
    cut: [...document.querySelectorAll('.hvc-tray-name')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    width: document.documentElement.scrollWidth,
  };
}"""


def test_a_finished_match_shows_every_seat_whole_in_english_and_german(new_page, server):
    stamp = int(time.time() * 1000) % 10**7
    names = [f"Bernadette{stamp}", f"Christophine-{stamp}", f"Alexandra-Schwanenschmidt{stamp}"]
    two, three = seed.run_in(
        server.env,
        {
            "users": names,
            "matches": [
                {"game": "high-voltage", "finish": True},
                {"game": "high-voltage-companies", "players": 3, "finish": True},
            ],
        },
    )
    for language in ("de", "en"):
        for width, height in ((1280, 800), (390, 844)):
            page = new_page(width, height)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": server.url}]
            )
            log_in(page, names[0])
            for public_id, seats in ((two, 2), (three, 3)):
                page.goto(f"/m/{public_id}/")
                page.wait_for_selector("#match-controls a")
                got = page.evaluate(BOXES)
                screenshot(page, f"finished-{seats}p-{width}x{height}-{language}")
                assert got["width"] <= width, got
                assert len(got["seats"]) == seats
                assert got["cut"] == [], got
                if seats == 3:  # the final ranking's name of twelve letters, whole on a phone
                    name = '.hvc-ranking tr[data-rank-seat="1"] td:nth-child(2)'
                    assert broken_words(page, name) == [], width
                for top, bottom, left, right in got["seats"]:
                    assert left >= 0 and right <= width, got
                    if width == 1280:  # whole, inside its card, above the buttons
                        assert got["side"][0] <= top and bottom <= got["side"][1], got
                        assert bottom <= got["controlsTop"], got
                if width == 1280:
                    # More than a line of moves, a board that kept its size.
                    assert got["listHeight"] >= min(got["listLines"], 4) * 20, got
                    assert got["board"] >= 380, got
