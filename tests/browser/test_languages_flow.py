"""A German browser gets the table in German, and the header's switch changes it."""

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


@pytest.fixture
def german_page(browser, server):
    """A browser whose language is German (its Accept-Language says so)."""
    context = browser.new_context(
        locale="de-DE", viewport={"width": 1280, "height": 900}, base_url=server.url
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_a_german_browser_reads_the_lobby_and_the_rules_in_german(german_page):
    page = german_page
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    nav = page.locator("header.topbar nav")
    expect(nav.get_by_role("link", name="Zuschauen")).to_be_visible()
    expect(nav.get_by_role("link", name="Anmelden")).to_be_visible()
    expect(page.get_by_text("Setze Strommasten auf ein Feld von 24×24")).to_be_visible()
    screenshot(page, "languages-lobby-de")

    page.goto("/games/hive/rules/")
    expect(page.get_by_role("heading", name="Entscheidungen an diesem Tisch")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Bienenkönigin")
    screenshot(page, "languages-rules-de")

    # The switch: English is remembered over the browser's German, page after page.
    page.locator(".language-switch").get_by_role("button", name="English").click()
    expect(page).to_have_url("/games/hive/rules/")
    expect(page.locator("main")).to_contain_text("Surround the opposing bee")
    page.goto("/")
    expect(nav.get_by_role("link", name="Watch")).to_be_visible()
    page.locator(".language-switch").get_by_role("button", name="Deutsch").click()
    expect(nav.get_by_role("link", name="Zuschauen")).to_be_visible()


# Words of the English interface that a German viewer must not meet anywhere on a page.
ENGLISH = [
    "Resign",
    "Your turn",
    "Players",
    "Moves",
    "Watch",
    "History",
    "New match",
    "Rules",
    "turn",
    "Claim victory",
    "Rematch",
    "Replay",
    "Download record",
    "Log in",
    "Sign up",
    # the profile (challenges, ratings, API tokens), the leaderboard and the match's chat
    "Challenges",
    "Ratings",
    "Rated matches",
    "API tokens",
    "leaderboard",
    "Leaderboard",
    "Everybody",
    "Hide chat",
    "Spectators",
    "choose",
]


def english_words(page) -> list[str]:
    """The words of ``ENGLISH`` in what the page shows (text, button labels, tooltips)."""
    shown = page.evaluate(
        """() => document.body.innerText + " " + [...document.querySelectorAll(
            "[title], [aria-label], [placeholder]")].map(e => [e.getAttribute("title"),
            e.getAttribute("aria-label"), e.getAttribute("placeholder")].join(" ")).join(" ")"""
    )
    return [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", shown)]


def german_context(browser, server, width=1280, height=900):
    context = browser.new_context(
        locale="de-DE", viewport={"width": width, "height": height}, base_url=server.url
    )
    context.set_default_timeout(10_000)
    return context


def test_two_german_players_play_a_whole_powerdrain_match_in_german(browser, server):
    alice_context, bob_context = (
        german_context(browser, server),
        german_context(browser, server, 390, 844),
    )
    alice, bob = alice_context.new_page(), bob_context.new_page()
    name = f"de{uuid.uuid4().hex[:8]}"
    alice.goto("/accounts/signup/")
    alice.fill("#id_username", name)
    alice.fill("#id_password1", "a-long-Passw0rd!")
    alice.fill("#id_password2", "a-long-Passw0rd!")
    alice.click("main form button.button")
    expect(alice.locator(".who")).to_contain_text(name)
    assert english_words(alice) == []

    card = alice.locator("#game-powerdrain")
    card.locator(".new-match > summary").click()
    expect(card.locator(".new-match > summary")).to_have_text("Neues Spiel: Powerdrain")
    card.locator("select[name=seat]").select_option("0")
    card.locator("form.create button.button").click()
    expect(alice.locator("#turn")).to_contain_text("Warte auf Spieler")
    assert english_words(alice) == []
    invite = alice.locator("#invite-url").input_value()

    bob.goto(invite)
    assert english_words(bob) == []
    bob.fill("#id_nickname", f"Bob{uuid.uuid4().hex[:4]}")
    bob.click(".join-form button.button")
    expect(bob.locator("#turn")).to_contain_text(f"Warte auf {name}")

    players = [alice, bob]
    for ply in range(16):
        mover = players[ply % 2]
        expect(mover.locator("#turn")).to_have_text("Dein Zug.")
        if ply in (0, 7):
            for page in players:
                assert english_words(page) == [], ply
        targets = mover.locator(".pd-cell.target")
        (targets.first if ply % 2 == 0 else targets.last).click()
        for page in players:
            expect(page.locator("#board")).to_have_attribute("data-ply", str(ply + 1))

    for page in players:
        expect(page.locator(".pd-summary")).to_contain_text("Aktive Stecker")
        expect(page.locator("#turn")).to_contain_text(re.compile("gewonnen|unentschieden"))
        expect(page.locator(".match-controls")).to_contain_text("Revanche")
        assert english_words(page) == []
    screenshot(alice, "languages-powerdrain-finished-de")
    screenshot(bob, "languages-powerdrain-finished-de-phone")

    alice.locator(".match-controls a.button", has_text="Wiederholung").click()
    expect(alice.locator("#replay")).to_be_visible()
    assert english_words(alice) == []
    for path in ("/", "/watch/", "/history/", f"/accounts/u/{name}/", "/leaderboard/powerdrain/"):
        alice.goto(path)
        assert english_words(alice) == [], path
    alice_context.close()
    bob_context.close()


def test_every_game_s_match_page_is_german(browser, server):
    """A running match of every game (the computer in the other seats), opened by a German
    viewer who created it, and again by a German spectator."""
    context, spectator = german_context(browser, server), german_context(browser, server)
    page, watcher = context.new_page(), spectator.new_page()
    name = f"de{uuid.uuid4().hex[:8]}"
    page.goto("/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "a-long-Passw0rd!")
    page.fill("#id_password2", "a-long-Passw0rd!")
    page.click("main form button.button")
    expect(page.locator(".who")).to_contain_text(name)
    for slug in ("powerdrain", "hive", "high-voltage", "high-voltage-companies", "triangulum"):
        page.goto("/")
        card = page.locator(f"#game-{slug}")
        card.locator(".new-match > summary").click()
        card.locator("select[name=opponent]").select_option("easy")
        card.locator("select[name=seat]").select_option("0")
        card.locator("form.create button.button").click()
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator("#board")).not_to_have_attribute("data-status", "waiting")
        assert english_words(page) == [], slug
        screenshot(page, f"languages-{slug}-de")
        watcher.goto(page.url)
        expect(watcher.locator(".spectating")).to_be_visible()
        assert english_words(watcher) == [], slug
        # Resigned, so the live lists of later tests do not grow by this match.
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator(".match-controls button", has_text="Aufgeben").click()
        expect(page.locator(".conn")).to_have_text(re.compile("beendet|abgebrochen"))
    context.close()
    spectator.close()
