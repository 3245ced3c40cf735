"""A four-player power-companies analysis (tests/analysis/companies_four.json, a player with a
long name) on a desktop and a phone, in English and German: the table of chances and
expected places and the final ranking fit a 390px phone, the graph's labels stay readable
there, and the move list breaks a move between words, never inside one. The analysis runs
in the server's shell at a few iterations a position (the layout needs its parts, not its
judgment), so the test takes seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import broken_words, screenshot

pytestmark = pytest.mark.browser

RECORD = Path(__file__).parents[1] / "analysis" / "companies_four.json"

ANALYSED = """
import json, uuid
from accounts.models import User
from analysis import runner
from analysis.models import Analysis
from games import services
from games.store import matchlog
user = User.objects.create_user(f"analyst{{uuid.uuid4().hex[:8]}}", password="a-long-Passw0rd!")
match = services.match_import(data=json.loads(open({path!r}).read()), user=user)
total = matchlog.of(match).ply + 1
analysis = Analysis.objects.create(match=match, requested_by=user, iterations=2, total=total)
while runner.run("shell"):
    pass
print(json.dumps(match.public_id))
"""


def test_a_four_player_analysis_fits_a_phone_and_breaks_no_word(new_page, server):
    public_id = json.loads(server.shell(ANALYSED.format(path=str(RECORD))).strip().splitlines()[-1])
    replay = f"/m/{public_id}/replay/"

    page = new_page(1280, 800)
    page.goto(replay)
    expect(page.locator(".analysis-table tbody tr")).to_have_count(4)
    expect(page.locator(".analysis-table th")).to_have_count(5)  # with the expected place
    assert broken_words(page, ".move-list a") == []
    screenshot(page, "analysis-four-1280")

    for language in ("en", "de"):
        phone = new_page(390, 844)
        phone.context.add_cookies(
            [{"name": "django_language", "value": language, "url": server.url}]
        )
        phone.goto(replay)
        expect(phone.locator(".hvc-ranking tbody tr")).to_have_count(4)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (language, width)
        # The graph shrinks to about half on a phone: its labels must not (7px at least), and
        # "100 %" stays inside the picture.
        graph = phone.locator(".analysis-graph").bounding_box()
        label = phone.locator(".analysis-graph text.tick").first.bounding_box()
        assert label["height"] >= 7, label
        assert label["x"] >= graph["x"], (label, graph)
        screenshot(phone, f"analysis-four-390-{language}")
