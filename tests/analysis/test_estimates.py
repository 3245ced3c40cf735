"""What the analysis stores per position: from the mover's view only, deterministic, ending
at the result, and a planted blunder marked as one."""

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import override_settings

from analysis import runner, selectors, services
from analysis.judgments import drop_of, judge
from analysis.models import Analysis
from games import services as match_services
from games.registry import get_game
from games.store.matchlog import Ply
from tests.analysis.support import analyse_all, analysed, finished_powerdrain
from tests.bots.positions import positions

pytestmark = pytest.mark.django_db

BLUNDER = json.loads((Path(__file__).parent / "hive_blunder.json").read_text())


@pytest.mark.parametrize(("slug", "players"), [("triangulum", 2), ("high-voltage-companies", 3)])
def test_twins_that_differ_only_in_what_the_mover_cannot_see_get_the_same_estimate(slug, players):
    """The estimate at a ply reads the mover's view alone: a state and its twin (every secret
    the mover cannot see changed: the other side's hidden points, the face-down cards) give
    the same chances, preferred move and judgment of the move played."""
    game = get_game(slug)
    engine = game.engine
    rng = random.Random(5)
    match = SimpleNamespace(game=slug, seed=11, players=players)
    differing = 0
    for index, state in enumerate(positions(slug, players, 60, 3)):
        seat = engine.to_move(state)[0]
        twin = game.twin(state, seat, rng)
        differing += engine.to_json(twin) != engine.to_json(state)
        played = engine.random_move(state, seat, random.Random(index))
        entries = [
            runner.position_entry(match, s, Ply(seat, played, "", None, None), index, 60, None)
            for s in (state, twin)
        ]
        assert entries[0] == entries[1]
    assert differing


def test_the_stored_estimates_end_at_the_result(alice, bob):
    match = analysed(finished_powerdrain(alice, bob), alice)  # bob resigned: alice won
    analysis = Analysis.objects.get(match=match)
    assert analysis.status == "done" and analysis.done == analysis.total == match.ply + 1
    assert analysis.positions[-1] == {"end": True, "chances": [1.0, 0.0]}
    assert analysis.positions[-2]["leave"]  # the resignation is no move to judge
    array = selectors.api_array(analysis)
    assert len(array) == match.ply and array[-1]["chances"] == [100.0, 0.0]
    for position in analysis.positions[:-2]:
        assert 0 <= position["played"] <= 1 and all(0 <= c <= 1 for c in position["chances"])


def test_an_analysis_run_again_gives_the_same_estimates(alice, bob):
    """A fixed seed per match and ply: the analysis is a function of the match."""
    match = analysed(finished_powerdrain(alice, bob), alice)
    first = Analysis.objects.get(match=match).positions
    Analysis.objects.filter(match=match).update(positions=[], status="queued")
    analyse_all()
    assert Analysis.objects.get(match=match).positions == first


@override_settings(ANALYSIS_BUDGET=0.6)  # 300 iterations, as before the budgets per game
def test_a_planted_blunder_is_marked_as_one(client, carol):
    """Hive: at ply 45 Ann could surround Ben's bee and win; she moved elsewhere, and Ben
    surrounded hers. The record is fixed (tests/analysis/hive_blunder.json)."""
    client.force_login(carol)
    match = match_services.match_import(data=BLUNDER, user=carol)
    match = analysed(match, carol)
    analysis = Analysis.objects.get(match=match)
    marked = selectors.judged(analysis.positions)
    assert marked[45].name == "blunder" and marked[45].drop >= 60
    before = analysis.positions[44]
    assert before["chances"][0] >= 0.8 and before["played"] <= 0.2
    array = selectors.api_array(analysis)
    assert array[44]["judgment"] == {"name": "Blunder", "symbol": "??"}
    assert array[44]["best"]  # the winning move's code
    page = client.get(f"/m/{match.public_id}/replay/?ply=45").content.decode()
    assert 'class="judgment judgment-blunder"' in page
    assert "Analysis: Ann&#39;s chance fell from" in page and "at turn 45" in page
    assert 'id="preferred"' in page and "The search preferred" in page


def test_power_companies_with_three_players_give_each_seats_expected_place(client, carol):
    engine = get_game("high-voltage-companies").engine
    rng = random.Random(3)
    state, moves = engine.setup(3, 3), []
    while seats := engine.to_move(state):
        move = engine.random_move(state, seats[0], rng)
        moves.append({"seat": seats[0], "move": move})
        state = engine.apply(state, seats[0], move)
    record = {
        "format": "gametable-match/1",
        "game": "high-voltage-companies",
        "seed": 3,
        "options": {},
        "seats": ["Ann", "Ben", "Cid"],
        "moves": moves,
        "result": engine.outcome(state),
    }
    match = analysed(match_services.match_import(data=record, user=carol), carol)
    positions = Analysis.objects.get(match=match).positions
    for position in positions[:-1]:
        assert len(position["chances"]) == 3
        # Chances of one win among three (the logistic guesses alone summed to up to 150 %).
        assert sum(position["chances"]) == pytest.approx(1, abs=0.001), position
        assert all(1 <= p <= 3 for p in position["places"]), position
    assert sorted(positions[-1]["places"]) == sorted(float(p) for p in record["result"]["ranking"])
    client.force_login(carol)
    page = client.get(f"/m/{match.public_id}/replay/?ply=2").content.decode()
    assert "Expected place" in page and page.count("<polyline") == 3
    # In German a place is written with a decimal comma ("2,0", not "2.0").
    german = client.get(f"/m/{match.public_id}/replay/", HTTP_ACCEPT_LANGUAGE="de")
    places = re.findall(r"<td>(\d[.,]\d)</td>", german.content.decode())
    assert len(places) == 3 and all("," in p for p in places), places


@override_settings(ANALYSIS_BUDGET=1)
def test_the_chosen_budget_still_marks_the_planted_blunder():
    """At the budget a worker really uses (``services.budget``, ``ANALYSIS_BUDGET`` 1), the
    search still finds Ann's winning move at ply 45 and marks the move she made a blunder:
    a budget cut for speed must not hide a move that throws the game away."""
    engine = get_game("hive").engine
    state = engine.setup(2, BLUNDER["seed"])
    for entry in BLUNDER["moves"][:44]:
        state = engine.apply(state, entry["seat"], entry["move"])
    blunder = BLUNDER["moves"][44]
    match = SimpleNamespace(game="hive", seed=BLUNDER["seed"], players=2)
    ply = Ply(blunder["seat"], blunder["move"], "", None, None)
    for seed in range(3):  # not one lucky seed
        match.seed = seed
        position = runner.position_entry(match, state, ply, 44, services.budget("hive"), None)
        judgment = judge(drop_of(position))
        assert judgment is not None and judgment.name == "blunder", (seed, position)
