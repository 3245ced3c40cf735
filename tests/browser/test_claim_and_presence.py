"""Who is here, and claiming an absent player, as two players of a real-time match see them
(issue #25, items 1 and 6).

- A page whose socket is open shows its own seat as here at once, not after the next
  presence poll.
- "Claim victory" shows only to a player who is not to move, once the player to move has
  been away a minute (docs/rules.md §7.4); until then a countdown says when. A claim the
  server refuses says why on the page. The minute of absence is aged in the server's
  database, so the test never waits it out.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import join_as_guest, sign_up

pytestmark = pytest.mark.browser


def match_lookup(url: str) -> str:
    """Python that binds ``m`` to the match whose page is ``url`` (by its public id, or by
    the integer of an old-style URL)."""
    key = url.rstrip("/").rsplit("/", 1)[1]
    return (
        "from games.models import Match, Seat; "
        f"k = {key!r}; "
        "m = Match.objects.get(pk=int(k)) if k.isdigit() else Match.objects.get(public_id=k); "
    )


def age_absence(server, url: str, seat: int, seconds: int) -> None:
    """As if ``seat`` had had no page open for ``seconds``."""
    server.shell(
        match_lookup(url) + "from games import services; "
        f"Seat.objects.filter(match=m, index={seat}).update("
        f"away_since=services.server_now() - {seconds * 1000})",
    )


def realtime_powerdrain(new_page):
    """Alice (seat 0, to move) and Bob in a 5+3 Powerdrain match, past both first moves: a
    first move missed for 30 s would abort the match (docs/rules.md §7.3)."""
    alice = new_page()
    sign_up(alice)
    alice.goto("/")
    card = alice.locator("#game-powerdrain")
    card.locator("summary:has-text('New')").click()
    card.locator("select[name=seat]").select_option("0")
    card.locator("select[name=time_control]").select_option("5+3")
    card.locator("button:has-text('Create the match')").click()
    invite = alice.locator("#invite-url").input_value()
    bob = new_page()
    join_as_guest(bob, invite, "Bob")
    expect(alice.locator("#board.my-turn")).to_be_visible()
    for page in (alice, bob):
        expect(page.locator("#conn")).to_have_text("live")
    alice.locator("#board .pd-cell.target").first.click()
    expect(bob.locator("#board.my-turn")).to_be_visible()
    bob.locator("#board .pd-cell.target").first.click()
    expect(alice.locator("#board.my-turn")).to_be_visible()
    return alice, bob


def test_my_own_seat_is_here_as_soon_as_my_socket_is_open(new_page):
    alice, bob = realtime_powerdrain(new_page)
    match = bob.url
    bob.goto("/")  # Bob leaves; once Alice sees him away, he comes back
    expect(alice.locator('#match-side .seat[data-seat="1"]')).to_have_attribute(
        "title", "not connected"
    )
    bob.goto(match)
    # The moment the header says "live", the page's own seat says so too: no poll needed.
    bob.wait_for_function("() => document.getElementById('conn')?.textContent === 'live'")
    mine = bob.evaluate(
        "(() => { const s = document.querySelector('#match-side .seat.you');"
        " return [s.title, s.classList.contains('here')]; })()"
    )
    assert mine == ["connected", True], mine
    expect(bob.locator("#match-side .seat.you")).to_have_attribute("title", "connected")


def test_claim_victory_shows_only_when_it_applies_and_a_refusal_says_why(new_page, server):
    alice, bob = realtime_powerdrain(new_page)
    # From the first ply: nobody may claim, the player to move least of all.
    for page in (alice, bob):
        expect(page.locator("#match-controls button:has-text('Resign')")).to_be_visible()
        expect(page.locator("[data-claim]")).to_be_hidden()
        expect(page.locator("[data-claim-wait]")).to_be_hidden()
    for _ in range(2):  # two presence polls (every second here): the first one's answer is in
        with bob.expect_response(lambda response: "/presence/" in response.url):
            pass
    expect(bob.locator("[data-claim]")).to_be_hidden()
    assert bob.locator("[data-claim]").bounding_box() is None

    # A claim the server refuses (the player to move is here) says why.
    bob.evaluate("htmx.trigger(document.getElementById('claim-form'), 'submit')")
    expect(bob.locator("#frame-error")).to_contain_text("The player to move is here")
    expect(bob.locator("#board")).to_have_attribute("data-status", "active")

    # Alice walks away: Bob sees when he may claim, then the claim itself.
    alice.context.close()
    wait = bob.locator("[data-claim-wait]")
    expect(wait).to_be_visible()
    expect(wait).to_contain_text(re.compile(r"away: claim victory in\s(\d|[1-5]\d|60)\ss"))
    expect(bob.locator("[data-claim]")).to_be_hidden()
    screenshot(bob, "claim-countdown")
    age_absence(server, bob.url, 0, 61)
    claim = bob.locator("[data-claim]")
    expect(claim).to_be_visible()
    expect(wait).to_be_hidden()
    screenshot(bob, "claim-offered")
    claim.click()
    expect(bob.locator("#board")).to_have_attribute("data-status", "finished")
    expect(bob.locator("#turn")).to_contain_text("You won")
