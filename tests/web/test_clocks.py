"""Time controls (docs/rules.md §7) as pure functions of the server's time."""

import pytest

from games import clocks
from games.clocks import BadTimeControl, TimeControl

T0 = 1_700_000_000_000
FIVE_PLUS_THREE = TimeControl.parse("5+3")
ONE_PLUS_ZERO = TimeControl.parse("1+0")


def past_first_moves(control: TimeControl, players: int, mover: int, now: int) -> clocks.Clock:
    """The clocks once every seat has made its first move, ``mover``'s turn starting at
    ``now`` with everybody's starting time left."""
    return clocks.Clock((control.base_ms,) * players, now, now + control.base_ms)


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
    clock = past_first_moves(FIVE_PLUS_THREE, 2, 0, T0)
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 0, [1], T0 + 10_000)
    assert clock.left_ms == (293_000, 300_000)  # 300 − 10 + 3 seconds
    assert clock.turn_started == T0 + 10_000 and clock.deadline == T0 + 310_000
    assert clocks.left_at(FIVE_PLUS_THREE, clock, 1, True, T0 + 70_000) == 240_000
    assert clocks.left_at(FIVE_PLUS_THREE, clock, 0, False, T0 + 70_000) == 293_000


def test_a_multi_ply_turn_runs_one_clock_and_adds_the_increment_once():
    clock = past_first_moves(FIVE_PLUS_THREE, 3, 1, T0)
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [1], T0 + 4000)  # reveal
    assert clock.left_ms[1] == 296_000 and clock.deadline == T0 + 300_000
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [1], T0 + 9000)  # place
    clock = clocks.after_move(FIVE_PLUS_THREE, clock, 1, [2], T0 + 10_000)  # end
    assert clock.left_ms == (300_000, 293_000, 300_000)
    assert clock.deadline == T0 + 10_000 + 300_000


def test_a_clock_falls_at_its_deadline_and_not_before():
    clock = past_first_moves(ONE_PLUS_ZERO, 2, 0, T0)
    assert not clocks.fallen(clock, T0 + 59_999)
    assert clocks.fallen(clock, T0 + 60_000)
    assert not clocks.missed_first_move(clock, 0, T0 + 60_000)  # a loss on time, no abort
    assert clocks.left_at(ONE_PLUS_ZERO, clock, 0, True, T0 + 90_000) == 0
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
    clock = past_first_moves(FIVE_PLUS_THREE, 2, 0, T0)
    done = clocks.after_move(FIVE_PLUS_THREE, clock, 0, [], T0 + 1000)
    assert done.deadline is None and done.left_ms == (302_000, 300_000)


def test_the_first_move_costs_nothing_and_its_clock_stands_still():
    """A 1+0 clock reads 1:00 until its owner's first move, however long that takes."""
    clock = clocks.start(ONE_PLUS_ZERO, 2, [0], T0)
    assert clocks.left_at(ONE_PLUS_ZERO, clock, 0, True, T0 + 20_000) == 60_000
    assert clock.left_ms == (60_000, 60_000) and clock.deadline == T0 + 30_000
    assert clock.first_move(0) and clock.first_move(1) and clocks.FIRST_MOVE_MS == 30_000
    assert clocks.clock_text(clocks.left_at(ONE_PLUS_ZERO, clock, 0, True, T0 + 3000)) == "1:00"
    clock = clocks.after_move(ONE_PLUS_ZERO, clock, 0, [1], T0 + 20_000)
    assert clock.left_ms == (60_000, 60_000)  # 20 seconds spent on it, none charged
    assert not clock.first_move(0) and clock.first_move(1)
    assert clock.turn_started == T0 + 20_000 and clock.deadline == T0 + 50_000
    assert clocks.left_at(ONE_PLUS_ZERO, clock, 1, True, T0 + 45_000) == 60_000


def test_the_second_move_runs_on_fischer_with_its_increment():
    control = TimeControl.parse("3+2")
    clock = clocks.start(control, 2, [0], T0)
    clock = clocks.after_move(control, clock, 0, [1], T0 + 10_000)  # first moves: free,
    clock = clocks.after_move(control, clock, 1, [0], T0 + 25_000)  # and no increment
    assert clock.left_ms == (180_000, 180_000)
    assert clock.deadline == T0 + 25_000 + 180_000  # alice's own clock runs now
    assert clock.unmoved == ()
    assert clocks.left_at(control, clock, 0, True, T0 + 32_000) == 173_000
    clock = clocks.after_move(control, clock, 0, [1], T0 + 32_000)
    assert clock.left_ms == (175_000, 180_000)  # 180 − 7 + 2 seconds
    assert clock.deadline == T0 + 32_000 + 180_000


def test_a_missed_first_move_aborts_instead_of_falling():
    clock = clocks.start(ONE_PLUS_ZERO, 2, [0], T0)
    assert clocks.fallen(clock, T0 + 30_000) and not clocks.fallen(clock, T0 + 29_999)
    assert not clocks.missed_first_move(clock, 0, T0 + 29_999)
    assert clocks.missed_first_move(clock, 0, T0 + 30_000)
    clock = clocks.after_move(ONE_PLUS_ZERO, clock, 0, [1], T0 + 29_000)
    assert not clocks.missed_first_move(clock, 1, T0 + 58_999)
    assert clocks.missed_first_move(clock, 1, T0 + 59_000)  # 30 s after bob's turn began
    assert clocks.aborted_result(1) == {
        "aborted": True,
        "seat": 1,
        "winners": [],
        "reason": "aborted",
    }


def test_each_power_company_has_its_first_turn_free_across_its_moves():
    """Four seats, multi-move turns: every seat's first turn costs nothing and must end
    within 30 s of its start, whichever round; from the second round on, Fischer."""
    control = TimeControl.parse("10+5")
    clock = clocks.start(control, 4, [0], T0)
    now = T0
    for seat in range(4):
        started = now
        assert clock.deadline == started + 30_000 and clock.first_move(seat)
        for _ in range(3):  # reveal, place, declare: the same turn and the same deadline
            now += 6000
            clock = clocks.after_move(control, clock, seat, [seat], now)
            assert clock.deadline == started + 30_000
        now += 6000
        clock = clocks.after_move(control, clock, seat, [(seat + 1) % 4], now)  # end
        assert clock.left_ms == (600_000,) * 4  # 24 s each, none charged, no increment
        for later in range(seat + 1, 4):  # seats still to come: clocks standing still
            assert clocks.left_at(control, clock, later, later == seat + 1, now + 9000) == 600_000
    assert clock.unmoved == () and clock.deadline == now + 600_000
    clock = clocks.after_move(control, clock, 0, [0], now + 4000)  # round two: charged
    assert clock.left_ms[0] == 596_000
    clock = clocks.after_move(control, clock, 0, [1], now + 10_000)
    assert clock.left_ms == (595_000, 600_000, 600_000, 600_000)  # − 10 s + 5 s


def test_untimed_and_correspondence_have_no_first_move_rule():
    assert clocks.start(TimeControl(), 2, [0], T0).unmoved == ()
    days = TimeControl.parse("1d")
    clock = clocks.start(days, 2, [0], T0)
    assert clock.unmoved == () and clock.deadline == T0 + clocks.DAY_MS
    assert not clocks.missed_first_move(clock, 0, T0 + clocks.DAY_MS)


def test_every_game_has_presets_within_the_limits():
    from games.registry import all_games

    for game in all_games():
        assert game.clock_presets, game.slug
        for minutes, seconds in game.clock_presets:
            assert TimeControl.parse(f"{minutes}+{seconds}").realtime
