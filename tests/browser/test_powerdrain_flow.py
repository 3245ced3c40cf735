"""Two friends play a whole Powerdrain match in the browser while a third person watches."""

import re

import pytest
from playwright.sync_api import expect

from games.powerdrain.engine import ENGINE, State
from tests.browser.conftest import screenshot
from tests.browser.flows import join_as_guest, sign_up, watch

pytestmark = pytest.mark.browser


def board_position(page) -> State:
    """Rebuilds the finished position from what the page shows, for an independent outcome."""
    svg = page.locator("svg.powerdrain")
    rows = [int(v) for v in svg.get_attribute("data-rows").split(",")]
    cols = [int(v) for v in svg.get_attribute("data-cols").split(",")]
    board = [[None] * 5 for _ in range(5)]
    for cell in page.locator(".pd-cell[data-plug]").all():
        r, c = map(int, cell.get_attribute("data-cell").split("-"))
        board[r][c] = (cell.get_attribute("data-plug"), int(cell.get_attribute("data-owner")))
    return State(rows=tuple(rows), cols=tuple(cols), pile=(), draft=False,
                 board=tuple(map(tuple, board)))  # fmt: skip


def test_friends_play_a_full_match_while_a_spectator_watches_live(new_page):
    alice = new_page()
    host = sign_up(alice)
    alice.goto("/")
    card = alice.locator("#game-powerdrain")
    card.locator("summary:has-text('New Powerdrain match')").click()
    card.locator("select[name=seat]").select_option("0")
    card.locator("button:has-text('Create the match')").click()
    expect(alice.locator("#turn")).to_contain_text("Waiting for players")
    invite = alice.locator("#invite-url").input_value()
    screenshot(alice, "powerdrain-waiting")
    waiting_only = alice.locator(".seat-bot, .cancel-match, .invite")
    expect(waiting_only).to_have_count(3)

    bob = new_page(width=390, height=844)  # a phone
    bob_name = join_as_guest(bob, invite, "Bob")
    expect(bob.locator("#turn")).to_contain_text(f"Waiting for {host}")
    match_url = bob.url

    watcher = watch(new_page(), match_url)
    expect(alice.locator("#turn")).to_have_text("Your turn.")  # pushed when bob joined
    for control in waiting_only.all():  # the waiting room's controls go with it
        expect(control).to_be_hidden()

    players = [alice, bob]
    for ply in range(16):
        mover = players[ply % 2]
        expect(mover.locator("#turn")).to_have_text("Your turn.")
        # Alice fills from the top, Bob from the bottom: they never touch, so the voltage
        # tie-break decides (a draw is possible only if both sums are equal).
        targets = mover.locator(".pd-cell.target")
        target = targets.first if ply % 2 == 0 else targets.last
        cell = target.get_attribute("data-cell")
        target.click()
        for page in (alice, bob, watcher):  # every move arrives live, without a reload
            expect(page.locator("#board")).to_have_attribute("data-ply", str(ply + 1))
            expect(page.locator(f'.pd-cell[data-cell="{cell}"]')).to_have_attribute(
                "data-owner", str(ply % 2)
            )
        if ply == 7:
            screenshot(watcher, "powerdrain-midgame-spectator")
            screenshot(bob, "powerdrain-midgame-phone")

    outcome = ENGINE.outcome(board_position(watcher))
    names = [host, bob_name]
    for page in (alice, bob, watcher):
        if outcome["winners"]:
            winner = outcome["winners"][0]
            expect(page.locator(f'.seat[data-seat="{winner}"]')).to_have_class(re.compile("winner"))
        else:
            expect(page.locator("#turn")).to_have_text("The match is drawn.")
        expect(page.locator(".pd-summary")).to_contain_text(
            f"Active plugs {outcome['scores'][0]} : {outcome['scores'][1]}"
        )
    if outcome["winners"]:
        winner = outcome["winners"][0]
        expect(players[winner].locator("#turn")).to_contain_text("You won")
        expect(watcher.locator("#turn")).to_contain_text(f"{names[winner]} won")
    screenshot(watcher, "powerdrain-finished")
