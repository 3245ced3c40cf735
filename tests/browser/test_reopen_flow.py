"""A page whose browser became someone else opens its socket again as who it is now
(issue #35, item 7).

Logging in replaces the browser's session, so the server closes the sockets opened under the
one before with ``REOPEN`` (games/live/socket_identity.py). The code must be one the server's WebSocket
library sends (autobahn refuses 1012 and ends the socket with 1011 and a traceback), and the
page must open the socket again on it, since the htmx extension reopens only on codes it knows.
"""

import pytest
from playwright.sync_api import expect

from games.live.socket_identity import REOPEN
from tests.browser.flows import create_match, sign_up

pytestmark = pytest.mark.browser

RECORD_CLOSES = """() => {
  window.closeCodes = [];
  window.socketOpens = 0;
  document.addEventListener("htmx:wsClose", (e) => window.closeCodes.push(e.detail.event.code));
  document.addEventListener("htmx:wsOpen", () => { window.socketOpens += 1; });
}"""


def soon(page, expression: str, seconds: float = 10):
    """The first truthy value of ``expression`` in the page within ``seconds`` (the page's
    content security policy forbids Playwright's own waiting on a script)."""
    for _ in range(int(seconds * 10)):
        value = page.evaluate(expression)
        if value:
            return value
        page.wait_for_timeout(100)
    return page.evaluate(expression)


def test_a_page_reopens_its_socket_when_its_browser_logs_in_as_someone_else(new_page):
    page = new_page()
    sign_up(page)
    create_match(page, "powerdrain")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    page.evaluate(RECORD_CLOSES)

    other_tab = page.context.new_page()  # the same browser: the same cookie
    sign_up(other_tab)  # a login: the session the first page's socket was opened with is gone

    assert soon(page, "window.closeCodes") == [REOPEN]
    assert 4000 <= REOPEN <= 4999
    assert soon(page, "window.socketOpens") == 1  # opened again, with the cookie of now
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
