"""Standings: points by place, ties shared, byes, Arena streaks, bad input refused."""

import pytest

from tournaments.formats import Entrant, Result, standings


def entrants(*keys):
    return [Entrant(k, 1500) for k in keys]


def test_points_by_place_at_tables_of_three_and_four():
    rows = standings(
        "round-robin", entrants("a", "b", "c", "d"), [Result(1, ("a", "b", "c", "d"), (1, 2, 3, 4))]
    )
    assert {r.key: r.points for r in rows} == pytest.approx(
        {"a": 1, "b": 2 / 3, "c": 1 / 3, "d": 0}
    )
    rows = standings(
        "round-robin", entrants("a", "b", "c"), [Result(1, ("a", "b", "c"), (1, 1, 3))]
    )
    assert {r.key: r.points for r in rows} == {"a": 0.75, "b": 0.75, "c": 0.0}
    assert [(r.wins, r.draws, r.losses) for r in rows] == [(0, 1, 0), (0, 1, 0), (0, 0, 1)]


def test_swiss_byes_and_half_byes():
    people = [Entrant("a", 1500), Entrant("b", 1500), Entrant("c", 1500, joined_round=2)]
    rows = standings("swiss", people, [Result(1, ("a", "b"), (1, 1))], byes={"c": []})
    assert {r.key: r.points for r in rows} == {"a": 0.5, "b": 0.5, "c": 0.5}
    rows = standings("swiss", people, [], byes={"a": [1]}, half_byes={"c": [1]})
    assert {r.key: r.points for r in rows} == {"a": 1.0, "b": 0.0, "c": 0.5}


def test_arena_doubles_after_two_wins_until_a_result_that_is_not_a_win():
    # a wins, wins, wins (double), draws (double), wins: 2 + 2 + 4 + 2 + 2 = 12
    places = [(1, 2), (1, 2), (1, 2), (1, 1), (1, 2)]
    results = [Result(0, ("a", "b"), p, order=i) for i, p in enumerate(places)]
    rows = {r.key: r for r in standings("arena", entrants("a", "b"), results)}
    assert rows["a"].points == 12
    assert rows["a"].streak == 1
    assert rows["b"].points == 1


def test_forfeit_scores_nothing():
    results = [Result(1, ("a", "b"), (2, 1), forfeit=(True, False))]
    rows = {r.key: r for r in standings("swiss", entrants("a", "b"), results)}
    assert (rows["a"].points, rows["b"].points) == (0, 1)
    # Both missed their first move: both lose, whatever the places say.
    results = [Result(1, ("a", "b"), (1, 1), forfeit=(True, True))]
    rows = {r.key: r for r in standings("swiss", entrants("a", "b"), results)}
    assert (rows["a"].points, rows["b"].points) == (0, 0)
    assert (rows["a"].losses, rows["b"].losses) == (1, 1)


def test_a_forfeit_counts_as_a_virtual_opponent_in_the_tie_breaks():
    """Round 1: a wins against b by forfeit, c beats d. Round 2: a beats c, b beats d.
    Points: a 2, b 1, c 1, d 0. a's Buchholz: the forfeited round counts an opponent with
    a's own 2 points (not b's 1), plus c's 1 = 3; its Sonneborn-Berger 2 + 1 = 3."""
    results = [
        Result(1, ("a", "b"), (1, 2), forfeit=(False, True)),
        Result(1, ("c", "d"), (1, 2)),
        Result(2, ("a", "c"), (1, 2)),
        Result(2, ("b", "d"), (1, 2)),
    ]
    rows = {r.key: r for r in standings("swiss", entrants("a", "b", "c", "d"), results)}
    assert rows["a"].points == 2
    assert rows["a"].tiebreaks == (3.0, 3.0)
    # b: its own 1 for the forfeit + d's 0; its win over d weighs d's 0.
    assert rows["b"].tiebreaks == (1.0, 0.0)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        standings("ladder", entrants("a"), [])
    with pytest.raises(ValueError):
        standings("swiss", entrants("a"), [Result(1, ("a", "z"), (1, 2))])
    with pytest.raises(ValueError):
        standings("swiss", entrants("a", "b"), [Result(1, ("a", "b"), (1,))])


def test_round_robin_crosstable_head_to_head_before_sonneborn_berger():
    """A single round robin of four, by hand:

        |   | A | B | C | D | points | head-to-head | Sonneborn-Berger |
        | A | · | 0 | 1 | 1 |   2    | 0 (lost to B) | C 1 + D 1 = 2   |
        | B | 1 | · | 0 | 1 |   2    | 1 (beat A)    | A 2 + D 1 = 3   |
        | C | 0 | 1 | · | 0 |   1    | 0 (lost to D) | B 2 = 2         |
        | D | 0 | 0 | 1 | · |   1    | 1 (beat C)    | C 1 = 1         |

    B ranks above A and D above C on their encounter, though C's Sonneborn-Berger is
    higher than D's."""
    games = [("A", "B", 2), ("A", "C", 1), ("A", "D", 1), ("B", "C", 2), ("B", "D", 1)]
    games.append(("C", "D", 2))
    results = [
        Result(n, (a, b), (1, 2) if winner == 1 else (2, 1))
        for n, (a, b, winner) in enumerate(games, 1)
    ]
    rows = standings("round-robin", entrants("A", "B", "C", "D"), results)
    assert [(r.rank, r.key, r.points, r.tiebreaks) for r in rows] == [
        (1, "B", 2.0, (1.0, 3.0)),
        (2, "A", 2.0, (0.0, 2.0)),
        (3, "D", 1.0, (1.0, 1.0)),
        (4, "C", 1.0, (0.0, 2.0)),
    ]


def test_a_cycle_of_three_shares_first_place():
    """A beats B, B beats C, C beats A, and all three beat D: 2 points each, 1 each among
    themselves, Sonneborn-Berger 2 each (the tied player beaten, 2, plus D, 0)."""
    games = [("A", "B"), ("B", "C"), ("C", "A"), ("A", "D"), ("B", "D"), ("C", "D")]
    results = [Result(n, pair, (1, 2)) for n, pair in enumerate(games, 1)]
    rows = standings("round-robin", entrants("A", "B", "C", "D"), results)
    assert [(r.rank, r.key, r.tiebreaks) for r in rows] == [
        (1, "A", (1.0, 2.0)),
        (1, "B", (1.0, 2.0)),
        (1, "C", (1.0, 2.0)),
        (4, "D", (0.0, 0.0)),
    ]


def test_power_companies_round_robin_at_tables_of_three():
    """Four players at tables of three, one resting each round, by hand (1 / ½ / 0, ties
    share: two tied first of three score ¾ each):

        round 1: A 1st, B 2nd, C 3rd            A 1,  B ½,  C 0
        round 2: B and C share 1st, D 3rd       B ¾,  C ¾,  D 0
        round 3: C 1st, A 2nd, D 3rd            C 1,  A ½,  D 0
        round 4: B 1st, D 2nd, A 3rd            B 1,  D ½,  A 0

    Totals: B 2¼, C 1¾, A 1½, D ½. In the count of wins, draws and losses only a first
    place of one's own is a win and a shared one a draw: B won once, drew once, lost once."""
    results = [
        Result(1, ("A", "B", "C"), (1, 2, 3)),
        Result(2, ("B", "C", "D"), (1, 1, 3)),
        Result(3, ("A", "C", "D"), (2, 1, 3)),
        Result(4, ("A", "B", "D"), (3, 1, 2)),
    ]
    rows = standings("round-robin", entrants("A", "B", "C", "D"), results, table_size=3)
    assert [(r.rank, r.key, r.points) for r in rows] == [
        (1, "B", 2.25),
        (2, "C", 1.75),
        (3, "A", 1.5),
        (4, "D", 0.5),
    ]
    b = rows[0]
    assert (b.played, b.wins, b.draws, b.losses) == (3, 1, 1, 1)


def test_a_half_point_bye_weighs_half_in_sonneborn_berger():
    """c joins in round 2 (a ½ bye for round 1) and beats a; a beat b in round 1, b has a
    full bye in round 2. Points: a 1, b 1, c 1½. c's Sonneborn-Berger: the ½ bye is a game
    against c's own 1½ weighted by its ½ (¾), plus the win over a's 1: 1¾, not the 2½ a
    bye counted as won would make. Its Buchholz counts the virtual opponent whole: 2½."""
    people = [Entrant("a", 1500), Entrant("b", 1500), Entrant("c", 1500, joined_round=2)]
    results = [Result(1, ("a", "b"), (1, 2)), Result(2, ("c", "a"), (1, 2))]
    rows = {r.key: r for r in standings("swiss", people, results, byes={"b": [2]})}
    assert {k: r.points for k, r in rows.items()} == {"a": 1.0, "b": 1.0, "c": 1.5}
    assert rows["c"].tiebreaks == (2.5, 1.75)


def test_bad_input_is_refused_with_the_reason():
    """Each refusal says what is wrong (a result too short or too long for its seats would
    otherwise fail deeper, in a zip, with no word of the result)."""
    people = entrants("a", "b", "c", "d", "e")
    cases = [
        (Result(1, ("a", "b"), (1,)), "a place for each"),
        (Result(1, ("a", "b", "c", "d", "e"), (1, 2, 3, 4, 5)), "2-4 seats"),
        (Result(1, ("a", "b"), (1, 2), forfeit=(True,)), "one per seat"),
        (Result(1, ("a", "a"), (1, 2)), "sits twice"),
        (Result(1, ("a", "z"), (1, 2)), "did not enter"),
    ]
    for result, reason in cases:
        with pytest.raises(ValueError, match=reason):
            standings("swiss", people, [result])
    with pytest.raises(ValueError, match="round-robin, swiss, arena, not 'ladder'"):
        standings("ladder", people, [])


def test_a_forfeit_loses_whatever_the_places_say():
    """a missed its first move, though the places name it first: b wins."""
    results = [Result(1, ("a", "b"), (1, 2), forfeit=(True, False))]
    rows = {r.key: r for r in standings("round-robin", entrants("a", "b"), results)}
    assert (rows["a"].points, rows["b"].points) == (0, 1)


def test_a_round_robin_rest_scores_nothing_whatever_byes_are_passed():
    rows = standings("round-robin", entrants("a", "b"), [], byes={"a": [1]}, half_byes={"b": [1]})
    assert [r.points for r in rows] == [0, 0]


def test_a_swiss_before_its_first_round_owes_a_late_joiner_nothing():
    """No round played, no bye given: the last round is 0, so a player joining in round 3
    has missed none yet (its ½ byes come as the rounds before it are played)."""
    people = [Entrant("a", 1500), Entrant("b", 1500), Entrant("c", 1500, joined_round=3)]
    assert [r.points for r in standings("swiss", people, [])] == [0, 0, 0]
    rows = standings("swiss", people, [Result(1, ("a", "b"), (1, 2))])
    assert {r.key: r.points for r in rows} == {"a": 1, "b": 0, "c": 0.5}  # round 1's ½ bye


def test_swiss_tie_breaks_at_a_table_of_three_weigh_each_opponent_by_a_half():
    """One round, A 1st, B 2nd, C 3rd: points 1, ½, 0. The table is two two-player results a
    seat, each scaled by 1 / (3 − 1): Buchholz A ½ × (½ + 0) = ¼, B ½ × (1 + 0) = ½,
    C ½ × (1 + ½) = ¾; Sonneborn-Berger A ½ × (1 × ½ + 1 × 0) = ¼, B ½ × (1 × 0) = 0, C 0."""
    results = [Result(1, ("A", "B", "C"), (1, 2, 3))]
    rows = {r.key: r for r in standings("swiss", entrants("A", "B", "C"), results, table_size=3)}
    assert {k: r.tiebreaks for k, r in rows.items()} == {
        "A": (0.25, 0.25),
        "B": (0.5, 0.0),
        "C": (0.75, 0.0),
    }


def test_only_an_arena_counts_streaks():
    """Two wins in a row are a streak in an Arena only; elsewhere every streak is 0."""
    results = [Result(1, ("a", "b"), (1, 2)), Result(2, ("a", "b"), (1, 2))]
    for format in ("round-robin", "swiss"):
        assert [r.streak for r in standings(format, entrants("a", "b"), results)] == [0, 0]


def test_arena_performance_is_the_mean_of_opponents_ratings_plus_or_minus_400():
    """a (1500) beats b (1700), then draws c (1600); d (2000) has not played.
    a: (1700 + 400 + 1600 + 0) / 2 = 1850; b: 1500 − 400 = 1100; c: 1500 (a draw adds
    nothing); d: their own 2000."""
    people = [Entrant("a", 1500), Entrant("b", 1700), Entrant("c", 1600), Entrant("d", 2000)]
    results = [Result(0, ("a", "b"), (1, 2), order=0), Result(0, ("c", "a"), (1, 1), order=1)]
    rows = {r.key: r for r in standings("arena", people, results)}
    assert {k: r.tiebreaks for k, r in rows.items()} == {
        "a": (1850.0,),
        "b": (1100.0,),
        "c": (1500.0,),
        "d": (2000.0,),
    }
