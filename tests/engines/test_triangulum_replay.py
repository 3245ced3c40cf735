"""``replay_view``: the spectator's view plus both hidden lists, for replays of finished matches."""

import random

from games.triangulum.engine import ENGINE
from games.triangulum.twin import twin
from tests.engines.triangulum_support import PASS, place, play, start


def test_replay_view_shows_both_hidden_lists_in_the_order_written():
    state = play(start(), place((1, 1), (5, 5)), place((9, 9), (6, 6)), place((2, 2), (1, 1)))
    view = ENGINE.replay_view(state)
    assert view["secrets"] == [[[5, 5], [1, 1]], [[6, 6]]]
    assert view["replay"] is True
    spectator = ENGINE.view(state, None)
    assert {k: v for k, v in view.items() if k not in ("secrets", "replay")} == spectator
    assert spectator["my_secrets"] is None and "secrets" not in spectator


def test_replay_view_after_a_reveal_or_a_partie_end_has_empty_lists():
    state = play(start(), place((1, 1), (5, 5)), place((9, 9), (6, 6)), PASS, PASS)
    assert ENGINE.replay_view(state)["secrets"] == [[], []]


def test_twin_changes_only_the_secrets_the_viewer_may_not_know():
    state = play(start(), place((1, 1), (5, 5)), place((9, 9), (6, 6)))
    for viewer in (0, 1, None):
        other = twin(state, viewer, random.Random(viewer))
        for seat in (0, 1):
            same = other.secrets[seat] == state.secrets[seat]
            assert same == (seat == viewer)
            assert len(other.secrets[seat]) == len(state.secrets[seat])
        assert ENGINE.view(other, viewer) == ENGINE.view(state, viewer)
