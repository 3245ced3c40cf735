"""Three players of a 10+5 power-companies match leave it both ways a player can be made to
(docs/rules.md §7.2–7.4): Bob (on a phone) runs out of time and leaves with 0:00 on his
clock while Alice and Carol play on; then Alice closes her page on her turn, and Carol, once
Alice has been away a minute, claims victory. The clock and the absence are aged in the
server's database (``age_clock``, ``age_absence``): the test never waits out a deadline.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import age_clock, create_match, join_as_guest, rig_hidden_setup, sign_up
from tests.browser.test_claim_and_presence import age_absence
from tests.browser.test_high_voltage_companies_flow import OPTIONS

pytestmark = pytest.mark.browser


def test_a_seat_loses_on_time_the_others_play_on_and_one_claims_the_absent(new_page, server):
    alice = new_page(width=1280, height=800)
    alice_name = sign_up(alice)
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
    screenshot(alice, "companies-leaving-on-time")
    screenshot(bob, "companies-leaving-on-time-phone")

    reveal_turn(carol, "1,2")
    expect(alice.locator("#turn")).to_have_text("Your turn.")  # Bob's turn is skipped
    alice.context.close()  # Alice walks away on her turn
    players = [bob, carol]
    wait, claim = carol.locator("[data-claim-wait]"), carol.locator("[data-claim]")
    expect(wait).to_contain_text(
        re.compile(rf"{re.escape(alice_name)} is away: claim victory in\s(\d|[1-5]\d|60)\ss")
    )
    expect(claim).to_be_hidden()
    expect(bob.locator("[data-claim], [data-claim-wait]")).to_have_count(0)  # Bob has left
    age_absence(server, carol.url, 0, 61)
    expect(claim).to_be_visible()
    expect(claim).to_have_text("Claim victory")  # two players are still in
    expect(wait).to_be_hidden()
    screenshot(carol, "companies-leaving-claim")
    claim.click()
    ply += 1
    for page in players:
        expect(page.locator("#board")).to_have_attribute("data-status", "finished")
        expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))
        expect(page.locator(".hvc-final")).to_contain_text("Final reveal")
        expect(page.locator(".hvc-supply")).not_to_contain_text("quiet")  # over: nothing counts
        expect(seat(page, 0).locator(".seat-left")).to_have_text("left (abandoned)")
        expect(seat(page, 0).locator(".clock.running")).to_have_count(0)
        expect(seat(page, 1).locator(".seat-left")).to_have_text("lost on time")
        expect(seat(page, 2)).to_have_class(re.compile(r"\bwinner\b"))
        expect(page.locator(".seat.winner")).to_have_count(1)
        for index, place in enumerate(["2", "3", "1"]):  # the earlier leaver ranks lower
            row = page.locator(f'.hvc-final tr[data-rank-seat="{index}"]')
            expect(row.locator("td").first).to_have_text(place)
    expect(carol.locator("#turn")).to_have_text("You won as the others left!")
    expect(bob.locator("#turn")).to_have_text(f"{carol_name} won as the others left.")
    expect(bob.locator('.hvc-final tr[data-rank-seat="1"]')).to_contain_text(bob_name)
    screenshot(carol, "companies-leaving-finished")
    screenshot(bob, "companies-leaving-finished-phone")
