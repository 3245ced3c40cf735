"""A search that starts from the tree the previous position's search grew below the move
played: it still finds what a fresh one finds, it runs less, it never depends on where the
slices began, and a game with secrets never does it."""

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import override_settings

from analysis import runner, services
from analysis.estimate import estimate
from analysis.judgments import drop_of, judge
from analysis.models import Analysis
from games import services as match_services
from games.registry import get_game
from games.store.matchlog import Ply
from tests.analysis.support import analyse_all, analysed

BLUNDER = json.loads((Path(__file__).parent / "hive_blunder.json").read_text())


def hive_before(ply: int):
    """The planted blunder's match (tests/analysis/hive_blunder.json) before ``ply``."""
    engine = get_game("hive").engine
    state = engine.setup(2, BLUNDER["seed"])
    for entry in BLUNDER["moves"][:ply]:
        state = engine.apply(state, entry["seat"], entry["move"])
    return engine, state


@override_settings(ANALYSIS_BUDGET=1)
def test_a_search_from_the_kept_tree_still_marks_the_planted_blunder_and_runs_less():
    """Ann's winning move at ply 45 is found by a search that starts below Ben's move at
    ply 44, which runs fewer iterations than the budget, the tree's visits counting."""
    engine, state = hive_before(43)
    budget = services.budget("hive")
    ben, ann = BLUNDER["moves"][43], BLUNDER["moves"][44]
    for seed in range(3):  # not one lucky seed
        first = estimate(
            "hive", engine.view(state, ben["seat"]), ben["seat"], ben["move"], seed=seed,
            iterations=budget,
        )  # fmt: skip
        after = engine.apply(state, ben["seat"], ben["move"])
        found = estimate(
            "hive", engine.view(after, ann["seat"]), ann["seat"], ann["move"], seed=seed,
            iterations=budget, reuse=first.kept,
        )  # fmt: skip
        assert found.iterations < budget
        position = {"seat": ann["seat"], "chances": found.chances, "played": found.played}
        judgment = judge(drop_of(position))
        assert judgment is not None and judgment.name == "blunder", (seed, position)


@pytest.mark.django_db
def test_where_the_slices_begin_changes_no_estimate(carol):
    """Slices of 3 positions begin inside the runs of ``runner.CHAIN``: each searches its
    run's earlier positions again first, and stores what slices of a whole run store. Each
    two seats' chances still add up to one win: a kept tree's edges bring the reward sums of
    all their visits, however many searches back (only a playout's rare draw, which the
    searching seat values a little lower, takes off a little)."""
    match = match_services.match_import(data=BLUNDER, user=carol)
    with override_settings(ANALYSIS_SLICE_POSITIONS=runner.CHAIN):
        whole = Analysis.objects.get(match=analysed(match, carol)).positions
    assert all(0.97 <= sum(p["chances"]) <= 1.0001 for p in whole[:-1]), whole
    Analysis.objects.filter(match=match).update(positions=[], status="queued")
    with override_settings(ANALYSIS_SLICE_POSITIONS=3):
        analyse_all()
    assert Analysis.objects.get(match=match).positions == whole


def test_a_game_with_secrets_searches_every_position_afresh():
    """Triangulum hides each side's secret points: the tree one seat grew would carry what
    that seat knows into the other's estimate, so a run's positions are each searched as
    one position alone is."""
    engine = get_game("triangulum").engine
    state, plies, states, rng = engine.setup(2, 4), [], [], random.Random(4)
    for _ in range(12):
        seat = engine.to_move(state)[0]
        move = engine.random_move(state, seat, rng)
        states.append(state)
        plies.append(Ply(seat, move, "", None, None))
        state = engine.apply(state, seat, move)
    log = SimpleNamespace(ply=len(plies), plies=plies, state_at=states.__getitem__)
    match = SimpleNamespace(game="triangulum", seed=4, players=2)
    run = [position for _, position in runner.estimates(match, log, 0, len(plies), 40, None)]
    alone = [
        runner.position_entry(match, states[i], plies[i], i, 40, None) for i in range(len(plies))
    ]
    assert run == alone
