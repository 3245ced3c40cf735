"""A determinizer's sample looks exactly like the original to the seat, and varies the secrets."""

from __future__ import annotations

import random

import pytest

from games.bots import knowledge
from games.high_voltage_companies.engine import shuffle as companies_shuffle
from games.powerdrain.engine import ENGINE as POWERDRAIN
from games.registry import get_game
from tests.bots.positions import IDS, SETUPS, positions


@pytest.mark.parametrize(("slug", "players", "most"), SETUPS, ids=IDS)
def test_a_sample_has_the_same_view_for_every_seat(slug, players, most):
    know = knowledge(slug)
    engine = know.engine
    rng = random.Random(1)
    for state in positions(slug, players, most, 25):
        for seat in range(players):
            view = engine.view(state, seat)
            sample = know.determinize(view, seat, rng)
            assert engine.view(sample, seat) == view
            assert engine.to_move(sample) == engine.to_move(state)


SECRET_SETUPS = [setup for setup in SETUPS if get_game(setup[0]).has_secrets]


@pytest.mark.parametrize(
    ("slug", "players", "most"), SECRET_SETUPS, ids=[f"{s}-{p}" for s, p, _ in SECRET_SETUPS]
)
def test_twins_that_differ_only_in_secrets_give_the_same_samples(slug, players, most):
    """The bot is given the seat's view alone (``choose_move`` takes nothing else), so what
    could still tell a state from its twin is a sample drawn from more than the view shows:
    a view whose order hints at a secret, or a determinizer with a source of its own."""
    game = get_game(slug)
    engine = game.engine
    rng = random.Random(7)
    differing = 0
    for n, state in enumerate(positions(slug, players, most, 10)):
        for seat in range(players):
            twin = game.twin(state, seat, rng)
            differing += engine.to_json(twin) != engine.to_json(state)
            samples = [
                engine.to_json(game.bot.determinize(engine.view(s, seat), seat, random.Random(n)))
                for s in (state, twin)
            ]
            assert samples[0] == samples[1]
    assert differing


@pytest.mark.parametrize("slug", ["high-voltage", "hive"])
def test_without_secrets_the_sample_is_the_state(slug):
    know = knowledge(slug)
    engine = know.engine
    for state in positions(slug, 2, 60, 10):
        seat = engine.to_move(state)[0]
        sample = know.determinize(engine.view(state, seat), seat, random.Random(0))
        assert engine.to_json(sample) == engine.to_json(state)


def test_powerdrain_samples_keep_the_current_plug_and_vary_the_rest():
    state = POWERDRAIN.setup(2, 3)
    view = POWERDRAIN.view(state, 0)
    rng = random.Random(2)
    piles = {
        POWERDRAIN.to_json(knowledge("powerdrain").determinize(view, 0, rng))["pile"][1]
        for _ in range(40)
    }
    assert all(
        knowledge("powerdrain").determinize(view, 0, rng).pile[0] == state.pile[0] for _ in range(5)
    )
    assert len(piles) > 5


def test_companies_samples_deal_other_companies_and_cards():
    know = knowledge("high-voltage-companies")
    state = know.engine.setup(4, 5)
    view = know.engine.view(state, 2)
    rng = random.Random(3)
    samples = [know.determinize(view, 2, rng) for _ in range(30)]
    assert {s.companies[2] for s in samples} == {state.companies[2]}
    assert len({s.companies for s in samples}) > 1
    assert len({s.cells[0][0] for s in samples}) > 5


def test_companies_cards_are_shuffled_with_the_draws_of_random_shuffle():
    """The bot's and setup's written-out shuffle draws what ``Random.shuffle`` draws, so a
    search (and a recorded game) deals the same cards for the same seed."""
    for length in range(49):
        for seed in range(20):
            library, ours = random.Random(seed), random.Random(seed)
            expected, items = list(range(length)), list(range(length))
            library.shuffle(expected)
            companies_shuffle(ours, items)
            assert items == expected
            assert ours.getrandbits(32) == library.getrandbits(32)
