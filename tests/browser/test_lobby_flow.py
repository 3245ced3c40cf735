"""The lobby and the watch page keep their lists current without a reload."""

import pytest
from playwright.sync_api import expect

from tests.browser.flows import create_match, join_as_guest, sign_up

pytestmark = pytest.mark.browser


def test_lists_show_new_and_started_matches_without_a_reload(new_page):
    lobby, watch_page = new_page(), new_page(width=390, height=844)
    lobby.goto("/")
    watch_page.goto("/watch/")

    host = new_page()
    name = sign_up(host)
    invite = create_match(host, "powerdrain", seat="0", private=False)
    open_row = lobby.locator("#lists .match-row", has_text=name)
    expect(open_row).to_contain_text("waiting")
    expect(open_row.locator("a:has-text('Join')")).to_be_visible()

    join_as_guest(new_page(), invite, "Dora")
    expect(lobby.locator("#lists .match-row", has_text=name)).to_contain_text("0 turns")
    watched = watch_page.locator("#watch-list .watch-row", has_text=name)
    expect(watched).to_contain_text("Dora")
    watched.locator("a:has-text('Watch')").click()
    expect(watch_page.locator(".spectating")).to_be_visible()
