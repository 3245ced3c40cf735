"""Issue #29 in a real browser: a rematch between two people, each clicking once, and a
spectator pausing, stepping and resuming a computer-only match at their own pace."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up, watch

pytestmark = pytest.mark.browser


def test_a_rematch_between_two_people_each_clicking_once(new_page):
    alice, bob = new_page(), new_page()
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite, "bob")
    old = bob.url
    expect(alice.locator("#board")).to_have_attribute("data-status", "active")
    alice.on("dialog", lambda dialog: dialog.accept())
    alice.click("button:has-text('Resign')")
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "finished")

    alice.click("#match-controls button:has-text('Rematch')")  # alice's one click
    expect(alice.locator("#rematch")).to_contain_text("waiting for")
    expect(bob.locator("#rematch")).to_contain_text("offers a rematch")
    screenshot(bob, "rematch-offered")
    bob.click("#rematch button:has-text('Accept')")  # bob's one click

    # Both pages go to the one new match, started, the seats turned round.
    for page in (alice, bob):
        expect(page).not_to_have_url(old)
        expect(page.locator("#board")).to_have_attribute("data-status", "active")
    assert alice.url == bob.url
    expect(bob.locator("#board.my-turn")).to_be_visible()  # bob was seat 1, now seat 0
    expect(alice.locator("#board.my-turn")).to_have_count(0)


def test_a_spectator_pauses_steps_and_resumes_the_computer(new_page):
    host = new_page()
    sign_up(host)
    host.goto("/")
    card = host.locator("#game-hive")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=opponent]").select_option("watch-easy")
    card.locator("button:has-text('Create the match')").click()
    expect(host.locator("#board")).to_be_visible()

    spectator = watch(new_page(), host.url)
    board = spectator.locator("#board")
    pace = spectator.locator("#watch-pace")
    expect(board).not_to_have_attribute("data-ply", "0")
    pace.locator("button[data-pace=pause]").click()
    held = board.get_attribute("data-ply")
    # The computer goes on moving (every 0.3 s): its positions wait in line, the board holds.
    expect(pace.locator("output")).to_have_attribute("data-waiting", re.compile(r"^([3-9]|\d\d+)$"))
    expect(board).to_have_attribute("data-ply", held)
    expect(pace.locator("output")).to_contain_text("paused")
    screenshot(spectator, "computer-paused")

    pace.locator("button[data-pace=step]").click()  # exactly the next position
    expect(board).to_have_attribute("data-ply", str(int(held) + 1))
    spectator.wait_for_timeout(500)
    expect(board).to_have_attribute("data-ply", str(int(held) + 1))

    pace.locator("button[data-pace=faster]").click()
    spectator.evaluate(RECORD_PLIES)
    pace.locator("button[data-pace=pause]").click()  # go on, faster, until caught up
    expect(pace.locator("output")).to_have_attribute("data-waiting", "0", timeout=30_000)
    seen = spectator.evaluate("window.shownPlies")
    assert seen[0] == int(held) + 1, seen
    # Every position was shown in turn: none skipped while catching up.
    assert all(b - a == 1 for a, b in zip(seen, seen[1:], strict=False)), seen
    assert len(seen) >= 3, seen


# Each ply the board shows, recorded by the page as the board is swapped in (replaced whole,
# so the document is watched): a position shown for a moment is still counted, where polling
# from the test missed one with two browser tests at once (it saw [3, 4, 6]).
RECORD_PLIES = """() => {
  window.shownPlies = [Number(document.getElementById("board").dataset.ply)];
  new MutationObserver(() => {
    const board = document.getElementById("board");
    const ply = board && Number(board.dataset.ply);
    if (board && ply !== window.shownPlies.at(-1)) window.shownPlies.push(ply);
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""
