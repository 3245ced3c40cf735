"""Property tests over random High Voltage (companies) games for 2, 3 and 4 players.

Two kinds of random game: the harness's (the engine's ``random_move``: a kind of
action, then a move of that kind) and a reveal-heavy one that declares whenever it
can, which reaches the "last face-down card" end and scores lines.
"""

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.high_voltage_companies.engine import (
    ENGINE,
    PLACES_SEEN,
    _sorted_places,
    card_places,
)
from games.high_voltage_companies.game import GAME
from tests.engines.harness import check_agreement, random_game

seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.sampled_from([2, 3, 4])


def deep_game(players: int, seed: int):
    """Yields (state, seat, move) of a reveal-heavy game, then (final, None, None)."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed)
    for _ in range(2000):
        if not ENGINE.to_move(state):
            break
        seat = ENGINE.to_move(state)[0]
        view = ENGINE.view(state, seat)
        if state.phase == "action" and rng.random() < 0.85:
            down = [
                [r, c]
                for r, row in enumerate(view["grid"])
                for c, cell in enumerate(row)
                if cell == {"face_down": True}
            ]
            move = {"type": "reveal", "at": rng.choice(down)}
        elif state.phase == "declare":
            moves = list(ENGINE.legal_moves(state, seat))
            lines = [m for m in moves if m["type"] == "declare"]
            move = rng.choice(lines if lines and rng.random() < 0.9 else moves)
        else:
            move = ENGINE.random_move(state, seat, rng)
        yield state, seat, move
        state = ENGINE.apply(state, seat, move)
    else:
        raise AssertionError("game did not end")
    yield state, None, None


def games(players, seed, deep):
    return deep_game(players, seed) if deep else random_game(ENGINE, players, seed)


def check_outcome(state):
    result = ENGINE.outcome(state)
    view = ENGINE.view(state, None)
    assert ENGINE.to_move(state) == [] and result is not None
    assert result["reason"] in {"energy", "cards", "quiet"}
    companies = view["companies"]
    expected = [view["track"][companies[s]] + view["point_chips"][s] for s in range(state.players)]
    assert result["scores"] == expected == view["scores"]
    best = max(expected)
    assert result["winners"] == [s for s in range(state.players) if expected[s] == best]
    assert result["winners"]
    assert sum(view["point_chips"]) + view["point_supply"] == 20
    chips = sum(1 for row in view["grid"] for cell in row if cell and cell.get("chip"))
    assert chips + view["energy_supply"] == 36
    if result["reason"] == "cards":
        assert view["face_down_left"] == 0
    if result["reason"] == "energy":
        assert view["energy_supply"] == 0


@settings(max_examples=150, deadline=None)
@given(seed=seeds, players=player_counts, deep=st.booleans())
def test_random_games_reach_the_end_with_a_consistent_outcome(seed, players, deep):
    plies = list(games(players, seed, deep))
    check_outcome(plies[-1][0])


def test_reveal_heavy_games_cover_every_kind_of_end_and_declarations():
    reasons, declared = set(), 0
    for seed in range(60):
        plies = list(deep_game(2 + seed % 3, seed))
        declared += sum(1 for _, _, move in plies if move and move["type"] == "declare")
        reasons.add(ENGINE.outcome(plies[-1][0])["reason"])
    assert {"cards", "quiet"} <= reasons
    assert declared > 20


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=player_counts)
def test_legal_moves_agree_with_apply_in_reveal_heavy_games(seed, players):
    """The protocol test plays random games; these reach declarations and every end."""
    rng = random.Random(seed)
    for i, (state, seat, _) in enumerate(deep_game(players, seed)):
        if seat is not None and (state.phase != "action" or i % 6 == 0):
            check_agreement(ENGINE, state, seat, rng)


@settings(max_examples=100, deadline=None)
@given(seed=seeds, players=player_counts, deep=st.booleans())
def test_views_show_the_own_company_and_the_hand_and_everything_at_the_end(seed, players, deep):
    """What the protocol test's twins cannot check: what a seat does see."""
    rng = random.Random(seed)
    for state, _, _ in games(players, seed, deep):
        running = ENGINE.outcome(state) is None
        for viewer in [*range(players), None]:
            view = ENGINE.view(state, viewer)
            json.dumps(view)
            mover_with_hand = viewer == state.current and state.hand is not None
            other = GAME.twin(state, viewer, rng)
            if running:
                assert ENGINE.view(other, viewer) == view, f"view of {viewer} leaks a secret"
                if viewer is not None:
                    assert (
                        view["company"]
                        == ("red", "yellow", "green", "blue")[state.companies[viewer]]
                    )
                    assert view["companies"] is None
            else:
                # The check can fail: once everything is revealed, the twin looks different.
                assert ENGINE.view(other, viewer) != view
            if running and mover_with_hand and state.face_down > 0:
                # ...and the mover does see the card in hand.
                hidden = replace(state, hand=(state.hand + 1) % 48)
                assert ENGINE.view(hidden, viewer) != view


def test_the_places_the_moves_carry_along_are_those_of_the_grid():
    """Each move updates the face-down, face-up and safe places of the grid it changes (the
    engine keeps them beside the state instead of counting the grid for every move list):
    along deep and random games they equal a fresh count of the grid."""
    carried = 0
    for seed in range(12):
        for deep in (True, False):
            for state, _, _ in games(2 + seed % 3, seed, deep):
                carried += PLACES_SEEN in vars(state)
                assert card_places(state) == _sorted_places(state.cells)
    assert carried > 500
