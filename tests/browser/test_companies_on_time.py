"""Three players of a 10+5 power-companies match: Bob (on a phone) runs out of time, leaves
with 0:00 on his clock, and Alice and Carol play on until Alice's flag falls too
(docs/rules.md §7.2, §7.3). The clocks are aged in the server's database (``age_clock``):
the test never waits out a deadline.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import age_clock, create_match, join_as_guest, rig_hidden_setup, sign_up
from tests.browser.test_high_voltage_companies_flow import OPTIONS

pytestmark = pytest.mark.browser


def test_a_seat_loses_on_time_and_the_others_play_on(new_page, server):
    alice = new_page(width=1280, height=800)
    sign_up(alice)
    public = {"rotations": OPTIONS["rotations"], "first": OPTIONS["first"]}
    invite = create_match(alice, "high-voltage-companies", options=public, players=3, time="10+5")
    rig_hidden_setup(server, invite, OPTIONS)
    bob = new_page(width=390, height=844)  # a phone
    bob_name = join_as_guest(bob, invite, "Bob")
    carol = new_page(width=1280, height=800)
    carol_name = join_as_guest(carol, invite, "Carol")
    players = [alice, bob, carol]
    public_id = carol.url.rstrip("/").rsplit("/", 1)[1]
    ply = 0

    def reveal_turn(page, at):
        """``page``'s player reveals the card at ``at``, puts it back and ends the turn; every
        page sees each move arrive."""
        nonlocal ply
        expect(page.locator("#turn")).to_have_text("Your turn.")
        page.locator(f'.hvc-card.down[data-at="{at}"]').click()
        page.locator('[data-do="place"]').click()
        page.locator("button:has-text('End turn')").click()
        ply += 3
        for other in players:
            expect(other.locator("#board")).to_have_attribute("data-ply", str(ply))

    def seat(page, index):
        return page.locator(f'#match-side .seat[data-seat="{index}"]')

    for page, at in zip(players, ["0,0", "0,1", "1,0"], strict=True):
        reveal_turn(page, at)  # every first turn is free
    reveal_turn(alice, "0,2")  # from here on, Fischer: Bob's clock runs
    expect(seat(carol, 1).locator(".clock.running")).to_have_count(1)

    age_clock(server, public_id, 1.5)
    expect(bob.locator("#turn")).to_have_text(
        "You have left this match; the others play on.", timeout=15_000
    )
    ply += 1  # the leave is logged like a move
    for page in players:
        expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))
        expect(seat(page, 1).locator(".seat-left")).to_have_text("lost on time")
        expect(seat(page, 1).locator(".clock")).to_have_text("0:00")  # not the 5 s increment
        expect(seat(page, 1).locator(".clock.running")).to_have_count(0)
        expect(page.locator("#board")).to_have_attribute("data-status", "active")
        expect(seat(page, 2).locator(".clock.running")).to_have_count(1)
        expect(page.locator('.hvc-tray.left[data-tray="1"]')).to_have_attribute(
            "title", "lost on time"
        )
        expect(page.locator(".hvc-supply")).to_contain_text("quiet 0/2")
    expect(carol.locator("#turn")).to_have_text("Your turn.")
    expect(alice.locator("#turn")).to_have_text(f"Waiting for {carol_name}.")
    expect(bob.locator("#match-controls button:has-text('Resign')")).to_have_count(0)
    screenshot(alice, "companies-on-time-left")
    screenshot(bob, "companies-on-time-left-phone")

    reveal_turn(carol, "1,2")
    expect(alice.locator("#turn")).to_have_text("Your turn.")  # Bob's turn is skipped
    age_clock(server, public_id, 1.5)
    for page in players:
        expect(page.locator("#board")).to_have_attribute("data-status", "finished", timeout=15_000)
        expect(page.locator(".hvc-final")).to_contain_text("Final reveal")
        expect(page.locator(".hvc-supply")).not_to_contain_text("quiet")  # over: nothing counts
        expect(seat(page, 0).locator(".seat-left")).to_have_text("lost on time")
        expect(seat(page, 0).locator(".clock")).to_have_text("0:00")
    expect(carol.locator("#turn")).to_have_text("You won on time!")
    expect(bob.locator("#turn")).to_have_text(f"{carol_name} won on time.")
    for index, place in enumerate(["2", "3", "1"]):  # the earlier leaver ranks lower
        row = bob.locator(f'.hvc-final tr[data-rank-seat="{index}"]')
        expect(row.locator("td").first).to_have_text(place)
    expect(bob.locator('.hvc-final tr[data-rank-seat="1"]')).to_contain_text(bob_name)
    screenshot(carol, "companies-on-time-finished")
    screenshot(bob, "companies-on-time-finished-phone")
