"""Property tests over random Powerdrain games (random draw and draft)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.powerdrain.engine import ENGINE
from games.powerdrain.twin import twin
from tests.engines.harness import random_game

seeds = st.integers(min_value=0, max_value=2**32)
drafts = st.booleans()


@settings(max_examples=60, deadline=None)
@given(seed=seeds, draft=drafts)
def test_random_games_end_after_sixteen_plugs_with_a_consistent_outcome(seed, draft):
    plies = list(random_game(ENGINE, 2, seed, {"draft": draft}))
    final = plies[-1][0]
    assert len(plies) == 17
    result = ENGINE.outcome(final)
    view = ENGINE.view(final, None)
    assert result["scores"] == view["scores"]
    if result["winners"]:
        winner, loser = result["winners"][0], 1 - result["winners"][0]
        assert (view["scores"][winner], view["power"][winner]) > (
            view["scores"][loser],
            view["power"][loser],
        )


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_views_never_reveal_the_order_of_the_draw_pile(seed):
    for state, _, _ in random_game(ENGINE, 2, seed):
        hidden_order = state.pile[1:]
        for seat in (0, 1, None):
            view = ENGINE.view(state, seat)
            text = json.dumps(view)
            assert "pile" not in view
            # The remaining plugs are listed sorted, so the draw order never leaks.
            assert view["remaining"] == sorted(state.pile)
            if len(hidden_order) > 2 and list(hidden_order) != sorted(hidden_order):
                assert json.dumps(list(hidden_order)) not in text


def _plain_scores(view: dict) -> tuple[list[int], list[int]]:
    """Active plugs and total voltage per seat from the view's cells, whose finals come from
    the plain walk over each section's neighbours (``voltages``), not the packed tally."""
    active, power = [0, 0], [0, 0]
    for line in view["cells"]:
        for cell in line:
            if cell and cell["final"] > 0:
                active[cell["seat"]] += 1
                power[cell["seat"]] += cell["final"]
    return active, power


@settings(max_examples=40, deadline=None)
@given(seed=seeds, draft=drafts)
def test_the_packed_tally_counts_what_the_neighbours_walk_counts(seed, draft):
    for state, _, _ in random_game(ENGINE, 2, seed, {"draft": draft}):
        view = ENGINE.view(state, None)
        assert (view["scores"], view["power"]) == _plain_scores(view)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, draft=drafts)
def test_every_position_equals_its_rebuild_from_the_stored_parts(seed, draft):
    """The fields kept for speed (bits, packed bases, the turn) follow the stored parts at
    every ply, after a leave and in the positions the twin makes."""
    for state, seat, _ in random_game(ENGINE, 2, seed, {"draft": draft}):
        made = [state, twin(state, None, random.Random(seed))]
        if seat is not None:
            made.append(ENGINE.leave(state, seat, "resigned"))
        for position in made:
            assert ENGINE.from_json(ENGINE.to_json(position)) == position
