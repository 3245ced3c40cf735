"""A club in the browser, in both languages: its leader (English) makes a club joined on
request, a pupil (German) asks to join and the leader accepts; the leader makes a club
tournament, which the pupil joins, while an outsider is shown the way into the club instead
of a Join;
the club's page lists its members and the tournament."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up

pytestmark = pytest.mark.browser


def _german_page(browser, server, width=1280, height=900):
    context = browser.new_context(
        locale="de-DE", viewport={"width": width, "height": height}, base_url=server.url
    )
    context.set_default_timeout(10_000)
    return context


def test_a_club_on_request_its_tournament_and_an_outsider_refused(new_page, browser, server):
    leader = new_page()
    sign_up(leader)
    club_name = f"Class 7b {uuid.uuid4().hex[:4]}"
    leader.goto("/")
    leader.click("header nav a:has-text('Clubs')")
    leader.click("a.button:has-text('New club')")
    leader.fill("input[name=name]", club_name)
    leader.fill("textarea[name=description]", "Tuesdays after school.")
    leader.check("input[name=open][value='0']")
    leader.click("button:has-text('Create the club')")
    expect(leader.locator(".club-head h1")).to_have_text(club_name)
    expect(leader.locator("#club-state")).to_have_text("You lead this club.")
    club_url = leader.url

    context = _german_page(browser, server)
    try:
        pupil = context.new_page()
        pupil_name = sign_up_german(pupil)
        pupil.goto(club_url)
        expect(pupil.locator(".club-head")).to_contain_text("Beitritt auf Anfrage")
        pupil.fill("input[name=message]", "Ich bin in der 7b.")
        pupil.click("button:has-text('Beitritt anfragen')")
        expect(pupil.locator("#club-state")).to_have_text(
            "Deine Anfrage wartet auf die Leitung des Clubs."
        )
        screenshot(pupil, "club-requested-de")

        leader.reload()
        request = leader.locator(f"#club-requests li[data-user='{pupil_name}']")
        expect(request).to_contain_text("Ich bin in der 7b.")
        screenshot(leader, "club-requests")
        request.locator("button:has-text('Accept')").click()
        expect(leader.locator(f"#club-members li[data-user='{pupil_name}']")).to_be_visible()
        expect(leader.locator("#club-requests")).to_contain_text("No request waits.")

        leader.click("a:has-text('New club tournament')")
        form = leader.locator("#tournament-form")
        form.locator("input[name=name]").fill("Club cup")
        expect(form.locator("select[name=club]")).to_have_value(re.compile(r"class-7b"))
        form.locator("button:has-text('Create the tournament')").click()
        expect(leader.locator(".tournament-head")).to_contain_text(f"for members of {club_name}")
        tournament_url = leader.url

        pupil.goto(tournament_url)
        expect(pupil.locator(".tournament-head")).to_contain_text(f"für Mitglieder von {club_name}")
        pupil.click("#tournament-you button:has-text('Beitreten')")
        expect(pupil.locator("#tournament-you")).to_contain_text("Du bist dabei")

        outsider = new_page()
        sign_up(outsider)
        outsider.goto(tournament_url)
        # No Join she would be refused (#51): the way into the club instead.
        expect(outsider.locator("#tournament-you .club-only")).to_have_text(
            f"For the members of {club_name}: join the club first."
        )
        expect(outsider.locator("#tournament-you button:has-text('Join')")).to_have_count(0)
        outsider.click("#tournament-you .club-only a")
        expect(outsider).to_have_url(re.compile(re.escape(club_url) + "$"))

        pupil.goto(club_url)
        expect(pupil.locator("#club-tournaments")).to_contain_text("Club cup")
        expect(pupil.locator("#club-state")).to_have_text("Du bist Mitglied.")
        screenshot(pupil, "club-member-de")
        for width, height in ((1280, 800), (390, 844)):
            leader.set_viewport_size({"width": width, "height": height})
            leader.goto(club_url)
            overflow = leader.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"the club page scrolls sideways at {width}px"
            screenshot(leader, f"club-page-{width}")
    finally:
        context.close()


def sign_up_german(page) -> str:
    name = f"schueler{uuid.uuid4().hex[:6]}"
    page.goto("/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "a-long-Passw0rd!")
    page.fill("#id_password2", "a-long-Passw0rd!")
    page.click("main form button.button")
    expect(page.locator(".who")).to_contain_text(name)
    return name
