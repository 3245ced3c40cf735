"""The venue as a new player finds it (issue #54), at 1280x800 and on a 390x844 phone, in
German and English, with screenshots to look at:

- a chat refusal ("Zu viele Chatzeilen…") under a live Hive match's chat leaves every seat
  card whole (it had cut the second one off);
- clicking an occupied Powerdrain square says the square is taken (it said "That piece
  cannot move now", though Powerdrain's pieces never move);
- a finished match's own page offers Analyse under its board, and shows its result there;
- a finished tournament names its winner on a podium, its pairings say their results and
  scores ("28 : 56" on one line), its bars' names and points read at 12 px and more, whole;
- the leaderboard of a new group (one whose rating still settles says so inside the page)
  and a ladder without programs, as they read.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser import seed
from tests.browser.conftest import broken_words, screenshot
from tests.browser.flows import log_in

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (390, 844))


def _language(page, server, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])


def _page(new_page, server, size, language, name=None):
    page = new_page(*size)
    _language(page, server, language)
    if name:
        log_in(page, name)
    return page


def _each_language_and_size(page, server):
    """The page in German and English at both sizes, one login: yields each (language,
    width, height) once the cookie and the viewport are set."""
    for language in ("de", "en"):
        _language(page, server, language)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            yield language, width, height


def _stamp() -> int:
    return int(time.time() * 1000) % 10**7


# Each seat card against the players' card holding it.
SEATS = """() => {
  const side = document.querySelector('.match-side .seats').getBoundingClientRect();
  return {
    side: [side.top, side.bottom],
    seats: [...document.querySelectorAll('.match-side .seat')].map((el) => {
      const b = el.getBoundingClientRect();
      return [b.top, b.bottom];
    }),
  };
}"""


def test_a_chat_refusal_leaves_every_seat_card_whole(new_page, server):
    names = [f"Bernadette{_stamp()}", f"Christophine{_stamp()}"]
    (hive,) = seed.run_in(
        server.env, {"users": names, "matches": [{"game": "hive", "plies": 6, "seed": 5}]}
    )
    page = _page(new_page, server, (1280, 800), "de", names[0])
    page.goto(f"/m/{hive}/")
    expect(page.locator("#conn")).to_have_text("live")
    room = page.locator("#chat .chat-room:not([hidden])")
    for n in range(4):  # the socket's burst is three lines: the fourth is refused
        room.locator("input[type=text]").fill(f"Zeile {n}")
        room.locator("button.button").click()
        if n < 3:
            expect(page.locator("#chat-lines-player .chat-line")).to_have_count(n + 1)
    expect(page.locator("#chat .chat-error")).to_contain_text("Zu viele Chatzeilen")
    got = page.evaluate(SEATS)
    screenshot(page, "new-player-chat-refusal-1280x800-de")
    assert len(got["seats"]) == 2, got
    for top, bottom in got["seats"]:
        assert got["side"][0] - 0.5 <= top and bottom <= got["side"][1] + 0.5, got


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_occupied_powerdrain_square_is_said_to_be_taken(new_page, server, language):
    names = [f"Ottilie{_stamp()}", f"Henrike{_stamp()}"]
    (match,) = seed.run_in(
        server.env,
        {"users": names, "matches": [{"game": "powerdrain", "plies": 4, "seed": 3}]},
    )
    page = _page(new_page, server, (1280, 800), language, names[0])
    page.goto(f"/m/{match}/")
    expect(page.locator("#conn")).to_have_text("live")
    expect(page.locator("#board.my-turn")).to_have_count(1)
    for owner in ("0", "1"):  # one's own plug and the opponent's alike
        page.locator(f'svg.powerdrain .pd-cell[data-owner="{owner}"]').first.click()
        expect(page.locator("#frame-error")).to_have_text(
            "That place is taken: pick a free highlighted one."
            if language == "en"
            else "Dieses Feld ist schon besetzt: Wähle ein freies, hervorgehobenes."
        )


# A finished match analysed in the server's shell at a few iterations a position (the page
# needs its parts, not its judgment).
ANALYSED = """
import json
from analysis import runner
from analysis.models import Analysis
from games.store import matchlog
from games.models import Match
match = Match.objects.get(public_id={public_id!r})
Analysis.objects.create(match=match, requested_by=match.created_by, iterations=2,
    total=matchlog.of(match).ply + 1)
while runner.run("shell"):
    pass
print(json.dumps(match.public_id))
"""


def test_a_finished_match_page_offers_analyse_and_shows_its_result(new_page, server):
    names = [f"Friederike{_stamp()}", f"Apollonia{_stamp()}"]
    asked, shown = seed.run_in(
        server.env,
        {
            "users": names,
            "matches": [
                {"game": "powerdrain", "finish": True, "seed": 7},
                {"game": "powerdrain", "finish": True, "seed": 8},
            ],
        },
    )
    server.shell(ANALYSED.format(public_id=shown))
    for language in ("de", "en"):
        for size in SIZES:
            page = _page(new_page, server, size, language, names[0])
            page.goto(f"/m/{asked}/")
            button = page.locator(".finished-parts #analyse")
            expect(button).to_be_visible()
            screenshot(page, f"new-player-analyse-button-{size[0]}x{size[1]}-{language}")
            page.goto(f"/m/{shown}/")
            expect(page.locator(".analysis-result .accuracy-value")).to_have_count(2)
            for bar in page.locator(".analysis-result .accuracy-bar").all():
                assert bar.bounding_box()["width"] >= 40
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
            screenshot(page, f"new-player-analysis-result-{size[0]}x{size[1]}-{language}")
    # Asked from the match page, the analysis runs there: its progress, then its result.
    page.goto(f"/m/{asked}/")
    page.click(".finished-parts #analyse")
    expect(page).to_have_url(f"{server.url}/m/{asked}/")
    expect(page.locator(".analysis-result .accuracy-value")).to_have_count(2, timeout=120_000)


FINISHED_SWISS = """
import json, random
from accounts.models import User
from games import services as games
from games.clocks import TimeControl
from games.models import Match
from games.registry import get_engine
from games.services import server_now
from tournaments import services
from tournaments.models import Pairing
users = [User.objects.get(username=n) for n in {names!r}]
now = server_now()
t = services.tournament_create(creator=users[0], name="Herbstturnier der Schachfreunde",
    game="high-voltage", format="swiss", rounds=1, time_control=TimeControl.parse("5+3"),
    starts_at=now + 600_000, now=now)
for u in users:
    services.tournament_join(public_id=t.public_id, user=u, now=now)
services.tournament_start_now(public_id=t.public_id, user=users[0], now=server_now())
while services.tournament_advance(tournament_id=t.pk, now=server_now()):
    pass  # the round's tables, made here rather than waiting for the worker's steps
rng = random.Random(4)
for pairing in Pairing.objects.filter(tournament=t).exclude(match=None):
    match = Match.objects.get(pk=pairing.match_id)
    engine = get_engine(match.game)
    while match.status == Match.Status.ACTIVE:
        state = engine.from_json(match.state)
        seat = engine.to_move(state)[0]
        mover = match.seat_list()[seat].user
        match = games.move_play(match_id=match.pk, user=mover, ply=match.ply,
            move=engine.random_move(state, seat, rng))
print(json.dumps(t.public_id))
"""

# The standings' bar labels' font sizes, the pairings' results and the podium's steps.
TOURNAMENT = """() => ({
  labels: [...document.querySelectorAll('.points-bars :is(.bar-name, .bar-points)')].map(
    (el) => parseFloat(getComputedStyle(el).fontSize)),
  cut: [...document.querySelectorAll('.points-bars .bar-name, .podium-name')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  results: [...document.querySelectorAll('.pairings .pairing-result')].map((el) => el.textContent),
  scores: [...document.querySelectorAll('.pairings .score-text')].map((el) => el.textContent),
  steps: [...document.querySelectorAll('.podium-steps .step')].map((el) => {
    const b = el.getBoundingClientRect();
    return [b.left, b.right, b.height];
  }),
  width: document.documentElement.scrollWidth,
})"""


def test_a_finished_tournament_names_its_winner_and_its_results(new_page, server):
    names = [f"Wilhelmine-{i}{_stamp()}" for i in range(4)]
    seed.run_in(server.env, {"users": names, "matches": []})
    tid = json.loads(server.shell(FINISHED_SWISS.format(names=names)).strip().splitlines()[-1])
    for language in ("de", "en"):
        for size in SIZES:
            page = _page(new_page, server, size, language)
            page.goto(f"/t/{tid}/")
            expect(page.locator(".podium h2")).to_be_visible(timeout=30_000)
            # One round of two tables: one winner, or two who share the first place.
            said = {
                "de": r"(hat das Turnier|haben das Turnier gemeinsam) gewonnen",
                "en": r"won the tournament( together)?$",
            }
            expect(page.locator(".podium h2")).to_have_text(re.compile(said[language]))
            got = page.evaluate(TOURNAMENT)
            screenshot(page, f"new-player-tournament-finished-{size[0]}x{size[1]}-{language}")
            assert got["width"] <= size[0], got
            assert got["labels"] and min(got["labels"]) >= 12, got
            assert len(got["results"]) == 2 and set(got["results"]) <= {"1–0", "0–1", "½–½"}
            assert len(got["scores"]) == 2 and all("\u00a0:\u00a0" in s for s in got["scores"])
            assert broken_words(page, ".pairings .score-text, .pairings .pairing-result") == []
            # The bars' names whole (they had been cut: "Wilhelmine-0…"), and a podium name of
            # a word and a number breaks only between them on a phone's third.
            assert got["cut"] == [], got
            assert broken_words(page, ".podium-name") == []
            assert len(got["steps"]) == 3
            for left, right, _height in got["steps"]:
                assert left >= 0 and right <= size[0], got
            # The winner's step is the highest, in the middle.
            heights = [h for _l, _r, h in got["steps"]]
            assert heights[0] == max(heights) and got["steps"][0][0] > got["steps"][1][0]


# A new group's Triangulum ratings: a few rated matches each, nobody at the board's ten yet
# but one, whose rating still settles (met no five opponents): a sentence where the others
# have a count, which had run 69 px past a desktop's page and 148 px in German.
CLOSE = """
from accounts.models import User
from ratings.models import Rating
for name, games in {close!r}:
    user = User.objects.create_user(name, password="a-long-Passw0rd!")
    Rating.objects.create(user=user, game="triangulum", mu=25.0, sigma=8.0, games=games)
"""


def test_a_new_groups_leaderboard_and_ladder_read_whole(new_page, server):
    close = [(f"Kunigunde{_stamp()}-{n}", n) for n in (12, 9, 6, 2)]
    server.shell(CLOSE.format(close=close))
    for language in ("de", "en"):
        for size in SIZES:
            page = _page(new_page, server, size, language)
            page.goto("/leaderboard/triangulum/")
            rows = page.locator(".unsettled-list li")
            expect(rows).to_have_count(4)
            expect(rows.first).to_contain_text(
                "still settling" if language == "en" else "pendelt sich noch ein"
            )
            expect(rows.nth(1)).to_contain_text(
                "1 more match" if language == "en" else "noch 1 Spiel"
            )
            for row in rows.all():  # each row's words inside it
                inside, said = row.bounding_box(), row.locator(".missing").bounding_box()
                assert said["x"] + said["width"] <= inside["x"] + inside["width"] + 0.5, said
            for bar in page.locator(".unsettled-list .settle-bar").all():
                assert bar.bounding_box()["width"] >= 40
            for path, name in (
                ("/leaderboard/triangulum/", "leaderboard"),
                ("/ladder/hive/", "ladder"),
            ):
                page.goto(path)
                assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
                screenshot(page, f"new-player-{name}-{size[0]}x{size[1]}-{language}")
            expect(page.locator(".no-program")).to_be_visible()
            # An empty queue is no numbered list of one ("1. Nobody is waiting.").
            empty = page.locator(".ladder-queue li.empty")
            expect(empty).to_be_visible()
            expect(empty).to_have_css("list-style-type", "none")  # a push may redraw it
            # The references the page's words speak of, marked as such on a phone too.
            expect(page.locator(".ladder-row .bot-mark")).to_have_count(3)
            for badge in page.locator(".ladder-row .bot-mark").all():
                expect(badge).to_be_visible()


def test_a_live_match_shows_both_seat_cards_whole_beside_a_long_name(new_page, server):
    """A live Hive match of a player whose name takes two lines: at 1280x800 the players' card
    holds both seats whole, in German too (the move list gives way: half the second card had
    been hidden, its rating with it); on a phone each card keeps to the page's width."""
    names = [f"Bernadette-Schwanenschmidt{_stamp()}", f"Christophine{_stamp()}"]
    (hive,) = seed.run_in(
        server.env, {"users": names, "matches": [{"game": "hive", "plies": 6, "seed": 5}]}
    )
    page = _page(new_page, server, SIZES[0], "de", names[0])
    for language, width, height in _each_language_and_size(page, server):
        page.goto(f"/m/{hive}/")
        expect(page.locator("#conn")).to_have_text("live")
        expect(page.locator(".match-side .seat")).to_have_count(2)
        got = page.evaluate(SEATS)
        screenshot(page, f"new-player-live-seats-{width}x{height}-{language}")
        for top, bottom in got["seats"]:
            assert got["side"][0] - 0.5 <= top and bottom <= got["side"][1] + 0.5, got
        assert page.evaluate("document.documentElement.scrollWidth") <= width


UPCOMING_ARENA = """
import json
from accounts.models import User
from games.clocks import TimeControl
from games.services import server_now
from tournaments import services
user = User.objects.create_user({name!r}, password="a-long-Passw0rd!")
now = server_now()
t = services.tournament_create(creator=user, name="Abendarena", game="powerdrain",
    format="arena", minutes=60, time_control=TimeControl.parse("3+2"),
    starts_at=now + 600_000, now=now)
print(json.dumps(t.public_id))
"""

# The lines the words "3 min + 2 s" of the tournament's header are laid out on.
CONTROL_LINES = """() => {
  const head = document.querySelector('.tournament-head p.muted');
  const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const m = node.data.match(/3\\smin\\s\\+\\s2\\ss/);
    if (!m) continue;
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  }
  return 0;
}"""


def test_a_tournaments_time_control_stays_on_one_line(new_page, server):
    """ "Powerdrain · Arena, 60 Minuten · 3 min + 2 s" on a phone in German: the time control
    is never cut across lines ("3 min" over "+ 2 s", as "28 :" over "56" was)."""
    tid = json.loads(server.shell(UPCOMING_ARENA.format(name=f"Adelheid{_stamp()}")).split()[-1])
    page = _page(new_page, server, SIZES[0], "de")
    for language, width, _ in _each_language_and_size(page, server):
        page.goto(f"/t/{tid}/")
        expect(page.locator(".tournament-head h1")).to_have_text("Abendarena")
        assert page.evaluate(CONTROL_LINES) == 1, (width, language)
