"""The computer and the clock, in Debian's Chromium against a real Daphne and a real worker.

- A person plays a whole Powerdrain match against Easy.
- A spectator watches a computer-vs-computer Powerdrain match live to its end.
- A 1+0 Powerdrain match is lost on time while the loser's tab is closed: the worker's
  flag falls with nobody of the loser's connected, and the winner and a spectator see it
  live. The clock is aged in the server's database (as if 58 seconds had passed) and the
  flag rescheduled exactly as a move would, so the test never waits out a real minute.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import age_clock, join_as_guest, sign_up, watch

pytestmark = pytest.mark.browser


def new_from_lobby(page, slug: str, *, seat="0", opponent="people", time="none") -> None:
    page.goto("/")
    card = page.locator(f"#game-{slug}")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=seat]").select_option(seat)
    card.locator("select[name=opponent]").select_option(opponent)
    card.locator("select[name=time_control]").select_option(time)
    card.locator("button:has-text('Create the match')").click()
    expect(page.locator("#board")).to_be_visible()


def test_a_person_plays_a_whole_powerdrain_match_against_easy(new_page):
    page = new_page()
    sign_up(page)
    new_from_lobby(page, "powerdrain", opponent="easy")
    expect(page.locator("#match-side .bot-mark")).to_have_count(1)
    # The computer has no page open, but it is always here (and never claimable).
    computer_seat = page.locator("#match-side .seat[data-seat]", has=page.locator(".bot-mark"))
    expect(computer_seat).to_have_attribute("title", "connected")
    for _ in range(8):
        expect(page.locator("#board.my-turn")).to_be_visible(timeout=20_000)
        ply = page.locator("#board").get_attribute("data-ply")
        page.locator("#board .pd-cell.target").first.click()
        # The move landed (the computer may answer before "my turn" is seen to go).
        expect(page.locator("#board")).not_to_have_attribute("data-ply", ply)
    expect(page.locator("#board")).to_have_attribute("data-status", "finished", timeout=20_000)
    expect(page.locator("#board")).to_have_attribute("data-ply", "16")
    expect(page.locator("#turn")).to_contain_text(re.compile(r"won|drawn"))  # voltages may tie
    screenshot(page, "computer-powerdrain-finished")


def test_a_spectator_watches_the_computer_play_itself_to_the_end(new_page):
    host = new_page()
    sign_up(host)
    # Powerdrain: its 16 plies end in seconds at the computers' pace (a Hive match took 65 s).
    new_from_lobby(host, "powerdrain", opponent="watch-easy")
    expect(host.locator(".spectating")).to_be_visible()
    spectator = watch(new_page(width=390, height=844), host.url)
    seen = set()
    board = spectator.locator("#board")
    for _ in range(600):
        seen.add(int(board.get_attribute("data-ply")))
        if board.get_attribute("data-status") == "finished":
            break
        spectator.wait_for_timeout(100)
    expect(board).to_have_attribute("data-status", "finished")
    # The computer plays fast: a spectator polling ten times a second sees a few positions.
    assert len(seen) >= 3, f"the spectator saw too few positions live: {sorted(seen)}"
    expect(spectator.locator("#match-side .bot-mark")).to_have_count(2)
    screenshot(spectator, "computer-powerdrain-watched-phone")


def test_a_clock_runs_out_while_the_losers_tab_is_closed(new_page, server):
    alice = new_page()
    sign_up(alice)
    new_from_lobby(alice, "powerdrain", time="1+0")
    invite = alice.locator("#invite-url").input_value()
    bob = new_page(width=390, height=844)
    join_as_guest(bob, invite, "Bob")
    expect(alice.locator("#board.my-turn")).to_be_visible()
    # A first move costs no time (docs/rules.md §7.3): no clock runs until it is made.
    expect(alice.locator("#match-side .first-move")).to_have_count(1)
    expect(alice.locator("#match-side .clock.running")).to_have_count(0)
    spectator = watch(new_page(), alice.url)
    alice.locator("#board .pd-cell.target").first.click()
    expect(bob.locator("#board.my-turn")).to_be_visible()
    bob.locator("#board .pd-cell.target").first.click()
    expect(alice.locator("#board.my-turn")).to_be_visible()
    expect(alice.locator("#match-side .clock.running")).to_have_count(1)
    public_id = alice.url.rstrip("/").rsplit("/", 1)[1]
    alice.context.close()  # the player to move walks away
    age_clock(server, public_id, 1.5)
    for page in (bob, spectator):
        expect(page.locator("#board")).to_have_attribute("data-status", "finished", timeout=15_000)
        expect(page.locator("#turn")).to_contain_text("on time")
    expect(bob.locator("#turn")).to_contain_text("You won")
    screenshot(bob, "clock-won-on-time-phone")
