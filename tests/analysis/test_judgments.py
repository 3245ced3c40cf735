"""The judgments and accuracy of analysis.judgments on positions written by hand: the
thresholds' edges, drops never below 0, forced moves unjudged, and accuracy's two halves
(docs/rules.md §7.7). Pure: no database."""

import math

import pytest

from analysis.judgments import accuracy, drop_of, judge, move_accuracy, volatility


def position(chance: float, played: float, **marks) -> dict:
    return {"seat": 0, "chances": [chance, 1 - chance], "played": played, **marks}


@pytest.mark.parametrize(
    ("drop", "name"),
    [(9.99, None), (10.0, "inaccuracy"), (19.99, "inaccuracy"), (20.0, "mistake")]
    + [(29.99, "mistake"), (30.0, "blunder"), (80.0, "blunder")],
)
def test_each_threshold_starts_at_its_least_drop(drop, name):
    judgment = judge(drop)
    assert (judgment.name if judgment else None) == name


def test_a_move_better_than_the_searchs_choice_drops_nothing():
    """The move played can score above the preferred one (the search's own noise): its drop
    is 0, never negative, so the API's ``drop`` and the accuracy never reward it."""
    assert drop_of(position(0.4, 0.55)) == 0.0
    assert drop_of(position(0.6, 0.35)) == pytest.approx(25.0)


@pytest.mark.parametrize("mark", ["forced", "leave", "end"])
def test_a_forced_move_a_leave_and_the_end_are_not_judged(mark):
    assert drop_of(position(0.9, 0.1, **{mark: True})) is None
    assert judge(drop_of(position(0.9, 0.1, **{mark: True}))) is None


def test_accuracy_is_the_mean_of_the_weighted_and_the_harmonic_mean():
    """Two moves at steady chances (every window's weight the least, 0.5, so the weighted
    mean is the plain one): a perfect move and a 40-point drop. The harmonic half pulls the
    accuracy towards the bad move; a forced move between them counts in neither."""
    positions = [position(0.5, 0.5), position(0.5, 0.5, forced=True), position(0.5, 0.1)]
    positions.append({"seat": 0, "chances": [0.5, 0.5], "end": True})
    good, bad = move_accuracy(0.0), move_accuracy(40.0)
    harmonic = 2 / (1 / good + 1 / bad)
    assert accuracy(positions, 0) == pytest.approx(((good + bad) / 2 + harmonic) / 2)
    assert accuracy(positions, 1) is None  # seat 1 made no move


def test_a_moves_accuracy_follows_lichesss_curve_within_0_to_100():
    assert move_accuracy(0.0) == pytest.approx(99.9999, abs=1e-9)  # 103.1668 − 3.1669
    # 103.1668·e^(−0.4354) − 3.1669 and 103.1668·e^(−1.0885) − 3.1669
    assert move_accuracy(10.0) == pytest.approx(63.5826, abs=1e-4)
    assert move_accuracy(25.0) == pytest.approx(31.5715, abs=1e-4)
    assert move_accuracy(100.0) == 0.0  # the curve is below 0 there (−1.84)
    assert move_accuracy(-1.0) == 100.0  # above 100 (104.6): never reached, drops are ≥ 0


# Hand-worked windows of three (30 moves // 10): the spread of (50, 52, 54) is √(8/3) points,
# of (54, 50, 50) √(32/9); one of (50, 50, 80) is 14.1, more than the most (12).
def test_volatility_is_each_windows_spread_the_first_window_repeated():
    series = [50.0, 52.0, 54.0, 50.0, 50.0, 80.0, 50.0]
    spread = [math.sqrt(8 / 3)] * 3 + [math.sqrt(32 / 9), 12.0, 12.0]
    assert volatility(series, 30) == pytest.approx(spread)


def test_the_window_is_a_tenth_of_the_moves_between_2_and_8_and_the_series():
    assert volatility([50.0, 54.0, 50.0], 5) == pytest.approx([2.0, 2.0])  # windows of 2
    # Windows of 8 over 3 positions: each is the whole series.
    assert volatility([50.0, 52.0, 54.0], 100) == pytest.approx([math.sqrt(8 / 3)] * 2)
    # Windows of 8 (not 9, 10 or 20): the last holds seven 50s and a 58, spread √7.
    series = [50.0] * 9 + [58.0]
    assert volatility(series, 200) == pytest.approx([0.5] * 8 + [math.sqrt(7)])
    assert volatility([50.0, 50.1, 50.0, 50.1], 40) == [0.5, 0.5, 0.5]  # the least weight


def test_accuracy_weighs_each_move_by_the_volatility_after_it():
    """Seat 0 moves at plies 0 and 2, seat 1 at 1 and 3. The chances (50, 52, 54, 50, 50 for
    seat 0, their complements for seat 1: the same spreads) give windows of 2 (4 moves), a
    move's the positions before and after it: spreads 1, 1, 2 and 0 (weighed 0.5, the
    least). So seat 0's perfect move weighs 1 and its 25-point drop 2; seat 1's perfect move
    1 and its 10-point drop 0.5."""
    chances = [0.50, 0.52, 0.54, 0.50, 0.50]
    drops = [0.0, 0.0, 0.25, 0.10]
    positions = [
        {"seat": ply % 2, "chances": [c, 1 - c], "played": [c, 1 - c][ply % 2] - drops[ply]}
        for ply, c in enumerate(chances[:-1])
    ]
    positions.append({"seat": 0, "chances": [0.5, 0.5], "end": True})
    assert volatility([100 * c for c in chances], 4) == pytest.approx([1.0, 1.0, 2.0, 0.5])
    good, first, second = move_accuracy(0.0), move_accuracy(25.0), move_accuracy(10.0)
    weighted, harmonic = (good * 1 + first * 2) / 3, 2 / (1 / good + 1 / first)
    assert accuracy(positions, 0) == pytest.approx((weighted + harmonic) / 2)
    weighted, harmonic = (good * 1 + second * 0.5) / 1.5, 2 / (1 / good + 1 / second)
    assert accuracy(positions, 1) == pytest.approx((weighted + harmonic) / 2)


def test_a_move_of_no_accuracy_counts_as_1_in_the_harmonic_mean():
    positions = [position(0.5, 0.5), position(0.9, 0.0)]  # a perfect move, a 90-point drop
    positions.append({"seat": 0, "chances": [0.5, 0.5], "end": True})
    good = move_accuracy(0.0)
    assert move_accuracy(90.0) == 0.0
    assert accuracy(positions, 0) == pytest.approx((good / 2 + 2 / (1 / good + 1)) / 2)


@pytest.mark.parametrize("moves", [29, 30])
def test_the_windows_of_a_seats_accuracy_are_a_tenth_of_the_matchs_moves(moves):
    """29 moves weigh by windows of 2, 30 by windows of 3 (and 31 positions by 3, so a
    count off by one either way changes the weights): chances that swing by 0, 5, 10, 15
    and 20 points in turn (50, 55, 50, 65, 50, 50, 50, 60, …) give the moves weights of
    their own."""
    chances = [0.5 + 0.05 * (ply % 5) * (ply % 2) for ply in range(moves)]
    drops = [0.05 * (ply % 7) for ply in range(moves)]
    positions = [
        {"seat": ply % 2, "chances": [c, 1 - c], "played": [c, 1 - c][ply % 2] - drops[ply]}
        for ply, c in enumerate(chances)
    ]
    positions.append({"seat": 0, "chances": [0.5, 0.5], "end": True})
    series = [100 * p["chances"][0] for p in positions]
    weights = volatility(series, moves)
    # After move 2: the window (50, 65) spreads 7.5 points, (55, 50, 65) √(350/9).
    assert weights[2] == pytest.approx(7.5 if moves == 29 else math.sqrt(350 / 9))
    mine = [(move_accuracy(100 * drops[ply]), weights[ply]) for ply in range(0, moves, 2)]
    weighted = sum(v * w for v, w in mine) / sum(w for _, w in mine)
    harmonic = len(mine) / sum(1 / max(v, 1.0) for v, _ in mine)
    assert accuracy(positions, 0) == pytest.approx((weighted + harmonic) / 2)
