"""People watch two programs play through the API (docs/api.md): a spectator's page follows
every move the programs post, live, and names them as programs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.api import world
from tests.api.conftest import Client, fresh
from tests.api.play import play_all
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


def test_a_spectator_sees_two_programs_play_live(new_page, server):
    a, b = fresh("live"), fresh("show")
    made = world.run_in(
        server.env,
        {
            "users": [{"name": a, "program": True}, {"name": b, "program": True}],
            "matches": [{"game": "powerdrain", "seats": [a, b]}],
        },
    )
    match = made["matches"][0]
    page = new_page()
    page.goto(f"/m/{match}/")
    expect(page.locator(".seat").first).to_contain_text(f"{a} (BOT)")
    expect(page.locator("#board")).to_have_attribute("data-ply", "0")
    clients = {n: Client(server.url, t) for n, t in made["tokens"].items()}
    last, _ = play_all([(clients[a], match, 1), (clients[b], match, 2)])
    expect(page.locator("#board")).to_have_attribute("data-ply", "16")
    expect(page.locator("#turn")).to_contain_text(re.compile(r"won|drawn"))
    screenshot(page, "api-spectator")
    assert last["status"] in ("variantEnd", "draw")
