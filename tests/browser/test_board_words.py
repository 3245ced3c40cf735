"""Every word of the move list can be found on the board (issue #25, item 7).

- Powerdrain's list names cells a1–e5: the board prints the letters and numbers.
- Hive's list names fields by the row letters and places the board prints ("moved Ant from
  C4 to E5"), not "next to Red Grasshopper" with three red grasshoppers about; the hand
  panel shows each kind's whole name (Bee and Beetle were both "Be…").
- High Voltage's "kept the field" shows as the last turn.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.flows import create_match, join_as_guest, sign_up
from tests.browser.seed import run_in
from tests.browser.test_layout import DESKTOP, PHONE, log_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seeded(server):
    spec = {
        "users": ["words-alice", "words-bob"],
        "matches": [
            {"game": "powerdrain", "players": 2, "plies": 5, "seed": 3},
            {"game": "hive", "players": 2, "plies": 24, "seed": 3},
        ],
    }
    return run_in(server.env, spec)


def test_powerdrain_prints_the_cell_names_its_move_list_uses(new_page, seeded):
    page = log_in(new_page, DESKTOP, "words-alice")
    page.goto(f"/m/{seeded[0]}/")
    expect(page.locator("#conn")).to_have_text("live")
    labels = page.locator("svg.powerdrain .pd-labels text")
    expect(labels).to_have_text(["a", "b", "c", "d", "e", "1", "2", "3", "4", "5"])
    for label in labels.all():
        assert label.bounding_box()["height"] >= 10  # drawn, legibly
    # The last move's cell, say "c3", is column c and row 3 as printed round the grid.
    cell = re.search(r"at ([a-e])([1-5])", page.locator("#last-turn").inner_text())
    assert cell, page.locator("#last-turn").inner_text()
    column = page.locator(f"svg.powerdrain .pd-labels text:text-is('{cell[1]}')").bounding_box()
    row = page.locator(f"svg.powerdrain .pd-labels text:text-is('{cell[2]}')").bounding_box()
    last = page.locator("svg.powerdrain .pd-cell.last").bounding_box()
    assert last["x"] <= column["x"] + column["width"] / 2 <= last["x"] + last["width"]
    assert last["y"] <= row["y"] + row["height"] / 2 <= last["y"] + last["height"]
    screenshot(page, "words-powerdrain-desktop")


def test_hive_names_fields_the_board_prints(new_page, seeded):
    page = log_in(new_page, DESKTOP, "words-alice")
    page.goto(f"/m/{seeded[1]}/")
    expect(page.locator("#conn")).to_have_text("live")
    svg = page.locator("svg.hive")
    expect(svg.locator(".hx-row-labels text")).to_have_count(22)  # A–K at both ends
    names = svg.locator(".hx-field-name").all_text_contents()
    assert len(names) == len(set(names)) and "F6" in names  # one name per field
    titles = svg.locator(".hx-stack > title").all_text_contents()
    covered = {re.search(r"\((\w+)\)$", t)[1] for t in titles}
    entries = page.locator("#move-list li").all_inner_texts()
    assert not [e for e in entries if "next to" in e], entries
    for entry in entries:
        for name in re.findall(r"\b([A-K]\d{1,2})\b", entry):
            # A free field prints its name; a covered one is named in its piece's title.
            assert name in names or name in covered, (entry, name)
    # The last turn's destination is where the gold ring is.
    last_turn = page.locator("#last-turn").inner_text()
    to = re.findall(r"\b([A-K]\d{1,2})\b", last_turn)[-1]
    expect(svg.locator(".hx-stack.last title")).to_contain_text(f"({to})")
    screenshot(page, "words-hive-desktop")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_hive_hands_show_whole_names(new_page, seeded, size):
    page = log_in(new_page, size, "words-alice")
    page.goto(f"/m/{seeded[1]}/")
    expect(page.locator("#conn")).to_have_text("live")
    for reserve in page.locator(".hx-reserve").all():
        kinds = reserve.locator(".hx-kind-name")
        expect(kinds).to_have_text(["Bee", "Spider", "Beetle", "Grasshopper", "Ant"])
        for name in kinds.all():
            expect(name).to_be_visible()
            cut = name.evaluate("el => el.scrollWidth > el.clientWidth + 1")
            assert not cut, name.inner_text()
            box, kind = name.bounding_box(), name.locator("xpath=..").bounding_box()
            assert box["x"] + box["width"] <= kind["x"] + kind["width"] + 1
    screenshot(page, f"words-hive-hands-{'phone' if size == PHONE else 'desktop'}")


def test_high_voltage_keep_is_the_last_turn(new_page):
    alice = new_page(*DESKTOP)
    host = sign_up(alice)
    invite = create_match(alice, "high-voltage", seat="0")
    join_as_guest(new_page(), invite, "Bob")
    expect(alice.locator("#conn")).to_have_text("live")
    alice.click("button.hv-choice >> nth=0")  # keep: Blue sets the first pylon too
    expect(alice.locator("#board")).to_have_attribute("data-ply", "1")
    expect(alice.locator("#last-turn")).to_have_text(f"Last turn {host}: kept the field.")
    expect(alice.locator("#move-list")).to_contain_text("kept the field")
    assert alice.evaluate("document.documentElement.scrollHeight") <= DESKTOP[1]
    screenshot(alice, "words-high-voltage-kept")
