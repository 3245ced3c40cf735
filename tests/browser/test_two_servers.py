"""The scale path: two Daphne processes share PostgreSQL and Redis.

A move made through one server reaches people connected to the other. Runs in
the second CI pass (`make test-scale`), where DATABASE_URL and REDIS_URL are set.
"""

import os

import pytest
from playwright.sync_api import expect

from tests.browser.flows import create_match, join_as_guest, sign_up
from tooling.servers import Server, isolated_env

pytestmark = [
    pytest.mark.browser,
    pytest.mark.scale,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="needs DATABASE_URL and REDIS_URL (make test-scale)",
    ),
]


@pytest.fixture
def two_servers(tmp_path):
    env = isolated_env("two")
    first, second = Server(tmp_path / "a", env), Server(tmp_path / "b", env)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first.migrate()
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def test_a_move_through_one_server_reaches_viewers_on_the_other(browser, two_servers):
    first, second = two_servers
    alice = browser.new_context(base_url=first.url).new_page()
    bob = browser.new_context(base_url=second.url).new_page()
    watcher = browser.new_context(base_url=second.url).new_page()
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite.replace(first.url, second.url), "Bob")
    watcher.goto(bob.url)
    expect(watcher.locator("#conn")).to_have_text("live")
    expect(alice.locator("#turn")).to_have_text("Your turn.")  # Bob's join crossed servers

    alice.locator(".pd-cell.target").first.click()  # through the first server
    for page in (bob, watcher):  # connected to the second
        expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob.locator("#turn")).to_have_text("Your turn.")
    bob.locator(".pd-cell.target").last.click()  # and back
    expect(alice.locator("#board")).to_have_attribute("data-ply", "2")
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    for page in (alice, bob, watcher):
        page.context.close()
