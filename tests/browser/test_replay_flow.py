"""Import a record, then step through its replay with the keyboard and the move list."""

import json
import random

import pytest
from playwright.sync_api import expect

from games.powerdrain.engine import ENGINE
from games.records import FORMAT
from tests.browser.conftest import screenshot
from tests.browser.flows import sign_up

pytestmark = pytest.mark.browser


def random_record(seed=42):
    rng = random.Random(seed)
    state, moves = ENGINE.setup(2, seed), []
    while ENGINE.to_move(state):
        seat = ENGINE.to_move(state)[0]
        move = rng.choice(list(ENGINE.legal_moves(state, seat)))
        moves.append({"seat": seat, "move": move})
        state = ENGINE.apply(state, seat, move)
    return {
        "format": FORMAT,
        "game": "powerdrain",
        "seed": seed,
        "options": {},
        "seats": ["Ann", "Ben"],
        "moves": moves,
        "result": ENGINE.outcome(state),
    }


def test_import_a_record_and_step_through_the_replay_with_the_keyboard(new_page):
    record = random_record()
    page = new_page()
    sign_up(page)  # importing needs an account
    page.goto("/m/import/")
    page.fill("#id_record", json.dumps(record))
    page.click("button:has-text('Import')")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "16")
    expect(page.locator(".pd-cell[data-plug]")).to_have_count(16)
    page.wait_for_load_state("load")  # the keyboard script is in place before the first key

    page.keyboard.press("Home")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "0")
    expect(page.locator(".pd-cell[data-plug]")).to_have_count(0)
    for ply in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay")).to_have_attribute("data-ply", str(ply))
        at = record["moves"][ply - 1]["move"]["at"]
        expect(page.locator(f'.pd-cell[data-cell="{at[0]}-{at[1]}"]')).to_have_attribute(
            "data-owner", str((ply - 1) % 2)
        )
    assert page.url.endswith("?ply=3")  # a link to this position
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "2")
    page.click('.move-list a[data-ply="10"]')
    expect(page.locator("#replay")).to_have_attribute("data-ply", "10")
    expect(page.locator(".move-list a.current")).to_have_attribute("data-ply", "10")
    screenshot(page, "replay-ply-10")
    page.keyboard.press("End")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "16")
    expect(page.locator("#next")).to_be_disabled()

    page.reload()  # the URL alone restores the position
    expect(page.locator("#replay")).to_have_attribute("data-ply", "16")
    exported = page.request.get(page.url.split("replay/")[0] + "record.json").json()
    assert exported == record

    broken = dict(record, moves=record["moves"][:5] + [record["moves"][4]] + record["moves"][6:])
    page.goto("/m/import/")
    page.fill("#id_record", json.dumps(broken))
    page.click("button:has-text('Import')")
    expect(page.locator(".message")).to_contain_text("Ply 5:")
