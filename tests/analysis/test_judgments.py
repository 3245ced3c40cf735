"""The judgments and accuracy of analysis.judgments on positions written by hand: the
thresholds' edges, drops never below 0, forced moves unjudged, and accuracy's two halves
(docs/rules.md §7.7). Pure: no database."""

import pytest

from analysis.judgments import accuracy, drop_of, judge, move_accuracy


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
