"""Triangulum through the UI: a secret point spoils a triangle at the reveal, and a whole
three-partie match, with Blue on a desktop, Red on a touch phone and a spectator watching."""

import random
import re

import pytest
from playwright.sync_api import expect

from games.triangulum.engine import ENGINE
from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up, watch
from tests.engines.harness import random_game

pytestmark = pytest.mark.browser

POINT_JS = """([x, y]) => {
  const svg = document.querySelector('svg.triangulum');
  const d = JSON.parse(document.getElementById('tg-data').textContent);
  const p = new DOMPoint(x * d.unit, (d.height - 1 - y) * d.unit).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""


def screen_point(page, at):
    page.locator("svg.triangulum").scroll_into_view_if_needed()
    return page.evaluate(POINT_JS, list(at))


def click_point(page, at):
    """Clicks the SVG where grid point ``at`` is drawn (the script picks the nearest point)."""
    x, y = screen_point(page, at)
    page.mouse.click(x, y)


CENTRE_JS = """([x, y]) => {
  const frame = document.querySelector('.zoom-frame');
  const svg = frame.querySelector('svg.triangulum');
  const d = JSON.parse(document.getElementById('tg-data').textContent);
  const p = new DOMPoint(x * d.unit, (d.height - 1 - y) * d.unit).matrixTransform(svg.getScreenCTM());
  const box = frame.getBoundingClientRect();
  frame.scrollLeft += p.x - (box.left + frame.clientWidth / 2);
  frame.scrollTop += p.y - (box.top + frame.clientHeight / 2);
}"""


def tap_point(page, at):
    """On a touch phone: the board is zoomed (once; it stays zoomed), panned to the point,
    and the point tapped."""
    if page.locator(".zoom-frame").count() == 0:
        page.click("[data-zoom]")
        expect(page.locator(".zoom-frame svg.triangulum")).to_have_count(1)
    page.locator(".zoom-frame").scroll_into_view_if_needed()
    page.evaluate(CENTRE_JS, list(at))
    x, y = page.evaluate(POINT_JS, list(at))
    # A tap is placed in the visual viewport, which a phone may hold off the layout one.
    left, top = page.evaluate("[visualViewport.offsetLeft, visualViewport.offsetTop]")
    page.touchscreen.tap(x - left, y - top)


def place(page, at, secret, pick=click_point, shot=None):
    step = page.locator(".tg-step")
    expect(step).to_have_text("1/2 choose your open point")
    pick(page, at)
    if shot:
        screenshot(page, shot)
    expect(step).to_contain_text("2/2 choose your secret point (only you will see it)")
    pick(page, secret)
    expect(step).to_contain_text(f"secret point ({secret[0]},{secret[1]})")
    page.click("button.tg-confirm")


def choose_triangle(page, points):
    page.click('button[data-mode="triangulate"]')
    for at in points:
        click_point(page, at)
    expect(page.locator(".tg-step")).to_have_text("Triangle chosen: confirm to triangulate")


def wait_ply(pages, ply):
    for page in pages:
        expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))


def start(new_page, browser, server):
    alice = new_page()
    host = sign_up(alice)
    invite = create_match(alice, "triangulum", seat="0")
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=server.url, has_touch=True, is_mobile=True
    )
    phone.set_default_timeout(10_000)
    bob = phone.new_page()
    bob_name = join_as_guest(bob, invite, "Bob")
    watcher = watch(new_page(), bob.url)
    expect(alice.locator("#turn")).to_have_text("Your turn.")
    return host, bob_name, phone, alice, bob, watcher


def js_previews(page, cases):
    return page.evaluate(
        "(cases) => cases.map((c) => window.TriangulumPreview(c.points, c.view))", cases
    )


def same_preview(js, py):
    assert js["valid"] == py["valid"] and js["area"] == py["area"], (js, py)
    if py["reason"].startswith("Your opponent's point"):  # which point is named may differ
        assert js["reason"].startswith("Your opponent's point")
    else:
        assert js["reason"] == py["reason"]


def test_a_revealed_secret_point_spoils_the_triangle(new_page, browser, server):
    host, bob_name, phone, alice, bob, watcher = start(new_page, browser, server)
    pages = (alice, bob, watcher)
    try:
        moves = [
            ("a", [10, 5], [40, 0]),
            ("b", [30, 20], [12, 8]),  # Red's secret point: inside Blue's future triangle
            ("a", [20, 5], [41, 0]),
            ("b", [31, 20], [42, 1]),
            ("a", [10, 15], [43, 0]),
            ("b", [32, 20], [44, 1]),
        ]
        state = ENGINE.setup(2, 0)
        for ply, (who, at, secret) in enumerate(moves):
            if who == "a":
                place(alice, at, secret)
            else:
                shot = "triangulum-phone-zoomed" if ply == 3 else None
                place(bob, at, secret, pick=tap_point, shot=shot)
            state = ENGINE.apply(state, ply % 2, {"type": "place", "open": at, "secret": secret})
            wait_ply(pages, ply + 1)
            expect(watcher.locator(f'.tg-point[data-at="{at[0]},{at[1]}"]')).to_have_count(1)
            if ply == 1:
                screenshot(bob, "triangulum-phone-secret-written")

        # Red's secret is on Red's page only: no element, no attribute anywhere else.
        expect(bob.locator('[data-secret="12,8"]')).to_have_count(1)
        expect(bob.locator(".tg-secret[data-owner='1']")).to_have_count(3)
        for page in (alice, watcher):
            expect(page.locator('[data-secret="12,8"]')).to_have_count(0)
            assert 'data-secret="12,8"' not in page.content() and "12,8" not in page.content()
        assert "data-secret" not in watcher.content()
        expect(alice.locator("[data-secret]")).to_have_count(3)
        expect(watcher.locator('.tg-side[data-side="1"] [data-hidden-count]')).to_have_text("3")

        # Blue's triangle is valid on the open board; the JS preview agrees with the engine.
        triangle = [[10, 5], [20, 5], [10, 15]]
        choose_triangle(alice, triangle)
        preview = alice.locator(".tg-preview")
        area = ENGINE.triangle_preview(state, 0, triangle)["area"]
        expect(preview).to_have_text(
            f"Area {area} — valid on the open board. "
            "The reveal of the secret points may still spoil it."
        )
        expect(alice.locator("button.tg-confirm")).to_be_enabled()
        screenshot(alice, "triangulum-triangle-preview")
        tries = [triangle, [[10, 5], [20, 5], [30, 20]], [[10, 5], [20, 5], [30, 5]]]
        tries += [[[10, 5], [10, 15], [10, 10]], [[0, 0], [45, 0], [0, 28]]]
        cases = [{"points": t, "view": ENGINE.view(state, 0)} for t in tries]
        cases.append({"points": triangle, "view": ENGINE.view(state, 1)})
        for case, js in zip(cases, js_previews(alice, cases), strict=True):
            same_preview(js, ENGINE.triangle_preview(state, case["view"]["seat"], case["points"]))
        # Random positions of random games, with scored triangles of both seats.
        cases, expected = [], []
        rng = random.Random(7)
        for seed in (1, 2):
            for n, (s, seat, _) in enumerate(random_game(ENGINE, 2, seed)):
                if seat is None or n % 37:
                    continue
                view = ENGINE.view(s, seat)
                own = view["points"][seat]
                for _ in range(6):
                    if len(own) >= 7 and rng.random() < 0.7:  # small triangles: often valid
                        a = rng.choice(own)
                        near = sorted(own, key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
                        pts = [a, *rng.sample(near[1:7], 2)]
                    elif len(own) >= 3 and rng.random() < 0.5:
                        pts = rng.sample(own, 3)
                    else:
                        pts = [[rng.randrange(46), rng.randrange(29)] for _ in range(3)]
                    cases.append({"points": pts, "view": view})
                    expected.append(ENGINE.triangle_preview(s, seat, pts))
        assert sum(e["valid"] for e in expected) > 10 and len(cases) > 200
        for js, py in zip(js_previews(alice, cases), expected, strict=True):
            same_preview(js, py)

        alice.click("button.tg-confirm")
        wait_ply(pages, 7)
        for page in pages:
            expect(page.locator('[data-failed="10,5 20,5 10,15"]')).to_have_count(1)
            expect(page.locator('.tg-event[data-revealed="12,8"]')).to_have_attribute(
                "data-writer", "1"
            )
            expect(page.locator('.tg-point[data-at="12,8"]')).to_have_attribute("data-owner", "1")
            expect(page.locator("[data-triangle]")).to_have_count(0)
            expect(page.locator("[data-secret]")).to_have_count(0)
            expect(page.locator(".tg-reveal-text")).to_contain_text(
                "Not scored: Red's point (12,8) lies inside the triangle or on its edge."
            )
            expect(page.locator("#last-turn")).to_contain_text("spoiled by the reveal")
            expect(page.locator('[data-side="0"] [data-total]')).to_have_text("0")
        expect(bob.locator("#turn")).to_have_text("Your turn.")
        expect(alice.locator("#turn")).to_have_text(f"Waiting for {bob_name}.")
        screenshot(watcher, "triangulum-reveal-spoiled-spectator")
        screenshot(bob, "triangulum-reveal-spoiled-phone")
    finally:
        phone.close()


def test_a_whole_match_of_three_parties(new_page, browser, server):
    host, bob_name, phone, alice, bob, watcher = start(new_page, browser, server)
    pages = (alice, bob, watcher)
    try:
        ply = 0
        for n, (a, b) in enumerate([([3, 3], [30, 20]), ([11, 3], [31, 20]), ([3, 9], [32, 20])]):
            place(alice, a, [40 + n, 0])
            place(bob, b, [40 + n, 1], pick=tap_point)
            ply += 2
            wait_ply(pages, ply)
        choose_triangle(alice, [[3, 3], [11, 3], [3, 9]])
        area = ENGINE.triangle_preview(
            ENGINE.from_json(
                {
                    "partie": 1, "turns": 0, "passes": 0,
                    "points": [[[3, 3], [3, 9], [11, 3]], []], "triangles": [],
                    "secrets": [[], []], "match": [0, 0], "history": [],
                    "last_move": None, "reveal": None, "result": None,
                }
            ),
            0,
            [[3, 3], [11, 3], [3, 9]],
        )["area"]  # fmt: skip
        expect(alice.locator(".tg-preview")).to_contain_text(f"Area {area} — valid")
        alice.click("button.tg-confirm")
        ply += 1
        wait_ply(pages, ply)
        for page in pages:
            tri = page.locator('[data-triangle="3,3 3,9 11,3"]')
            expect(tri).to_have_attribute("data-area", str(area))
            expect(tri.locator("text")).to_have_text(str(area))
            expect(page.locator('[data-side="0"] [data-total]')).to_have_text(str(area))
            expect(page.locator(".tg-events .tg-event")).to_have_count(6)
        screenshot(alice, "triangulum-scored-desktop")
        screenshot(bob, "triangulum-scored-phone")

        # Red passes, Blue passes: partie 1 is over. Then two passes end parties 2 and 3.
        passers = [bob, alice, bob, alice, alice, bob]
        for n, page in enumerate(passers):
            expect(page.locator("#turn")).to_have_text("Your turn.")
            if n % 2 == 1:
                expect(page.locator("button.tg-pass")).to_contain_text("(ends part)")
            page.click("button.tg-pass")
            ply += 1
            wait_ply(pages, ply)
            if n == 1:
                for p in pages:
                    expect(p.locator("[data-partie]").first).to_have_text("2")
                    expect(p.locator(".tg-banner")).to_contain_text("Part 1 is over")
                    expect(p.locator('[data-side="0"] [data-match]')).to_have_text(str(area))
                    expect(p.locator(".tg-point[data-at]")).to_have_count(0)
                expect(bob.locator("#turn")).to_have_text("Your turn.")  # Red starts partie 2
                expect(watcher.locator(".tg-starter")).to_have_text("Red starts")
                screenshot(watcher, "triangulum-partie-2-spectator")

        for page in pages:
            expect(page.locator(".tg-banner.final")).to_have_text(
                f"Match over after 3 parts — Blue {area} : Red 0."
            )
            expect(page.locator(".tg-record")).to_have_count(3)
            expect(page.locator('.seat[data-seat="0"]')).to_have_class(re.compile("winner"))
            expect(page.locator("[data-move]")).to_have_count(0)
        expect(alice.locator("#turn")).to_have_text("You won on match points!")
        expect(bob.locator("#turn")).to_have_text(f"{host} won on match points.")
        expect(watcher.locator("#turn")).to_have_text(f"{host} won on match points.")
        screenshot(watcher, "triangulum-finished")
        screenshot(bob, "triangulum-finished-phone")

        # The replay shows both players' secret points at every ply.
        watcher.click("a:has-text('Replay')")
        expect(watcher.locator("#replay")).to_have_attribute("data-ply", str(ply))
        watcher.goto(watcher.url.split("?")[0] + "?ply=5")
        expect(watcher.locator('[data-secret="41,0"][data-owner="0"]')).to_have_count(1)
        expect(watcher.locator('[data-secret="40,1"][data-owner="1"]')).to_have_count(1)
        expect(watcher.locator("[data-secret]")).to_have_count(5)
        screenshot(watcher, "triangulum-replay-secrets")
    finally:
        phone.close()
