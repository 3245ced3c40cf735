"""An Arena played in two members' browsers: made on the "New tournament" form, joined from
its page, started by its maker, and each finished match followed at once by the next
pairing (the finished match page, like the tournament page, takes a waiting player to
it); a paused player is paired no
more, and the standings count the winner's points with lichess's streak."""

from __future__ import annotations

import time
from contextlib import suppress

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import log_in
from tooling.world import run_in

pytestmark = pytest.mark.browser


def _taken_to_a_match(page, other_than: set[str]) -> str:
    """The match page ``page`` reaches from the tournament page (not one of ``other_than``):
    a page that waits there is taken to its next match when the pairing's push comes; one
    that came back after the pairing (an Arena pairs the moment a match ends) shows "Your
    match is on: Play it", which the player follows."""
    for _ in range(200):
        if "/m/" in page.url and page.url not in other_than:
            break
        play_it = page.locator("#tournament-you a:has-text('Play it')")
        if "/m/" not in page.url and play_it.count():
            with suppress(PlaywrightTimeout):  # the push took the page to the match first
                play_it.click(timeout=2_000)
        page.wait_for_timeout(100)
    assert "/m/" in page.url and page.url not in other_than, page.url
    expect(page.locator("#board")).to_have_attribute("data-status", "active")
    return page.url


def _play_out(winner, loser) -> None:
    """The first mover moves; then ``loser`` resigns at once (after a move: not an abort)."""
    first, second = (winner, loser)
    if winner.locator("#turn").text_content().strip() != "Your turn.":
        expect(loser.locator("#turn")).to_have_text("Your turn.")
        first, second = loser, winner
    first.locator(".pd-cell.target").first.click()
    expect(second.locator("#turn")).to_have_text("Your turn.")
    loser.once("dialog", lambda dialog: dialog.accept())
    loser.locator("#match-controls button:has-text('Resign')").click()
    for page in (winner, loser):
        expect(page.locator("#board")).to_have_attribute("data-status", "finished")


def test_two_members_play_an_arena_made_on_its_form_and_are_paired_again_at_once(new_page, server):
    stamp = int(time.time() * 1000) % 10**7
    maker_name, rival_name = f"arena{stamp}-a", f"arena{stamp}-b"
    run_in(server.env, {"users": [{"name": n, "token": False} for n in (maker_name, rival_name)]})
    maker, rival = new_page(), new_page(390, 844)
    log_in(maker, maker_name)
    log_in(rival, rival_name)

    maker.goto("/tournaments/new/")
    maker.fill("input[name=name]", "Evening Arena")
    maker.select_option("select[name=game]", "powerdrain")
    maker.check("input[name=format][value=arena]")
    maker.select_option("select[name=time_control]", "3+2")
    maker.check("input[name=join]")
    maker.click("button:has-text('Create the tournament')")
    expect(maker.locator("h1")).to_have_text("Evening Arena")
    url = maker.url

    rival.goto(url)
    rival.click(".tournament-you button:has-text('Join')")
    expect(rival.locator("#tournament-you")).to_contain_text("You are in")
    maker.click("button:has-text('Start now')")

    seen: set[str] = set()
    first = _taken_to_a_match(maker, seen)
    assert _taken_to_a_match(rival, seen) == first
    seen.add(first)
    _play_out(maker, rival)

    # Paired again at once, both are taken there from their finished match pages (#55).
    second = _taken_to_a_match(maker, seen)
    assert _taken_to_a_match(rival, seen) == second
    seen.add(second)
    # The rival pauses from the tournament page while the match plays on; the maker wins it.
    rival.goto(url)
    rival.click(".tournament-you button:has-text('Pause')")
    expect(rival.locator("#tournament-you")).to_contain_text("You are paused")
    rival.goto(second)
    _play_out(maker, rival)

    maker.goto(url)
    expect(maker.locator("#tournament-you")).to_contain_text("Waiting for your next match")
    points = maker.locator(".standings-table tbody tr td.points")
    expect(points.first).to_have_text("4")  # two wins, no streak yet (it doubles from the third)
    expect(points.nth(1)).to_have_text("0")
    table = maker.locator(".standings-table")
    # A heading over every column (the performance, an Arena's tie-break, had none).
    assert (
        table.locator("thead th").count() == table.locator("tbody tr").first.locator("td").count()
    )
    expect(table.locator("thead")).to_contain_text("Performance")
    streak = table.locator("tbody tr").first.locator("svg.streak")  # two wins in a row
    expect(streak).to_be_visible()
    maker.wait_for_timeout(
        1500
    )  # the worker's pairing is immediate: nothing came for the paused rival
    assert maker.url == url
    screenshot(maker, "arena-two-wins")
    rival.goto(url)
    expect(rival.locator("#tournament-you")).to_contain_text("You are paused")
    assert rival.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(rival, "arena-paused-390x844")
