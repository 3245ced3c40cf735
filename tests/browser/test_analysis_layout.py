"""A four-player power-companies analysis (tests/analysis/companies_four.json, a player with a
long name) on a desktop and a phone, in English and German: the table of chances and
expected places and the final ranking fit a 390px phone, the graph keeps 40 px tap columns
there and scrolls, its labels readable and the last one whole, and the move list breaks a move between words, never inside one. The analysis runs
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


# The graph's picture box, its tap columns (width, and the height of one), its x labels (left,
# right, height) and the y axis's words.
GRAPH = """() => {
  const svg = document.querySelector('.analysis-graph').getBoundingClientRect();
  const rects = [...document.querySelectorAll('.analysis-graph .columns rect')].map((r) => r.getBoundingClientRect());
  return {
    left: svg.left, right: svg.right,
    columns: rects.map((r) => r.width),
    height: rects.length ? rects[0].height : 0,
    ticks: [...document.querySelectorAll('.analysis-graph text.tick')].map((t) => {
      const b = t.getBoundingClientRect();
      return [b.left, b.right, b.height];
    }),
    labels: [...document.querySelectorAll('.analysis-graph-y span')].map((s) => s.textContent),
  };
}"""


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
        # The graph keeps its size on a phone and scrolls sideways (issue #54: it shrank to
        # 343x77 px with 19 px tap columns): every position's tap column 40 px by 40 px at
        # least, its labels readable, the last one inside the picture, not cut at its edge.
        got = phone.evaluate(GRAPH)
        assert min(got["columns"]) >= 40 and got["height"] >= 40, got
        assert got["ticks"] and min(t[2] for t in got["ticks"]) >= 11, got
        assert got["ticks"][-1][1] <= got["right"] + 0.5, got
        assert got["ticks"][0][0] >= got["left"] - 0.5, got
        assert got["labels"] == ["100 %", "50", "0"], got
        screenshot(phone, f"analysis-four-390-{language}")
    got = page.evaluate(GRAPH)
    assert got["ticks"][-1][1] <= got["right"] + 0.5, got  # the desktop's last label too
