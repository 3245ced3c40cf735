"""Round robin schedules: every pair meets once per leg, seats balanced within one, rests
spread evenly, and power companies at tables of three meet everyone."""

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
