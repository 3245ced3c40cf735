"""Every board, its players, its move controls and the move list fit one screen.

Matches are put into the server's database mid-game and finished, then opened at a
desktop size (1280×800: nothing may need scrolling) and a phone size (390×844: one column,
no horizontal scroll). Screenshots of every board at both sizes land in test-artifacts/.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import log_in as sign_in
from tests.browser.seed import run_in

pytestmark = pytest.mark.browser

GAMES = [
    ("high-voltage", 2, 40),
    ("high-voltage-companies", 3, 3),
    ("hive", 2, 20),
    ("triangulum", 2, 30),
    ("powerdrain", 2, 6),
]
DESKTOP, PHONE = (1280, 800), (390, 844)


@pytest.fixture(scope="module")
def seeded(server):
    """A running and a finished match of every game, alice in seat 0 of each."""
    spec = {
        "users": ["layout-alice", "layout-bob", "layout-carol"],
        "matches": [
            {"game": slug, "players": players, "plies": plies, "seed": 7}
            for slug, players, plies in GAMES
        ]
        + [
            {"game": slug, "players": players, "finish": True, "seed": 7}
            for slug, players, _ in GAMES
        ],
    }
    ids = run_in(server.env, spec)
    return dict(zip([g[0] for g in GAMES], ids[: len(GAMES)], strict=True)), dict(
        zip([g[0] for g in GAMES], ids[len(GAMES) :], strict=True)
    )


def log_in(new_page, size, name="layout-alice"):
    page = new_page(*size)
    sign_in(page, name)
    return page


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def inside_viewport(page, selector, size):
    b = box(page, selector)
    assert b is not None, selector
    width, height = size
    assert b["x"] >= 0 and b["x"] + b["width"] <= width + 0.5, (selector, b)
    assert b["y"] >= 0 and b["y"] + b["height"] <= height + 0.5, (selector, b)


def no_horizontal_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("slug", [g[0] for g in GAMES])
def test_a_running_board_fits_a_desktop_screen_and_a_phone_column(new_page, seeded, slug):
    running, _ = seeded
    page = log_in(new_page, DESKTOP)
    page.goto(f"/m/{running[slug]}/")
    expect(page.locator("#conn")).to_have_text("live")
    for selector in (".board-svg", ".seats", "#turn", ".moves", ".move-list li.current"):
        inside_viewport(page, selector, DESKTOP)
    screenshot(page, f"layout-{slug}-desktop")
    assert page.evaluate("document.documentElement.scrollHeight") <= DESKTOP[1]
    screenshot(page, f"layout-{slug}-desktop")

    phone = log_in(new_page, PHONE)
    phone.goto(f"/m/{running[slug]}/")
    expect(phone.locator("#conn")).to_have_text("live")  # the connect push has been swapped in
    no_horizontal_scroll(phone)
    # One column in the order of play: players, whose turn, the board, then the moves.
    tops = [box(phone, s)["y"] for s in (".seats", "#turn", ".board-svg", ".moves")]
    assert tops == sorted(tops)
    screenshot(phone, f"layout-{slug}-phone")


@pytest.mark.parametrize("slug", [g[0] for g in GAMES])
def test_a_finished_board_shows_the_result_and_nothing_playable(new_page, seeded, slug):
    _, finished = seeded
    page = log_in(new_page, DESKTOP)
    page.goto(f"/m/{finished[slug]}/")
    text = page.locator("#turn").inner_text()
    assert " won " in text or "drawn" in text or "You won" in text
    board = page.locator("#board")
    expect(board.locator("[data-move], [data-pick], [data-place], .tg-controls")).to_have_count(0)
    expect(page.locator(".seat.to-move")).to_have_count(0)
    expect(page.locator(".conn")).to_have_text("finished")
    expect(board).not_to_contain_text(" to move")
    expect(board).not_to_contain_text("is choosing an action")
    expect(page.locator(".match-controls a:has-text('Replay')")).to_be_visible()
    screenshot(page, f"finished-{slug}-desktop")
    phone = log_in(new_page, PHONE)
    phone.goto(f"/m/{finished[slug]}/")
    no_horizontal_scroll(phone)
    screenshot(phone, f"finished-{slug}-phone")


def test_the_move_list_keeps_the_current_move_in_sight_in_a_long_replay(new_page, seeded):
    _, finished = seeded
    page = log_in(new_page, DESKTOP)
    page.goto(f"/m/{finished['triangulum']}/replay/")
    inside_viewport(page, ".move-list li.current", DESKTOP)
    page.wait_for_load_state("load")
    page.keyboard.press("Home")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "0")
    for _ in range(40):  # faster than the server answers: no press may be lost
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "40")
    inside_viewport(page, ".move-list li.current", DESKTOP)
    # Every entry sits in one column inside the list's box.
    list_box = box(page, ".move-list")
    last = page.locator(".move-list li").last.bounding_box()
    assert last["x"] + last["width"] <= list_box["x"] + list_box["width"] + 1
    screenshot(page, "replay-triangulum-desktop")


# Pages that overflowed 800 px in a walk-through (issue #25, item 5): a four-player power
# companies match (the mover's controls, and a waiting player's line), High Voltage's opening
# with its keep-or-mirror panel, and every match page seen by a visitor who is not logged in.
CROWDED = [
    ("high-voltage-companies", 4, 0),
    ("high-voltage-companies", 4, 1),
    ("high-voltage-companies", 4, 6),
    ("high-voltage", 2, 0),
]


@pytest.fixture(scope="module")
def crowded(server):
    spec = {
        "users": ["layout-alice", "layout-bob", "layout-carol", "layout-dave"],
        "matches": [
            {"game": slug, "players": players, "plies": plies, "seed": 11}
            for slug, players, plies in CROWDED
        ],
    }
    return run_in(server.env, spec)


def whole_page_fits(page, size, name):
    """Nothing scrolls: the page, the board, the players, the turn and the last turn."""
    width, height = size
    screenshot(page, name)
    assert page.evaluate("document.documentElement.scrollHeight") <= height, name
    for selector in (".board-svg", ".seats", "#turn", ".moves", "#last-turn"):
        if page.locator(selector).count():
            inside_viewport(page, selector, size)


@pytest.mark.parametrize("index", range(len(CROWDED)))
def test_crowded_boards_fit_a_desktop_screen(new_page, crowded, index):
    slug, players, plies = CROWDED[index]
    page = log_in(new_page, DESKTOP)
    page.goto(f"/m/{crowded[index]}/")
    expect(page.locator("#conn")).to_have_text("live")
    whole_page_fits(page, DESKTOP, f"crowded-{slug}-{players}p-ply{plies}-desktop")
    phone = log_in(new_page, PHONE)
    phone.goto(f"/m/{crowded[index]}/")
    expect(phone.locator("#conn")).to_have_text("live")
    no_horizontal_scroll(phone)
    screenshot(phone, f"crowded-{slug}-{players}p-ply{plies}-phone")


@pytest.mark.parametrize("slug", [g[0] for g in GAMES])
def test_a_visitor_who_is_not_logged_in_sees_the_board_in_one_screen(new_page, seeded, slug):
    running, _ = seeded
    page = new_page(*DESKTOP)
    page.goto(f"/m/{running[slug]}/")
    expect(page.locator(".spectating")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("live")
    whole_page_fits(page, DESKTOP, f"logged-out-{slug}-desktop")


def test_logged_out_pages_fit_a_desktop_screen(new_page):
    """Everything but a list's rows fits one screen: the rows of the watch and history lists
    grow with the matches this session's other tests left running, and a long list scrolls."""
    page = new_page(*DESKTOP)
    for path in ("/accounts/login/", "/watch/", "/history/", "/m/import/"):
        page.goto(path)
        name = "logged-out" + path.replace("/", "-").rstrip("-")
        screenshot(page, name)
        rows = page.evaluate(
            "[...document.querySelectorAll('table.list tbody')]"
            ".reduce((sum, body) => sum + body.getBoundingClientRect().height, 0)"
        )
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height - rows <= DESKTOP[1], path
