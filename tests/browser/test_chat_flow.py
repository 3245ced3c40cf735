"""The match chat in the browser (issue #37): it is open until its reader folds it, on
crowded boards too, never folds while people talk, for players and spectators alike, stays
open after a reload, and a refusal shows where the action was (under the chat's field,
under the match's buttons), not above the board. Seat cards wrap names between words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, log_in, sign_up, watch

pytestmark = pytest.mark.browser

DESKTOP = (1280, 800)


def say(page, text):
    room = page.locator("#chat .chat-room:not([hidden])")
    room.locator("input[type=text]").fill(text)
    room.locator("button.button").click()


def chat_is_open(page, fits=True):
    """The chat shows its field; ``fits``: and the page needs no scrolling (a guest's page
    also holds their link back to the seat, and may scroll, but its chat stays open)."""
    expect(page.locator("#chat.hidden")).to_have_count(0)
    expect(page.locator("#chat .chat-room:not([hidden]) input[type=text]")).to_be_visible()
    if fits:
        assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP[1]


def test_the_chat_stays_open_while_players_and_spectators_talk(new_page):
    alice, bob = new_page(*DESKTOP), new_page(*DESKTOP)
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite, "bob")
    # A guest's page also holds their link back to the seat: its chat is open all the same.
    chat_is_open(bob, fits=False)
    carol = new_page(*DESKTOP)
    sign_up(carol)
    watch(carol, alice.url)
    for n in range(3):  # each socket's burst of lines: no refusal yet
        say(alice, f"alice {n}")
        say(bob, f"bob {n}")
        for page in (alice, bob):
            expect(page.locator("#chat-lines-player .chat-line")).to_have_count(2 * n + 2)
            chat_is_open(page, fits=page is alice)
    for n in range(2):
        say(carol, f"carol {n}")
        expect(carol.locator("#chat-lines-spectator .chat-line")).to_have_count(n + 1)
        chat_is_open(carol)
    screenshot(alice, "chat-six-lines-desktop")

    say(alice, "one too many")  # past the socket's burst
    expect(alice.locator("#chat .chat-error")).to_contain_text("Too many chat lines")
    expect(alice.locator("#frame-error")).to_be_hidden()
    say(carol, "   ")
    expect(carol.locator("#chat .chat-error")).to_have_text("Say something first.")
    expect(carol.locator("#frame-error")).to_be_hidden()

    alice.reload()
    expect(alice.locator("#conn")).to_have_text("live")
    chat_is_open(alice)
    expect(alice.locator("#chat-lines-player .chat-line")).to_have_count(6)


def test_a_refused_rematch_is_said_under_the_match_buttons(new_page):
    alice, bob = new_page(*DESKTOP), new_page(390, 844)
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite, "bob")
    expect(alice.locator("#board")).to_have_attribute("data-status", "active")
    alice.on("dialog", lambda dialog: dialog.accept())
    alice.click("button:has-text('Resign')")
    for page in (alice, bob):
        expect(page.locator("#board")).to_have_attribute("data-status", "finished")
    alice.click("#match-controls button:has-text('Rematch')")
    bob.click("#rematch button:has-text('Decline')")
    expect(alice.locator("#rematch")).to_contain_text("declined the rematch")
    alice.click("#match-controls button:has-text('Rematch')")
    refusal = alice.locator("#rematch-error")
    expect(refusal).to_contain_text("you can offer it again in")
    expect(alice.locator("#frame-error")).to_be_hidden()
    buttons = alice.locator("#match-controls").bounding_box()
    said = refusal.bounding_box()
    assert 0 <= said["y"] - (buttons["y"] + buttons["height"]) < 40, (buttons, said)


PHONE = (390, 844)


@pytest.fixture(scope="module")
def companies_of_four(server):
    """A four-player power companies match six plies in, layout-alice in seat 0: the most
    crowded running board (four seat cards, the mover's controls, a last turn)."""
    from tests.browser.seed import run_in

    users = ["layout-alice", "layout-bob", "layout-carol", "layout-dave"]
    spec = {
        "users": users,
        "matches": [{"game": "high-voltage-companies", "players": 4, "plies": 6, "seed": 11}],
    }
    return run_in(server.env, spec)[0]


def in_view(page, selector):
    """The element's box lies inside the viewport (after the page scrolled to it)."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    box, size = element.bounding_box(), page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (selector, box)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_crowded_boards_chat_is_open_for_a_reader_who_never_touched_it(
    new_page, companies_of_four, size
):
    """Four players' power companies and a waiting match's invite box: the chat of a reader
    who never opened or folded it is open, with its field, and the board is still whole. On
    a desktop the match fits the screen (the players' card scrolls inside when it must); on a
    phone the chat is under the board and the page never scrolls sideways."""
    width, height = size
    alice = new_page(*size)
    log_in(alice, "layout-alice")
    alice.goto(f"/m/{companies_of_four}/")
    maker = new_page(*size)
    sign_up(maker)
    create_match(maker, "high-voltage-companies", players=4)
    for page, name in ((alice, "companies-4p"), (maker, "waiting-invite")):
        expect(page.locator("#conn")).to_have_text("live")
        chat_is_open(page, fits=False)
        screenshot(page, f"chat-open-{name}-{width}x{height}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if size == DESKTOP:
            assert page.evaluate("document.documentElement.scrollHeight") <= height, name
            for selector in (".board-svg", ".seats", "#turn", "#chat input[type=text]"):
                in_view(page, selector)
        else:
            in_view(page, ".board-svg")
            chat, board = (
                page.locator("#chat").bounding_box(),
                page.locator("#board").bounding_box(),
            )
            assert chat["y"] >= board["y"] + board["height"], name  # under the board
            in_view(page, "#chat .chat-room:not([hidden]) input[type=text]")


LONG_NAME = "Averyveryverylongnamewithoutanybreak"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_seat_cards_wrap_names_between_words_and_never_widen_the_page(new_page, server, size):
    """A name that fits a seat card's line is never broken inside a word (a guest's
    "user78a29d9c (you)" broke as "user78a29d / 9c"); a name longer than the card breaks
    anywhere rather than widen the page."""
    from tests.browser.seed import run_in

    names = ["user78a29d9c", "tessellate42", LONG_NAME, "marguerite7"]
    spec = {"users": names, "matches": [{"game": "high-voltage-companies", "players": 4}]}
    match = run_in(server.env, spec)[0]
    for viewer in names[:2]:
        page = new_page(*size)
        log_in(page, viewer)
        page.goto(f"/m/{match}/")
        expect(page.locator("#conn")).to_have_text("live")
        screenshot(page, f"seat-names-{viewer}-{size[0]}x{size[1]}")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        lines = page.evaluate(
            """() => [...document.querySelectorAll('.match-side .seat-name a')].map(
                (a) => [a.textContent, a.getClientRects().length])"""
        )
        assert len(lines) == 4, lines
        for name, count in lines:
            assert count == 1 or name == LONG_NAME, lines  # one piece: not broken in the word
