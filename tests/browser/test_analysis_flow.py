"""The computer analysis on a replay: Analyse, the progress filling in over the socket, then
the graph (a click or a key on a point goes to that ply), the marks on the move list and,
at the planted blunder, the move the search preferred on a board beside the one played."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from analysis import graph
from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up

pytestmark = pytest.mark.browser

RECORD = (Path(__file__).parents[1] / "analysis" / "hive_blunder.json").read_text()


def import_record(page) -> str:
    page.goto("/m/import/")
    page.fill("#id_record", RECORD)
    page.click("button:has-text('Import')")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "46")
    return page.url.split("?")[0]


def test_analyse_watch_it_fill_in_and_go_to_a_ply_from_the_graph(new_page):
    page = new_page(1280, 800)
    frames: list[dict] = []

    def on_socket(ws):
        def heard(payload):
            if isinstance(payload, str) and payload.startswith('{"t": "analysis"'):
                frames.append(json.loads(payload))

        ws.on("framereceived", heard)

    page.on("websocket", on_socket)
    sign_up(page)  # importing needs an account; the importer may have it analysed
    replay = import_record(page)
    page.click("#analyse")
    expect(page.locator("#analysis-progress")).to_be_visible()
    expect(page.locator(".analysis-graph")).to_be_visible(timeout=120_000)
    done = [f["done"] for f in frames]
    assert frames[-1] == {"t": "analysis", "done": 47, "total": 47, "status": "done", "ahead": 0}
    assert any(0 < d < 47 for d in done), done  # it filled in, position by position
    assert done == sorted(done)
    expect(page.locator(".move-list .judgment-blunder").first).to_be_visible()
    expect(page.locator(".analysis-table tbody tr")).to_have_count(2)

    # A click where the graph draws position 20 (turn 20 of 46: one move a turn in Hive).
    box = page.locator(".analysis-graph").bounding_box()
    x = (graph.LEFT + (graph.WIDTH - graph.LEFT - graph.RIGHT) * 20 / 46) / graph.WIDTH
    page.mouse.click(box["x"] + box["width"] * x, box["y"] + box["height"] / 2)
    expect(page.locator("#replay")).to_have_attribute("data-ply", "20")
    assert page.url.endswith("?ply=20")
    page.locator('.analysis-graph a[data-ply="30"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "30")

    # The blunder's turn: the sentence, and the board the search preferred beside.
    page.click('.move-list a[data-ply="45"]')
    expect(page.locator("#replay")).to_have_attribute("data-ply", "45")
    expect(page.locator("#preferred .analysis-sentence")).to_contain_text(
        "Analysis: Ann's chance fell from"
    )
    expect(page.locator("#preferred .preferred-board svg.board-svg")).to_be_visible()
    # Drawn big enough to read: at least .6 of the played board's height (it was half).
    preferred = page.locator("#preferred .preferred-board svg.board-svg").bounding_box()
    played = page.locator("#board svg.board-svg").first.bounding_box()
    assert preferred["height"] >= 0.6 * played["height"], (preferred, played)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids))
    screenshot(page, "analysis-1280")

    phone = new_page(390, 844)
    phone.context.add_cookies(page.context.cookies())
    phone.goto(replay + "?ply=45")
    expect(phone.locator(".analysis-graph")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    phone.locator('.analysis-graph a[data-ply="12"] rect').click()
    expect(phone.locator("#replay")).to_have_attribute("data-ply", "12")
    phone.goto(replay + "?ply=45")
    screenshot(phone, "analysis-390")

    page.click(".language-switch button[value='de']")
    page.goto(replay + "?ply=45")
    expect(page.locator("#preferred .analysis-sentence")).to_contain_text(
        "Analyse: Die Gewinnchance von Ann fiel in Zug 45"
    )
    expect(page.locator(".preferred-board figcaption")).to_have_text("Die Suche bevorzugte")
