"""Two players set and move Hive pieces by clicking the board while a spectator watches live."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up, watch
from tests.web.support import BLOCKED, MIDGAME

pytestmark = pytest.mark.browser


def field(c) -> str:
    return ",".join(map(str, c))


def click_move(page, move) -> None:
    """Picks the source (a piece in hand or on the board), then its highlighted destination."""
    if move["type"] == "set":
        page.locator(f'.hx-reserve button[data-select="set-{move["piece"]}"]').click()
    else:
        page.locator(f'.hx-stack.movable[data-field="{field(move["from"])}"]').click()
    target = page.locator(f'.hx-target.shown[data-field="{field(move["to"])}"]')
    expect(target).to_have_count(1)
    target.click()


def test_two_players_set_and_move_pieces_while_a_spectator_watches(new_page):
    alice = new_page()
    sign_up(alice)
    invite = create_match(alice, "hive", seat="0", options={"blocked": BLOCKED})
    expect(alice.locator(".hx-field.blocked")).to_have_count(3)

    bob = new_page(width=390, height=844)  # a phone
    join_as_guest(bob, invite, "Bob")
    watcher = watch(new_page(), bob.url)
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    expect(alice.locator(".hx-round")).to_have_text("Round 1 of 30")

    players = [alice, bob]
    for ply, move in enumerate(MIDGAME):
        mover = players[ply % 2]
        expect(mover.locator("#turn")).to_have_text("Your turn.")
        expect(players[1 - ply % 2].locator(".hx-target")).to_have_count(0)
        if ply == 7:  # Bob's beetle picked on the phone: its destinations show
            bob.locator('.hx-stack.movable[data-field="2,-1,-1"]').click()
            expect(bob.locator(".hx-target.shown").first).to_be_visible()
            screenshot(bob, "hive-phone-beetle-selected")
            bob.locator('.hx-stack.movable[data-field="2,-1,-1"]').click()  # deselect again
            expect(bob.locator(".hx-target.shown")).to_have_count(0)
        click_move(mover, move)
        to = field(move["to"])
        for page in (alice, bob, watcher):  # each move arrives live, without a reload
            expect(page.locator("#board")).to_have_attribute("data-ply", str(ply + 1))
            expect(page.locator(f'.hx-stack[data-field="{to}"]')).to_have_attribute(
                "data-owner", str(ply % 2)
            )
        expect(watcher.locator(".hx-last-to")).to_have_count(1)
        if move["type"] == "drag":
            expect(watcher.locator(f'.hx-stack[data-field="{field(move["from"])}"]')).to_have_count(
                0 if ply != 9 else 1
            )
        if ply == 3:
            screenshot(alice, "hive-desktop-opening")

    # Blue's beetle climbed onto red's bee: a stack of two with its badge, seen by all.
    for page in (alice, bob, watcher):
        stack = page.locator('.hx-stack[data-field="0,0,0"]')
        expect(stack).to_have_attribute("data-height", "2")
        expect(stack).to_have_attribute("data-top", "BEETLE")
        expect(stack.locator(".hx-badge text")).to_have_text("2")
        expect(page.locator(".hx-round")).to_have_text("Round 6 of 30")
    expect(watcher.locator('.hx-reserve[data-seat="0"] [data-kind="ANT"]')).to_have_attribute(
        "data-count", "2"
    )
    # Red's turn again: pick the ant on the far side and show where it may run.
    alice.locator('.hx-stack.movable[data-field="3,-2,-1"]').click()
    expect(alice.locator(".hx-target.shown").first).to_be_visible()
    screenshot(alice, "hive-desktop-ant-selected")
    screenshot(watcher, "hive-desktop-spectator")
    screenshot(bob, "hive-phone-midgame")
