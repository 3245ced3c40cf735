"""Time controls (docs/rules.md §7) as pure functions of the server's time."""

import pytest

from games import clocks
from games.clocks import BadTimeControl, TimeControl

T0 = 1_700_000_000_000
FIVE_PLUS_THREE = TimeControl.parse("5+3")


def test_time_controls_are_read_from_their_form_values():
    assert TimeControl.parse("none") == TimeControl() and not TimeControl().timed
    assert TimeControl(kind="fischer", base_ms=300_000, increment_ms=3000) == FIVE_PLUS_THREE
    assert FIVE_PLUS_THREE.label() == "5 min + 3 s" and FIVE_PLUS_THREE.code() == "5+3"
    three_days = TimeControl.parse("3d")
    assert three_days.kind == "days" and three_days.label() == "3 days per turn"
    assert TimeControl.from_json(three_days.to_json()) == three_days
    assert TimeControl().to_json() == {}


@pytest.mark.parametrize("text", ["4d", "0+0", "999+1", "5+999", "5", "+3", "x", "5+-1", "1.5+0"])
def test_time_controls_the_table_does_not_offer_are_refused(text):
    with pytest.raises(BadTimeControl):
        TimeControl.parse(text)


def test_fischer_charges_the_mover_and_adds_the_increment_when_the_turn_passes():
    clock = clocks.start(FIVE_PLUS_THREE, 2, [0], T0)
    assert clock == clocks.Clock((300_000, 300_000), T0, T0 + 300_000)
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 0, [1], T0 + 10_000)
    assert clock.left_ms == (293_000, 300_000)  # 300 − 10 + 3 seconds
    assert clock.turn_started == T0 + 10_000 and clock.deadline == T0 + 310_000
    assert clocks.left_at(FIVE_PLUS_THREE, clock, 1, True, T0 + 70_000) == 240_000
    assert clocks.left_at(FIVE_PLUS_THREE, clock, 0, False, T0 + 70_000) == 293_000


def test_a_multi_ply_turn_runs_one_clock_and_adds_the_increment_once():
    clock = clocks.start(FIVE_PLUS_THREE, 3, [1], T0)
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [1], T0 + 4000)  # reveal
    assert clock.left_ms[1] == 296_000 and clock.deadline == T0 + 300_000
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [1], T0 + 9000)  # place
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [2], T0 + 10_000)  # end
    assert clock.left_ms == (300_000, 293_000, 300_000)
    assert clock.deadline == T0 + 10_000 + 300_000


def test_a_clock_falls_at_its_deadline_and_not_before():
    clock = clocks.start(TimeControl.parse("1+0"), 2, [0], T0)
    assert not clocks.fallen(clock, T0 + 59_999)
    assert clocks.fallen(clock, T0 + 60_000)
    assert clocks.left_at(TimeControl.parse("1+0"), clock, 0, True, T0 + 90_000) == 0
    assert not clocks.fallen(clocks.start(TimeControl(), 2, [0], T0), T0 + 10**12)


def test_correspondence_gives_each_turn_its_days():
    control = TimeControl.parse("2d")
    clock = clocks.start(control, 2, [0], T0)
    assert clock.deadline == T0 + 2 * clocks.DAY_MS
    later = clocks.after_move(control, clock, 0, [1], T0 + clocks.DAY_MS)
    assert later.deadline == T0 + 3 * clocks.DAY_MS
    assert clocks.after_move(control, later, 1, [1], T0 + 2 * clocks.DAY_MS) == later
    assert clocks.left_at(control, later, 1, True, T0 + 2 * clocks.DAY_MS) == clocks.DAY_MS


def test_a_finished_game_stops_every_clock():
    clock = clocks.start(FIVE_PLUS_THREE, 2, [0], T0)
    done = clocks.after_move(FIVE_PLUS_THREE, clock, 0, [], T0 + 1000)
    assert done.deadline is None and done.left_ms == (302_000, 300_000)


def test_every_game_has_presets_within_the_limits():
    from games.registry import GAMES

    assert set(clocks.PRESETS) == set(GAMES)
    for presets in clocks.PRESETS.values():
        for minutes, seconds in presets:
            assert TimeControl.parse(f"{minutes}+{seconds}").realtime
