"""Every game's lesson played to its end in the browser, on a desktop (1280×800) and a
phone (390×844), one of them in German: the learner clicks the real board, a wrong move
is answered with why and the step is tried again, each step earns its stars, and the end
offers a match against the Easy computer. On the phone the task sits right above the board
and the board starts in the top part of the screen. Two screenshots per lesson and size go
to test-artifacts: the first step as it opens (the top of the screen) and the last one done.

Kept cheap for CI: one server and one browser for the session, one page per size for the
file (the German lesson has its own), no sleeps: each move waits only for its own answer."""

import json
import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from lessons import steps
from tests.browser.conftest import ARTIFACTS, screenshot
from tests.browser.test_triangulum_flow import click_point

pytestmark = pytest.mark.browser

PENDING = re.compile(r"\bpending\b")  # a move on its way (static/js/match.js)
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def field(at) -> str:
    return ",".join(map(str, at))


def move_attr(move) -> str:
    return json.dumps(move, separators=(",", ":"))


def play_powerdrain(page, move):
    """From the keyboard: a cell takes the focus and Enter plays it; drafting, the plug is
    picked first and then its section clicked."""
    cell = page.locator(f'.pd-cell[data-cell="{move["at"][0]}-{move["at"][1]}"]')
    if "plug" in move:
        page.locator(f'.plug-choice[data-select="plug-{move["plug"]}"]').click()
        cell.locator(f'.pd-draft-target[data-group="plug-{move["plug"]}"]').click()
        return
    cell.focus()
    cell.press("Enter")


def play_high_voltage(page, move):
    page.locator(f"[data-move='{move_attr(move)}']").click()


def play_hive(page, move):
    if move["type"] == "skip":
        page.locator("button.hx-skip").click()
        return
    if move["type"] == "set":
        page.locator(f'.hx-reserve button[data-select="set-{move["piece"]}"]').click()
    else:
        page.locator(f'.hx-stack.movable[data-field="{field(move["from"])}"]').click()
    page.locator(f'.hx-target.shown[data-field="{field(move["to"])}"]').click()


def play_triangulum(page, move):
    if move["type"] == "pass":
        page.locator("button.tg-pass").click()
    elif move["type"] == "place":
        click_point(page, move["open"])
        click_point(page, move["secret"])
        page.locator("button.tg-confirm").click()
    else:
        page.locator('button[data-mode="triangulate"]').click()
        for at in move["points"]:
            click_point(page, at)
        page.locator("button.tg-confirm").click()


def play_companies(page, move):
    kind = move["type"]
    if kind == "reveal":
        page.locator(f'.hvc-card.down[data-at="{field(move["at"])}"]').click()
    elif kind == "place":
        page.locator('[data-do="place"]').click()
    elif kind == "rotate":
        page.locator(f'.hvc-card.up[data-at="{field(move["at"])}"]').click()
        for _ in range(move["rotation"] - page_rotation(page, move["at"])):
            page.locator('[data-rot="a"][data-step="1"]').click()
        page.locator('[data-do="rotate"]').click()
    elif kind == "move":  # the card's own rotation: the moves here keep it
        page.locator(f'.hvc-card.up[data-at="{field(move["from"])}"]').click()
        page.locator('[data-do="move"]').click()
    elif kind == "swap":
        for at in (move["a"], move["b"]):
            page.locator(f'.hvc-card.up[data-at="{field(at)}"]').click()
        page.locator('[data-do="swap"]').click()
    elif kind == "declare":
        page.locator(f"button.declare[data-move='{move_attr(move)}']").click()
    elif kind == "double":
        page.locator(f"[data-move='{move_attr(move)}']").click()
    else:
        page.locator(f"button.end[data-move='{move_attr(move)}']").click()


def page_rotation(page, at) -> int:
    return int(page.locator(f'.hvc-card.up[data-at="{field(at)}"]').get_attribute("data-rot"))


PLAY = {
    "powerdrain": play_powerdrain,
    "high-voltage": play_high_voltage,
    "hive": play_hive,
    "triangulum": play_triangulum,
    "high-voltage-companies": play_companies,
}
CASES = [(slug, size) for slug in PLAY for size in SIZES]


@pytest.fixture(scope="module")
def page_at(browser, server):
    """One page per size for the whole file, its cache warm from lesson to lesson: each game's
    lesson keeps its own progress, so the lessons one visitor takes do not meet."""
    pages = {}

    def page(size):
        if size not in pages:
            width, height = SIZES[size]
            context = browser.new_context(
                viewport={"width": width, "height": height}, base_url=server.url
            )
            context.set_default_timeout(10_000)
            pages[size] = context.new_page()
        return pages[size]

    yield page
    for opened in pages.values():
        opened.context.close()


@pytest.mark.parametrize(("slug", "size"), CASES)
def test_a_lesson_is_played_to_its_end(page_at, new_page, slug, size):
    german = (slug, size) == ("powerdrain", "phone")
    # The German lesson gets a visitor of its own: the language stays with the visitor.
    page = new_page(*SIZES[size]) if german else page_at(size)
    page.goto(f"/learn/{slug}/")
    if german:
        page.locator('.language-switch button[value="de"]').click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    lesson = steps.lesson_of(slug)
    wrong_shown = False
    for number, step in enumerate(lesson.steps, start=1):
        panel = page.locator("#lesson-panel")
        expect(panel.locator(".lesson-count")).to_contain_text(str(number))
        board = page.locator("#board")
        if number == 1:
            the_task_sits_above_the_board(page, size)
            page.screenshot(path=str(ARTIFACTS / f"lesson-{slug}-{size}-open.png"))
        if step.wrong is not None and not wrong_shown:
            PLAY[slug](page, step.wrong)
            expect(board).not_to_have_class(PENDING)
            with translation.override("de" if german else "en"):
                why = str(step.miss)
            expect(board.locator(".lesson-why")).to_have_text(why)
            expect(panel.locator(".lesson-tries")).to_be_visible()
            wrong_shown = True
        for move in step.solution:
            PLAY[slug](page, move)
            expect(board).not_to_have_class(PENDING)  # the answer is in before the next
        expect(panel.locator(".lesson-done")).to_be_visible()
        expect(page.locator("#frame-error")).to_be_hidden()  # a new board clears "why not"
        if number < len(lesson.steps):
            page.locator(".lesson-next").press("Enter")  # the keyboard goes on
    screenshot(page, f"lesson-{slug}-{size}-end")
    expect(page.locator(".lesson-tip")).to_be_visible()
    expect(page.locator(".lesson-easy")).to_be_visible()
    assert wrong_shown
    if german:
        expect(page.locator(".lesson-done")).to_contain_text("Gut gemacht!")


def the_task_sits_above_the_board(page, size):
    """The task right above the board, both in sight at once; on the phone the board starts
    within the top third of the screen and the rule follows below it."""
    width, height = SIZES[size]
    task = page.locator("#lesson-panel .lesson-task").bounding_box()
    board = page.locator("#board").bounding_box()
    assert task["y"] + task["height"] <= height and board["y"] < height / 2, (task, board)
    if size == "phone":
        rule = page.locator(".lesson-rule").bounding_box()
        assert task["y"] < board["y"] < height / 3 and rule["y"] > board["y"], (task, board)
