"""A guest keeps their seat (issue #15): they copy their rejoin link from the match page, are
warned about their running match when logging out, and come back through the link in a
browser that has none of their cookies."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up

pytestmark = pytest.mark.browser


def csp_violations(page) -> list[str]:
    """Collects what the Content-Security-Policy refuses on ``page`` from now on."""
    found = []
    page.on("console", lambda m: "Content Security Policy" in m.text and found.append(m.text))
    return found


def test_a_guest_logs_out_and_comes_back_to_their_seat_through_the_rejoin_link(new_page):
    alice = new_page()
    host = sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="1", private=True)

    rosa = new_page(width=390, height=844)  # a phone
    violations = csp_violations(rosa)
    rosa.context.grant_permissions(["clipboard-read", "clipboard-write"])
    rosa_name = join_as_guest(rosa, invite, "Rosa")
    expect(rosa.locator("#turn")).to_have_text("Your turn.")
    expect(rosa.locator("#conn")).to_have_text("live")  # the deferred scripts have run
    match_url = rosa.url
    rejoin = rosa.locator("#rejoin")
    expect(rejoin).to_contain_text("Your link to come back to this seat")
    expect(alice.locator("#rejoin")).to_have_count(0)  # the other player never sees it
    rejoin.locator("button[data-copy]").click()
    expect(rejoin.locator("button[data-copy]")).to_have_text("Copied")
    link = rosa.evaluate("navigator.clipboard.readText()")
    assert link == rosa.locator("#rejoin-url").input_value()
    assert "/accounts/rejoin/" in link

    rosa.click("header a:has-text('Log out')")
    expect(rosa.locator("#running-warning")).to_contain_text("You have 1 running match.")
    expect(rosa.locator("#rejoin-url")).to_have_value(link)
    screenshot(rosa, "guest-logout-warning")
    assert not violations, violations  # the copy button and these pages need no inline script
    rosa.click("main button:has-text('Log out')")
    expect(rosa.locator("header")).to_contain_text("Log in")
    rosa.goto(match_url)
    expect(rosa.locator(".spectating")).to_be_visible()  # logged out: only watching now

    back = new_page()  # another browser: no cookie of Rosa's
    violations = csp_violations(back)
    back.goto(link)
    expect(back.locator("h1")).to_have_text(f"Come back as {rosa_name}")
    back.click(f"button:has-text('Continue as {rosa_name}')")
    expect(back).to_have_url(match_url)
    expect(back.locator("#turn")).to_have_text("Your turn.")
    expect(back.locator(".seat[data-seat='0']")).to_contain_text(f"{rosa_name} (you)")
    expect(back.locator(".seat[data-seat='1']")).to_contain_text(host)
    expect(back.locator("#conn")).to_have_text("live")
    screenshot(back, "guest-back-in-seat")
    assert not violations, violations
