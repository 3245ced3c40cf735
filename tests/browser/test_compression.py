"""Pushes travel compressed: the server accepts permessage-deflate, which browsers offer.

A page's pushes are nearly the same text one after another, so with the compressor's
context kept between frames a push costs about what changed on the wire.
"""

import re

import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.browser.flows import create_match, join_as_guest, sign_up

pytestmark = pytest.mark.browser

OPEN_SOCKET = """url => new Promise((resolve, reject) => {
  const ws = new WebSocket(url);
  ws.onopen = () => { resolve(ws.extensions); ws.close(); };
  ws.onerror = () => reject(new Error("the socket did not open"));
})"""


def socket_url(page_url: str) -> str:
    """The match socket of a match page (``/m/<id>/``), without the page's ply."""
    origin, public_id = re.match(r"(http://[^/]+)/m/([A-Za-z0-9]+)/", page_url).groups()
    return f"{origin.replace('http', 'ws', 1)}/ws/match/{public_id}/"


def test_the_browser_and_the_server_agree_on_compression(new_page):
    page = new_page()
    sign_up(page)
    create_match(page, "powerdrain")
    url = socket_url(page.url)
    assert "permessage-deflate" in page.evaluate(OPEN_SOCKET, url)


def test_a_push_takes_a_fraction_of_its_size_on_the_wire(new_page, server):
    alice, bob = new_page(), new_page()
    sign_up(alice)
    join_as_guest(bob, create_match(alice, "high-voltage"), "Bob")
    expect(alice.locator("#board")).to_have_attribute("data-status", "active")
    chooser = alice if alice.locator("button.hv-choice").count() else bob
    with connect(socket_url(alice.url), origin=server.url) as ws:
        received = [0]
        parse = ws.protocol.receive_data

        def counted(data):
            received[0] += len(data)
            return parse(data)

        ws.protocol.receive_data = counted
        first = ws.recv(timeout=10)  # a spectator's whole fragment (the URL names no ply)
        assert len(first) > 8_000
        received[0] = 0  # it may have been read before the count began
        chooser.locator("button.hv-choice").first.click()  # the board is kept: a push to all
        second = ws.recv(timeout=10)
        assert 'data-ply="1"' in second
        assert received[0] < len(second) / 10  # mostly the text of the push before
