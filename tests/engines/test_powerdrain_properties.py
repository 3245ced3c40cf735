"""Property tests over random Powerdrain games (random draw and draft)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.powerdrain.engine import ENGINE
from tests.engines.harness import check_agreement, key, random_game

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


@settings(max_examples=25, deadline=None)
@given(seed=seeds, draft=drafts)
def test_legal_moves_agree_with_apply(seed, draft):
    rng = random.Random(seed)
    for state, seat, _ in random_game(ENGINE, 2, seed, {"draft": draft}):
        if seat is not None:
            check_agreement(ENGINE, state, seat, rng)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, draft=drafts)
def test_json_round_trip_and_determinism(seed, draft):
    replay = ENGINE.setup(2, seed, {"draft": draft})
    for state, seat, move in random_game(ENGINE, 2, seed, {"draft": draft}):
        data = ENGINE.to_json(state)
        assert json.loads(json.dumps(data)) == data
        restored = ENGINE.from_json(data)
        assert ENGINE.to_json(restored) == data
        assert key(ENGINE.to_json(replay)) == key(data)
        assert ENGINE.view(restored, seat) == ENGINE.view(state, seat)
        if move is not None:
            assert ENGINE.to_json(ENGINE.apply(restored, seat, move)) == ENGINE.to_json(
                ENGINE.apply(state, seat, move)
            )
            replay = ENGINE.apply(replay, seat, move)


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
