"""Round robin schedules: every pair meets once per leg, seats balanced within one, rests
spread evenly, and power companies at tables of three meet everyone."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import round_robin, round_robin_schedule


def keys(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@settings(deadline=None)  # a loaded machine; no timings asserted
@given(n=st.integers(2, 21), legs=st.integers(1, 6))
def test_each_pair_once_per_leg_and_seats_balanced(n, legs):
    players = keys(n)
    rounds = round_robin_schedule(players, 2, legs)
    per_leg = len(rounds) // legs
    assert per_leg == (n if n % 2 else n - 1)
    firsts, seconds = Counter(), Counter()
    for leg in range(legs):
        met = Counter()
        for pairing in rounds[leg * per_leg : (leg + 1) * per_leg]:
            seen = [k for table in pairing.tables for k in table.seats] + list(pairing.byes)
            assert sorted(seen) == sorted(players)  # everyone once a round
            for table in pairing.tables:
                met[frozenset(table.seats)] += 1
                firsts[table.seats[0]] += 1
                seconds[table.seats[1]] += 1
        assert set(met.values()) == {1}
        assert len(met) == n * (n - 1) // 2
        # Seats balanced within one after every leg.
        assert all(abs(firsts[k] - seconds[k]) <= 1 for k in players)


def test_an_encounter_swaps_seats_from_leg_to_leg():
    rounds = round_robin_schedule(keys(6), 2, 2)
    seats = Counter(table.seats for pairing in rounds for table in pairing.tables)
    assert all(seats[(b, a)] == 1 for (a, b) in seats)


def test_odd_players_rest_once_per_leg():
    rounds = round_robin_schedule(keys(5), 2, 2)
    rests = Counter(k for pairing in rounds for k in pairing.byes)
    assert rests == Counter(dict.fromkeys(keys(5), 2))


@pytest.mark.parametrize("table_size", [3, 4])
@pytest.mark.parametrize("n", range(3, 14))
def test_power_companies_meet_everyone_and_rest_evenly(n, table_size):
    players = keys(n)
    rounds = round_robin_schedule(players, table_size, 1)
    met, rests, firsts = Counter(), Counter(), Counter()
    for pairing in rounds:
        assert all(3 <= len(t.seats) <= table_size for t in pairing.tables)
        firsts.update(t.seats[0] for t in pairing.tables)
        seen = [k for t in pairing.tables for k in t.seats] + list(pairing.byes)
        assert sorted(seen) == sorted(players)
        for table in pairing.tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
        rests.update(pairing.byes)
    assert all(met[frozenset(pair)] >= 1 for pair in combinations(players, 2))
    assert max(rests[k] for k in players) - min(rests[k] for k in players) <= 1
    assert max(firsts[k] for k in players) - min(firsts[k] for k in players) <= 2
    assert rounds == round_robin_schedule(players, table_size, 1)  # the same every time


def test_six_players_at_tables_of_three_take_the_fewest_rounds():
    """Trying every way to seat six players at two tables of three shows that four rounds
    are the fewest in which every two of them share a table (three rounds seat only 18
    meetings, and no three cover the 15 pairs)."""
    assert len(round_robin_schedule(keys(6), 3, 1)) == 4


def test_sixteen_players_at_tables_of_four_meet_exactly_once():
    """Sixteen players at four tables of four: five rounds in which every two players meet
    exactly once exist (an affine plane of order four), and the search finds one."""
    rounds = round_robin_schedule(keys(16), 4, 1)
    met = Counter(
        frozenset(pair) for p in rounds for t in p.tables for pair in combinations(t.seats, 2)
    )
    assert len(rounds) == 5
    assert set(met.values()) == {1}


def test_seven_players_at_tables_of_three():
    """Seven players, tables of three: two tables and one rest a round; every two players
    share a table, and nobody rests twice before everyone has rested once."""
    rounds = round_robin_schedule(keys(7), 3, 1)
    rests = [pairing.byes for pairing in rounds]
    assert all(len(r) == 1 for r in rests)
    flat = [r[0] for r in rests]
    assert len(set(flat[:7])) == len(flat[:7])


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        round_robin_schedule(["a", "a"])
    with pytest.raises(ValueError):
        round_robin_schedule(["a", "b"], 5)
    with pytest.raises(ValueError):
        round_robin_schedule(["a"])
    with pytest.raises(ValueError):
        round_robin_schedule(["a", "b"], 2, 0)


@pytest.mark.parametrize(("n", "table_size"), [(7, 3), (10, 4), (13, 3)])
def test_everyone_meets_even_when_the_search_finds_nothing(monkeypatch, n, table_size):
    """Should the search find nothing (here it returns no rounds at all), the schedule still
    ends and every two players still share a table: the rounds added at the end seat the
    pairs still missing, one at least a round."""
    monkeypatch.setattr(round_robin, "_search", lambda n, *_: ([], [[0] * n for _ in range(n)]))
    players = keys(n)
    rounds = round_robin_schedule(players, table_size, 1)
    met = {frozenset(pair) for p in rounds for t in p.tables for pair in combinations(t.seats, 2)}
    assert met == {frozenset(pair) for pair in combinations(players, 2)}
    rests = Counter(k for pairing in rounds for k in pairing.byes)
    for pairing in rounds:
        seen = [k for t in pairing.tables for k in t.seats] + list(pairing.byes)
        assert sorted(seen) == sorted(players)
        assert all(3 <= len(t.seats) <= table_size for t in pairing.tables)
    assert len(rounds) <= len(players) * (len(players) - 1) // 2
    assert sum(rests.values()) == len(rounds) * (n % table_size if table_size == 3 else 0)


@pytest.mark.parametrize("n", range(2, 22))
def test_within_a_leg_seats_alternate(n):
    """After every round of a leg each player's first and second moves differ by one at
    most, and nobody takes the same seat three rounds running (rests skipped)."""
    seats = {k: [] for k in keys(n)}
    for pairing in round_robin_schedule(keys(n), 2, 1):
        for table in pairing.tables:
            seats[table.seats[0]].append(0)
            seats[table.seats[1]].append(1)
    for played in seats.values():
        firsts = 0
        for number, seat in enumerate(played, 1):
            firsts += seat == 0
            assert abs(2 * firsts - number) <= 1
        assert all(len(set(played[i : i + 3])) == 2 for i in range(len(played) - 2))


def test_the_defaults_are_two_player_games_two_matches_an_encounter():
    """Four players: 3 rounds a leg (everyone meets the 3 others), two legs, two tables."""
    rounds = round_robin_schedule(keys(4))
    assert len(rounds) == 6
    assert all(len(p.tables) == 2 and all(len(t.seats) == 2 for t in p.tables) for p in rounds)


def test_bad_input_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="^an encounter has at least one match$"):
        round_robin_schedule(keys(4), 2, 0)
    with pytest.raises(ValueError, match="at tables of 3 needs more players"):
        round_robin_schedule(keys(2), 3)
    with pytest.raises(ValueError, match="at tables of 2 needs more players"):
        round_robin_schedule(keys(1), 2)


@pytest.mark.parametrize(("n", "rests"), [(7, 1), (8, 2)])
def test_rests_rotate_last_entered_first(n, rests):
    """Seven at tables of three: one rests a round, p6 first, then p5, …; eight: two, p7 and
    p6 first, then p5 and p4, …, round the players."""
    rounds = round_robin_schedule(keys(n), 3, 1)
    order = [f"p{(n - 1 - i) % n}" for i in range(rests * len(rounds))]
    expected = [tuple(sorted(order[r * rests : (r + 1) * rests])) for r in range(len(rounds))]
    assert [p.byes for p in rounds] == expected


def meetings(rounds):
    return Counter(
        frozenset(pair) for p in rounds for t in p.tables for pair in combinations(t.seats, 2)
    )


@pytest.mark.parametrize(
    ("n", "table_size", "target", "fewest"),
    [
        # 36 pairs, 9 meetings a round (3 tables of 3): 4 rounds, each pair once (the
        # affine plane of order three).
        (9, 3, 1, 4),
        # Tables of 4, 3, 3: 12 meetings a round; 2 × 45 pairs: 8 rounds, whose 96
        # meetings are at best 2 or 3 a pair. This case and the next reach their optimum on
        # the schedule's own seed: five other seeds tried took a round more or ended
        # uneven, so a change of the seed or of the draws may fail them with no fault.
        (10, 4, 2, 8),
        # Tables of 4, 4, 3, 3: 18 a round; 91 pairs: 6 rounds, 108 meetings, 1 or 2 a pair.
        (14, 4, 1, 6),
    ],
)
def test_a_plan_that_cannot_be_bettered_ends_the_search(monkeypatch, n, table_size, target, fewest):
    """The search finds, in the fewest rounds that could do, meetings as even as their count
    allows (each pair q or q + 1 times, q = meetings // pairs); having them it stops: the
    first search, of those rounds, tries fewer than its rounds × SWAPS_PER_ROUND swaps (each
    swap draws one ``sample``)."""
    swaps = []

    class Counting(random.Random):
        def sample(self, *args, **kwargs):
            swaps.append(1)
            return super().sample(*args, **kwargs)

    monkeypatch.setattr(round_robin.random, "Random", Counting)
    players = keys(n)
    rounds = round_robin_schedule(players, table_size, target)
    met = meetings(rounds)
    q = sum(met.values()) // len(list(combinations(players, 2)))
    assert len(rounds) == fewest
    assert q >= target
    assert all(met[frozenset(pair)] in (q, q + 1) for pair in combinations(players, 2))
    assert len(swaps) < fewest * round_robin.SWAPS_PER_ROUND


def test_ten_at_tables_of_four_meet_once_or_twice():
    """Tables of 4, 3, 3: 12 meetings a round; 45 pairs. However many rounds it takes, the
    plan is as even as can be: with fewer than 90 meetings, every two meet once or twice."""
    met = meetings(round_robin_schedule(keys(10), 4, 1))
    assert sum(met.values()) < 90
    assert all(met[frozenset(pair)] in (1, 2) for pair in combinations(keys(10), 2))


@pytest.mark.parametrize("target", [1, 2])
@pytest.mark.parametrize(("n", "table_size"), [(7, 3), (10, 4), (13, 3)])
def test_the_rounds_added_at_the_end_stop_once_every_pair_met_enough(
    monkeypatch, n, table_size, target
):
    """With a search that finds nothing, the rounds added at the end seat every two
    players ``target`` times (twice too: each meeting counted once), and the last of them
    was still needed: before it some pair was short."""
    monkeypatch.setattr(round_robin, "_search", lambda n, *_: ([], [[0] * n for _ in range(n)]))
    players = keys(n)
    rounds = round_robin_schedule(players, table_size, target)

    def met(rounds):
        return Counter(
            frozenset(pair) for p in rounds for t in p.tables for pair in combinations(t.seats, 2)
        )

    assert all(met(rounds)[frozenset(pair)] >= target for pair in combinations(players, 2))
    before = met(rounds[:-1])
    assert any(before[frozenset(pair)] < target for pair in combinations(players, 2))


def test_a_search_that_never_covers_is_given_up_after_twice_the_fewest_rounds_and_n(
    monkeypatch,
):
    """Seven at tables of three: 21 pairs, 6 meetings a round, so 4 rounds at least; the
    search may grow to 2 × 4 + 7 = 15 rounds, then the rounds added at the end cover the
    pairs. Here it seats the same two tables every round, so the schedule is its 15 rounds
    (every one alike) and then others."""
    same = ([[0, 1, 2], [3, 4, 5]], [6])

    def search(n, sizes, resting, rounds, target, rng):
        met = [[0] * n for _ in range(n)]
        for table in same[0]:
            for a, b in combinations(table, 2):
                met[a][b] = met[b][a] = rounds
        return [([list(t) for t in same[0]], list(same[1])) for _ in range(rounds)], met

    monkeypatch.setattr(round_robin, "_search", search)
    rounds = round_robin_schedule(keys(7), 3, 1)
    alike = [
        {frozenset(t.seats) for t in p.tables}
        == {frozenset({"p0", "p1", "p2"}), frozenset({"p3", "p4", "p5"})}
        for p in rounds
    ]
    assert alike[:15] == [True] * 15
    assert not any(alike[15:])
    assert len(rounds) > 15


def test_the_rounds_added_at_the_end_seat_the_short_pair_with_whom_they_met_least(monkeypatch):
    """Six at tables of three, every pair met once but p0-p1 (never) and p2, who met p0 and
    p1 five times each: the round added seats p0 and p1 with p3 (met each once, the first
    of the least met), not p2. Seven: the round added rests p6, the rotation's first (the
    short pair p0-p1 is not the one resting)."""

    def search(n, *_):
        met = [[int(a != b) for b in range(n)] for a in range(n)]
        met[0][1] = met[1][0] = 0
        met[2][0] = met[0][2] = met[2][1] = met[1][2] = 5
        return [], met

    monkeypatch.setattr(round_robin, "_search", search)
    rounds = round_robin_schedule(keys(6), 3, 1)
    assert len(rounds) == 1
    assert {frozenset(t.seats) for t in rounds[0].tables} == {
        frozenset({"p0", "p1", "p3"}),
        frozenset({"p2", "p4", "p5"}),
    }
    assert round_robin_schedule(keys(7), 3, 1)[0].byes == ("p6",)
