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
