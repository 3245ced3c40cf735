"""The replay of two programs' Hive match with their public hints (a program's own words, some
long) on a desktop and a phone, in German: each move stays on its number's line with its hint
below, the current move and its hint are in sight in the list, a phone's list shows more
than two lines, and a player's card of several lines stays a card (not an ellipse)."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

# Program accounts with public hints, and a finished match of random moves with a hint on
# each, put into the server's database as a match of theirs would be stored.
SEEDED = """
import json, random
from django.utils import timezone
from accounts.models import User
from games.models import Match, Move, Seat
from games.registry import get_engine
users = []
for name in {names!r}:
    user = User.objects.create_user(name, password="a-long-Passw0rd!")
    user.is_program = user.public_hints = True
    user.save()
    users.append(user)
engine, rng = get_engine("hive"), random.Random(3)
state, moves = engine.setup(players=2, seed=3, options={{}}), []
while engine.to_move(state):
    seat = engine.to_move(state)[0]
    move = engine.random_move(state, seat, rng)
    moves.append((seat, move))
    state = engine.apply(state, seat, move)
now = timezone.now()
match = Match.objects.create(game="hive", seed=3, options={{}}, players=2,
    status=Match.Status.FINISHED, ply=len(moves), state=engine.to_json(state),
    result=engine.outcome(state), created_by=users[0], started_at=now, finished_at=now)
Seat.objects.bulk_create(Seat(match=match, index=i, user=u) for i, u in enumerate(users))
Move.objects.bulk_create(
    Move(match=match, ply=p, seat=s, move=m, hint={hint!r} if s else f"eval {{p}}, depth 3")
    for p, (s, m) in enumerate(moves))
print(json.dumps(match.public_id))
"""
HINT = (
    "Plan: das Zentrum nehmen, weil die gegnerische Biene eingeschlossen werden kann; PV=Q1-A2-B3"
)

# Rows whose move does not start on the line of its number (top edges more than 4px apart).
OFF_LINE = """() => [...document.querySelectorAll('#move-list li:has(.hint)')]
  .filter((li) => Math.abs(li.querySelector('a').getBoundingClientRect().top
                           - li.querySelector('.n').getBoundingClientRect().top) > 4)
  .map((li) => li.querySelector('.n').textContent)"""

# Seat cards whose corner, 8px in from their box's, is not theirs (an ellipse's is not).
ROUND_SEATS = """() => [...document.querySelectorAll('.seats .seat')].filter((seat) => {
  const r = seat.getBoundingClientRect();
  return !seat.contains(document.elementFromPoint(r.left + 8, r.top + 8));
}).length"""

CURRENT_IN_SIGHT = """() => {
  const list = document.getElementById('move-list').getBoundingClientRect();
  const row = document.querySelector('#move-list li.current').getBoundingClientRect();
  return row.top >= list.top - 1 && row.bottom <= list.bottom + 1;
}"""


def test_a_replay_with_long_hints_keeps_each_move_on_its_line(new_page, server):
    stamp = int(time.time() * 1000) % 10**7
    names = [f"hinter{stamp}-a", f"hinter{stamp}-Überlegenheitsmaschine"]
    public_id = json.loads(
        server.shell(SEEDED.format(names=names, hint=HINT)).strip().splitlines()[-1]
    )
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(width, height)
        page.context.add_cookies([{"name": "django_language", "value": "de", "url": server.url}])
        page.goto(f"/m/{public_id}/replay/?ply=30")
        expect(page.locator("#move-list .hint-label").first).to_have_text("Hinweis:")
        expect(page.locator("#move-list li.current .hint")).to_contain_text("Plan: das Zentrum")
        assert page.evaluate(OFF_LINE) == []
        assert page.evaluate(CURRENT_IN_SIGHT)
        if width == 390:
            assert page.locator("#move-list").bounding_box()["height"] >= 200
            assert page.evaluate(ROUND_SEATS) == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"replay-hints-{width}")
