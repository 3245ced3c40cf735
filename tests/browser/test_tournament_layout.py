"""A running tournament's page at 1280x800 and on a 390x844 phone: standings, bar picture,
pairings and matches being played fit the width (nothing scrolls sideways), in English and
German; screenshots for a look. The countdown counts down without a reload. A correspondence
round robin's crosstable shows its results beside the names (not scrolled out of sight), its
names as written, and its clock and countdown in days, in German too."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tooling.world import run_in

pytestmark = pytest.mark.browser

SETUP = """
import json
from accounts.models import User
from games.clocks import TimeControl
from games.services import server_now
from tournaments import services
names = {names!r}
users = [User.objects.get(username=n) for n in names]
now = server_now()
t = services.tournament_create(creator=users[0], name="Autumn Swiss of the chess club Weiße Dame",
    game="powerdrain", format="swiss", rounds=5, time_control=TimeControl.parse("5+3"),
    starts_at=now + 600_000, now=now)
for u in users:
    services.tournament_join(public_id=t.public_id, user=u, now=now)
services.tournament_start_now(public_id=t.public_id, user=users[0], now=server_now())
print(json.dumps(t.public_id))
"""


ROUND_ROBIN = """
import json
from accounts.models import User
from games.clocks import TimeControl
from games.services import server_now
from tournaments import services
users = [User.objects.get(username=n) for n in {names!r}]
now = server_now()
t = services.tournament_create(creator=users[0], name="Letters by post", game="powerdrain",
    format="round-robin", time_control=TimeControl.parse("2d"), round_days=3,
    starts_at=now + 600_000, now=now)
for u in users:
    services.tournament_join(public_id=t.public_id, user=u, now=now)
services.tournament_start_now(public_id=t.public_id, user=users[0], now=server_now())
print(json.dumps(t.public_id))
"""


def _running_swiss(server) -> str:
    stamp = int(time.time() * 1000) % 10**7
    names = [f"layout{stamp}-{i}-{'averyveryverylongname' if i == 3 else 'x'}" for i in range(7)]
    run_in(server.env, {"users": [{"name": n, "token": False} for n in names]})
    return json.loads(server.shell(SETUP.format(names=names)).strip().splitlines()[-1])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_running_tournament_page_fits_desktop_and_phone(new_page, server, language):
    tid = _running_swiss(server)
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(width, height)
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": server.url}]
        )
        page.goto(f"/t/{tid}/")
        expect(page.locator(".standings-table tbody tr")).to_have_count(7)
        expect(page.locator(".playing li")).to_have_count(3)
        expect(page.locator(".rounds .pairings li")).to_have_count(4)  # 3 tables and a bye
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"tournament-running-{width}x{height}-{language}")
    countdown = page.locator(".countdown-left")
    if countdown.count():  # a round's countdown ticks by itself
        first = countdown.text_content()
        expect(countdown).not_to_have_text(first, timeout=3000)


def test_the_list_and_the_create_form_fit_and_show_only_the_chosen_format_s_fields(
    new_page, server
):
    name = f"former{int(time.time() * 1000) % 10**7}"
    run_in(server.env, {"users": [{"name": name, "token": False}]})
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(width, height)
        page.goto("/accounts/login/")
        page.fill("#id_username", name)
        page.fill("#id_password", "a-long-Passw0rd!")
        page.click("main form button.button")
        page.click(".topbar a:has-text('Tournaments')")
        expect(page.locator("h1")).to_have_text("Tournaments")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"tournament-list-{width}x{height}")
        page.click("a:has-text('New tournament')")
        rounds, duration = (
            page.locator("[data-for-format=swiss]"),
            page.locator("[data-for-format=arena]"),
        )
        expect(rounds).to_be_visible()
        expect(duration).to_be_hidden()
        page.check("input[name=format][value=arena]")
        expect(rounds).to_be_hidden()
        expect(duration).to_be_visible()
        days = page.locator("[data-for-days]")  # days per round: correspondence only
        expect(days).to_be_hidden()
        page.select_option("select[name=time_control]", "3d")
        expect(days).to_be_visible()
        page.select_option("select[name=time_control]", "3+2")
        expect(days).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"tournament-new-{width}x{height}")
    page.fill("input[name=name]", "Lunch Arena")
    page.select_option("select[name=time_control]", "3+2")
    page.click("button:has-text('Create the tournament')")
    expect(page.locator("h1")).to_have_text("Lunch Arena")
    expect(page.locator("#tournament-you")).to_contain_text("You are in")
    first = page.locator(".countdown-left").text_content()
    expect(page.locator(".countdown-left")).not_to_have_text(first, timeout=3000)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_correspondence_round_robin_shows_its_crosstable_and_days(new_page, server, language):
    stamp = int(time.time() * 1000) % 10**7
    names = [
        f"post{stamp}-{i}{'-Großmeisterin-Schwanenschmidt' if i == 2 else ''}" for i in range(6)
    ]
    run_in(server.env, {"users": [{"name": n, "token": False} for n in names]})
    tid = json.loads(server.shell(ROUND_ROBIN.format(names=names)).strip().splitlines()[-1])
    days = {"en": ("2 days per turn", "days"), "de": ("2 Tage pro Zug", "Tage")}[language]
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(width, height)
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": server.url}]
        )
        page.goto(f"/t/{tid}/")
        expect(page.locator(".tournament-head p").first).to_contain_text(days[0])
        expect(page.locator(".countdown-left")).to_contain_text(days[1])  # "2 days 23:59:59"
        rows = page.locator(".cross tbody th[scope=row]")
        expect(rows).to_have_count(6)
        assert {t.split(". ", 1)[1] for t in rows.all_inner_texts()} == set(names)  # as written
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 1280:  # every column in sight, the points last
            card = page.locator(".crosstable").bounding_box()
            points = page.locator(".cross thead th").last.bounding_box()
            assert points["x"] + points["width"] <= card["x"] + card["width"], (points, card)
        screenshot(page, f"tournament-crosstable-{width}x{height}-{language}")
