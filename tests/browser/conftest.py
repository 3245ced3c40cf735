"""A real Daphne server and Debian's Chromium driven by Playwright.

The server runs as its own process on a fresh database, exactly as `make run`
serves it (tooling/servers.py: DEBUG off, static files collected once a session and
served by WhiteNoise, the background worker beside it), so these tests see what a
user sees: HTTP, WebSockets, error pages and all.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tooling.servers import ROOT, Server, isolated_env

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    # Lobby lists refresh every second here, so tests see new matches without waiting long;
    # computers playing each other move every 0.3 s, so a whole match fits a test's patience.
    # Challenges at the top of every page are polled every second too.
    fast = {
        "LOBBY_REFRESH_SECONDS": "1",
        "PRESENCE_POLL_SECONDS": "1",
        "BOT_PACE_SECONDS": "0.3",
        "CHALLENGE_POLL_SECONDS": "1",
        # A tournament's next round opens 3 s after the last one ended (15 s by default).
        "TOURNAMENT_ROUND_PAUSE_SECONDS": "3",
        # A socket's chat lines come back one per 20 s after its burst of three (one per 2 s by
        # default): the chat test's fourth line is refused however slowly a loaded machine
        # lets its first three go out.
        "CHAT_SOCKET_PER_SECOND": "0.05",
        # Every test signs up its people from this one address within the hour.
        "SIGNUPS_PER_ADDRESS_PER_HOUR": "10000",
        # The ladder page refreshes every second; the worker schedules no ladder rounds of its
        # own, the ladder test plays its rounds itself (tooling/ladder_world.py).
        "LADDER_REFRESH_SECONDS": "1",
        "LADDER_ROUND_SECONDS": "3600",
        # A computer analysis at a third of the analysis budget: a Hive match in seconds, yet
        # long enough that its progress shows.
        "ANALYSIS_BUDGET": "0.3",
    }
    srv = Server(
        tmp_path_factory.mktemp("server"),
        {**isolated_env("browser"), **fast},
        worker=True,
    )
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Debian's chromium is required at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import expect, sync_playwright

    # Assertions wait as long as actions do (new_page): a loaded CI machine answers slower,
    # and a wrong page still fails, only later.
    expect.set_options(timeout=10_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, server):
    """Opens pages in separate contexts (separate cookie jars: separate people)."""
    contexts = []

    def open_page(width=1280, height=900):
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=server.url
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# Words inside the elements ``selector`` picks that the browser laid out on more than one line
# (a hyphen, or a soft one, may end a line: "Bernadette-" and "Schwanenschmidt" are two words
# here).
BROKEN_WORDS = """(selector) => {
  // Each character's own box: a range's first box can be the hyphen drawn before it.
  const box = (node, i) => {
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rects = [...range.getClientRects()];
    return rects[rects.length - 1];
  };
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\u00ad-]+[\u00ad-]?/g)) {
        const boxes = [];
        for (let i = m.index; i < m.index + m[0].length; i++) {
          const b = box(node, i);
          if (b && b.width > 0) boxes.push(b);
        }
        const tops = boxes.map((b) => b.top);
        const line = Math.min(...boxes.map((b) => b.height));
        if (Math.max(...tops) - Math.min(...tops) > line / 2) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def broken_words(page, selector: str) -> list[str]:
    """The words broken across lines inside ``selector``'s elements (BROKEN_WORDS)."""
    return page.evaluate(BROKEN_WORDS, selector)
