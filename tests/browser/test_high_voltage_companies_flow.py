"""Three friends play High Voltage (power companies) in the browser while a fourth watches.

A fixed setup puts four corner cards that close the line N1 → W0 once all are face up:
each player reveals and places one, the fourth placement closes the line, it is declared
and scores on the track; three quiet turns (rotate, move into the gap, swap) end the game.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, rig_hidden_setup, sign_up, watch

pytestmark = pytest.mark.browser

FIXED = [24, 0, 2, 3, 4, 5, 6, 25, 26]
OPTIONS = {
    "cards": FIXED + [c for c in range(48) if c not in FIXED],
    "rotations": [0, 0, 0, 0],
    "companies": ["red", "yellow", "blue"],
    "first": 0,
}


def test_three_players_reveal_turn_move_swap_declare_and_see_the_final_reveal(new_page, server):
    alice = new_page()
    host = sign_up(alice)
    public = {"rotations": OPTIONS["rotations"], "first": OPTIONS["first"]}
    invite = create_match(alice, "high-voltage-companies", options=public, players=3)
    rig_hidden_setup(server, invite, OPTIONS)
    bob = new_page(width=390, height=844)  # a phone
    join_as_guest(bob, invite, "Bob")
    carol = new_page()
    join_as_guest(carol, invite, "Carol")
    watcher = watch(new_page(), carol.url)
    players = [alice, bob, carol]
    everyone = [*players, watcher]
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    for page, company in zip(players, ["Red", "Yellow", "Blue"], strict=True):
        expect(page.locator(".hvc-company")).to_contain_text(f"Your secret company: {company}")
    expect(watcher.locator(".hvc-company")).to_have_count(0)
    ply = 0

    def played(count=1):
        nonlocal ply
        ply += count
        for page in everyone:  # every move arrives live, without a reload
            expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))

    def reveal_and_place(page, at, turns_left=0):
        page.locator(f'.hvc-card.down[data-at="{at}"]').click()
        played()
        hand = page.locator("[data-hand-card]")
        expect(hand).to_have_count(1)
        for other in everyone:
            if other is not page:
                expect(other.locator("[data-hand-card]")).to_have_count(0)
                expect(other.locator(f'.hvc-empty.lifted[data-at="{at}"]')).to_have_count(1)
        for _ in range(turns_left):
            page.locator('[data-rot="hand"][data-step="-1"]').click()
        return hand

    # Alice reveals the corner card, tries the rotation buttons (the preview turns), places it.
    hand = reveal_and_place(alice, "0,0")
    expect(hand).to_have_attribute("data-hand-card", "24")
    alice.locator('[data-rot="hand"][data-step="1"]').click()
    expect(hand.locator(".hvc-face")).to_have_attribute("style", re.compile(r"rotate\(90deg\)"))
    alice.locator('[data-rot="hand"][data-step="-1"]').click()
    expect(hand.locator(".hvc-face")).to_have_attribute("style", re.compile(r"rotate\(0deg\)"))
    alice.locator(".hvc-empty.gap").click()  # the ghost card moves to the gap…
    expect(alice.locator('[data-do="place"]')).to_have_text("Place the card in the gap")
    alice.locator('[data-place="0,0"]').click()  # …and back onto its own place
    screenshot(alice, "high-voltage-companies-placing")
    alice.locator('[data-do="place"]').click()
    played()
    expect(watcher.locator('.hvc-card.up[data-at="0,0"]')).to_have_attribute("data-card", "24")
    alice.locator("button:has-text('End turn')").click()
    played()

    expect(bob.locator("#turn")).to_have_text("Your turn.")
    reveal_and_place(bob, "0,1")
    bob.locator('[data-do="place"]').click()
    played()
    bob.locator("button:has-text('End turn')").click()
    played()

    reveal_and_place(carol, "1,0")
    carol.locator('[data-do="place"]').click()
    played()
    carol.locator("button:has-text('End turn')").click()
    played()

    # Alice's card closes N1 → W0: she turns it left once (N–W) and declares the line.
    reveal_and_place(alice, "1,1", turns_left=1)
    alice.locator('[data-do="place"]').click()
    played()
    declare = alice.locator("button:has-text('Declare N1 → W0')")
    expect(declare).to_be_visible()
    expect(alice.locator(".hvc-line")).to_have_count(1)
    for page in (bob, carol, watcher):
        expect(page.locator("button:has-text('Declare')")).to_have_count(0)
    declare.click()
    played()
    for page in everyone:  # red 3, yellow 2, blue 1 segments: the markers move on the track
        expect(page.locator('[data-company-marker="red"]')).to_have_attribute("data-points", "3")
        expect(page.locator('[data-company-marker="yellow"]')).to_have_attribute("data-points", "2")
        expect(page.locator('[data-company-marker="blue"]')).to_have_attribute("data-points", "1")
        expect(page.locator(".hvc-chip.hv")).to_have_count(4)
    screenshot(watcher, "high-voltage-companies-declared-spectator")
    alice.locator("button:has-text('End turn')").click()
    played()

    # Bob turns a face-up card (the preview rotates before he confirms).
    card = bob.locator('.hvc-card.up[data-at="0,1"]')
    card.click()
    expect(bob.locator('[data-do="rotate"]')).to_be_disabled()  # same look: nothing to turn yet
    bob.locator('[data-rot="a"][data-step="1"]').click()
    expect(card.locator(".hvc-face")).to_have_attribute("style", re.compile(r"rotate\(90deg\)"))
    bob.wait_for_timeout(300)  # let the turning preview finish its animation
    screenshot(bob, "high-voltage-companies-rotating-phone")
    bob.locator('[data-do="rotate"]').click()
    played()
    expect(watcher.locator('.hvc-card.up[data-at="0,1"]')).to_have_attribute("data-rot", "1")
    bob.locator("button:has-text('End turn')").click()
    played()

    # Carol moves a card into the gap: it spends one of her five action chips.
    carol.locator('.hvc-card.up[data-at="1,0"]').click()
    carol.locator(".hvc-empty.gap").click()
    played()
    expect(watcher.locator('.hvc-card.up[data-at="3,3"]')).to_have_attribute("data-card", "25")
    expect(watcher.locator('[data-tray="2"] .hvc-action.used')).to_have_count(1)
    carol.locator("button:has-text('End turn')").click()
    played()

    # Alice swaps two cards; a third turn in a row without reveal or declaration ends the game.
    alice.locator('.hvc-card.up[data-at="0,0"]').click()
    alice.locator('.hvc-card.up[data-at="0,1"]').click()
    alice.locator('[data-do="swap"]').click()
    played()
    expect(watcher.locator('.hvc-card.up[data-at="0,1"]')).to_have_attribute("data-card", "24")
    alice.locator("button:has-text('End turn')").click()
    played()

    for page in everyone:
        final = page.locator(".hvc-final")
        expect(final).to_contain_text("Final reveal")
        expect(final.locator("[data-final-company]")).to_have_count(3)
        expect(final.locator("tr.winner")).to_contain_text(host)
        expect(final.locator('tr[data-rank-seat="1"]')).to_contain_text("Yellow")
    expect(alice.locator("#turn")).to_contain_text("You won")
    screenshot(watcher, "high-voltage-companies-finished")
    screenshot(bob, "high-voltage-companies-finished-phone")
