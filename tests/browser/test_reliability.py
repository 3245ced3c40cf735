"""Nothing a player did is lost: a server restart and dropped sockets mid-match."""

import pytest
from playwright.sync_api import expect

from tests.browser.flows import create_match, join_as_guest, sign_up, watch
from tooling.servers import Server, isolated_env

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server(tmp_path):
    srv = Server(tmp_path, isolated_env("restart"))
    srv.migrate()
    srv.start()
    yield srv
    srv.stop()


def play_first_target(page, ply):
    expect(page.locator("#turn")).to_have_text("Your turn.")
    expect(page.locator("#conn")).to_have_text("live")
    page.locator(".pd-cell.target").first.click()
    expect(page.locator("#board")).to_have_attribute("data-ply", str(ply + 1))


def test_a_match_survives_a_server_crash_and_the_pages_reconnect_by_themselves(browser, own_server):
    pages = []
    for _ in range(3):
        context = browser.new_context(base_url=own_server.url)
        context.set_default_timeout(15_000)
        pages.append(context.new_page())
    alice, bob, watcher = pages
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite, "Bob")
    watcher.goto(bob.url)
    play_first_target(alice, 0)
    play_first_target(bob, 1)

    own_server.kill()
    for page in pages:
        expect(page.locator("#conn")).to_have_text("reconnecting…")
    own_server.start()  # same port, same database
    for page in pages:  # a page waits at most 4 s between tries (static/js/match.js)
        expect(page.locator("#conn")).to_have_text("live", timeout=10_000)
        expect(page.locator("#board")).to_have_attribute("data-ply", "2")

    play_first_target(alice, 2)  # the match goes on where it was
    expect(watcher.locator("#board")).to_have_attribute("data-ply", "3")
    expect(watcher.locator(".pd-cell[data-plug]")).to_have_count(3)
    for page in pages:
        page.context.close()


def test_a_move_made_while_the_socket_is_down_goes_by_http_and_is_not_lost(browser, own_server):
    context_a = browser.new_context(base_url=own_server.url)
    context_b = browser.new_context(base_url=own_server.url)
    alice, bob = context_a.new_page(), context_b.new_page()
    sign_up(alice)
    invite = create_match(alice, "powerdrain", seat="0")
    join_as_guest(bob, invite, "Bob")
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    # Alice's socket drops (the network blips); the page falls back to an HTMX POST.
    alice.evaluate("document.dispatchEvent(new CustomEvent('htmx:wsClose'))")
    alice.locator(".pd-cell.target").first.click()
    expect(alice.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob.locator("#board")).to_have_attribute("data-ply", "1")  # pushed to Bob live
    expect(bob.locator("#turn")).to_have_text("Your turn.")
    context_a.close()
    context_b.close()


# Plays the first legal move of a match in a process of its own (its notice goes nowhere).
MOVE_IN_ANOTHER_PROCESS = """
from games import services
from games.models import Match
from games.registry import get_engine
match = Match.objects.get(public_id=%r)
engine = get_engine(match.game)
state = engine.from_json(match.state)
seat = engine.to_move(state)[0]
move = next(iter(engine.legal_moves(state, seat)))
user = match.seat_list()[seat].user
print(services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move).ply)
"""


def test_pages_that_missed_a_notice_catch_up_by_themselves(browser, tmp_path):
    """A move recorded by another process never reaches this server's in-memory layer, as if
    its notice were lost on the way; the quiet pages ask after SYNC_SECONDS and catch up."""
    srv = Server(tmp_path, {**isolated_env("sync"), "SYNC_SECONDS": "1"})
    srv.migrate()
    srv.start()
    try:
        alice, bob, watcher = (browser.new_context(base_url=srv.url).new_page() for _ in "abw")
        sign_up(alice)
        invite = create_match(alice, "powerdrain", seat="0")
        join_as_guest(bob, invite, "Bob")
        watch(watcher, bob.url)
        expect(alice.locator("#turn")).to_have_text("Your turn.")
        public_id = bob.url.rstrip("/").rsplit("/", 1)[1]
        assert srv.shell(MOVE_IN_ANOTHER_PROCESS % public_id).strip() == "1"
        for page in (alice, bob, watcher):
            expect(page.locator("#board")).to_have_attribute("data-ply", "1")
        expect(bob.locator("#turn")).to_have_text("Your turn.")
    finally:
        srv.stop()
