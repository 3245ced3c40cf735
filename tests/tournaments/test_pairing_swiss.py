"""Swiss pairing: no rematch while one can be avoided, fair byes, late joiners, seats."""

from collections import Counter
from fractions import Fraction
from random import Random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Entrant, Result, standings, swiss, swiss_pairing


def play(entrants, rounds, rng, table_size=2):
    """Plays ``rounds`` rounds with random results; returns results, byes and pairings."""
    results, byes, pairings = [], {}, []
    for number in range(1, rounds + 1):
        pairing = swiss_pairing(entrants, results, number, byes, table_size)
        pairings.append(pairing)
        for key in pairing.byes:
            byes.setdefault(key, []).append(number)
        for table in pairing.tables:
            # Random places, ties included.
            places = tuple(rng.randint(1, len(table.seats)) for _ in table.seats)
            results.append(Result(number, table.seats, places))
    return results, byes, pairings


def repeat_free_exists(keys, met) -> bool:
    graph = nx.Graph()
    graph.add_nodes_from(keys)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(keys) for b in keys[i + 1 :] if frozenset((a, b)) not in met
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == len(keys) // 2


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 13), rounds=st.integers(1, 8), seed=st.integers(0, 10**6))
def test_no_rematch_while_avoidable_and_fair_byes(n, rounds, seed):
    rng = Random(seed)
    entrants = [Entrant(f"p{i}", rng.randint(1000, 2000)) for i in range(n)]
    results, byes = [], {}
    for number in range(1, rounds + 1):
        pairing = swiss_pairing(entrants, results, number, byes)
        seen = [k for t in pairing.tables for k in t.seats] + list(pairing.byes)
        assert sorted(seen) == sorted(e.key for e in entrants)
        assert len(pairing.byes) == n % 2
        met = {frozenset(r.seats) for r in results}
        rematches = [t for t in pairing.tables if frozenset(t.seats) in met]
        if rematches:
            # No bye that could have been given (fairly) leaves a field without rematches.
            fewest = min(len(byes.get(k, ())) for k in seen)
            eligible = [k for k in seen if len(byes.get(k, ())) == fewest]
            candidates = eligible if n % 2 else [None]
            for bye in candidates:
                keys = [k for k in seen if k != bye]
                assert not repeat_free_exists(keys, met)
        for key in pairing.byes:
            # Nobody gets a second bye while someone has none (nor a third while someone has
            # one).
            assert len(byes.get(key, ())) == min(len(byes.get(e.key, ())) for e in entrants)
            byes.setdefault(key, []).append(number)
        for table in pairing.tables:
            results.append(Result(number, table.seats, (1, rng.randint(1, 2))))


def test_late_joiners_and_withdrawn_players_are_not_paired_early():
    entrants = [Entrant("a", 1900), Entrant("b", 1800), Entrant("c", 1700, joined_round=2)]
    entrants.append(Entrant("d", 1600, withdrawn=True))
    first = swiss_pairing(entrants, [], 1, {})
    assert [t.seats for t in first.tables] == [("a", "b")]
    assert first.byes == ()
    second = swiss_pairing(entrants, [Result(1, ("a", "b"), (1, 2))], 2, {})
    assert {k for t in second.tables for k in t.seats} | set(second.byes) == {"a", "b", "c"}


@settings(max_examples=30, deadline=None)
@given(n=st.integers(8, 24), seed=st.integers(0, 10**6))
def test_seats_stay_within_two_and_never_thrice_in_a_row(n, seed):
    """FIDE's absolute colour rule, kept while a field is large for its rounds: nobody's
    firsts and seconds differ by more than two, nobody has one seat three times running."""
    rng = Random(seed)
    entrants = [Entrant(f"p{i}", rng.randint(1000, 2000)) for i in range(n)]
    results, _, _ = play(entrants, min(7, n // 2), rng)
    balance, runs = Counter(), {}
    for result in sorted(results, key=lambda r: r.round):
        for seat, key in enumerate(result.seats):
            balance[key] += 1 - 2 * seat
            runs.setdefault(key, []).append(seat)
    assert max(abs(v) for v in balance.values()) <= 2
    for seats in runs.values():
        assert all(len(set(seats[i : i + 3])) == 2 for i in range(len(seats) - 2)), seats


@pytest.mark.parametrize("n", [6, 7, 9, 10, 11])
def test_power_companies_tables_of_three(n):
    rng = Random(n)
    entrants = [Entrant(f"p{i}", 1500 + i) for i in range(n)]
    results, byes, pairings = play(entrants, 4, rng, table_size=3)
    for pairing in pairings:
        assert all(len(t.seats) == 3 for t in pairing.tables)
        assert len(pairing.byes) == n % 3
    for number, pairing in enumerate(pairings, 1):
        had = Counter(k for k, rounds in byes.items() for r in rounds if r < number)
        for key in pairing.byes:
            # A second bye only once everyone has had one.
            assert had[key] == min(had[e.key] for e in entrants)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        swiss_pairing([Entrant("a", 1)], [], 0, {})
    with pytest.raises(ValueError):
        swiss_pairing([Entrant("a", 1), Entrant("a", 1)], [], 1, {})


def test_power_companies_meet_new_players_where_they_can():
    """Six players at two tables of three, all tied after round 1: cut by rank, round 2
    would repeat both tables whole; a swap leaves one pair that met before at each table,
    the fewest two triples can have."""
    entrants = [Entrant(f"p{i}", 1500) for i in range(6)]
    results = [
        Result(1, ("p0", "p1", "p2"), (1, 1, 1)),
        Result(1, ("p3", "p4", "p5"), (1, 1, 1)),
    ]
    pairing = swiss_pairing(entrants, results, 2, {}, table_size=3)
    before = [set(r.seats) for r in results]
    for table in pairing.tables:
        assert max(len(set(table.seats) & old) for old in before) == 2


def test_the_matching_that_pairs_the_bottom_again_stays_bounded(monkeypatch):
    """A rematch left by the score groups is mended by a matching over the bottom of the
    ranking, growing until it is gone but never past LARGEST_MATCHING players (and their
    partners): a large field costs bounded CPU. Here the bound is 4 in a field of 12 paired
    until rematches are unavoidable; every pairing still seats everyone."""
    sizes = []
    matching = swiss._matching

    def spy(players, *args):
        sizes.append(len(players))
        return matching(players, *args)

    monkeypatch.setattr(swiss, "LARGEST_MATCHING", 4)
    monkeypatch.setattr(swiss, "_matching", spy)
    rng = Random(3)
    entrants = [Entrant(f"p{i}", rng.randint(1000, 2000)) for i in range(12)]
    _, _, pairings = play(entrants, 11, rng)
    assert sizes and max(sizes) <= 8
    for pairing in pairings:
        assert len({k for t in pairing.tables for k in t.seats}) == 12


@pytest.mark.parametrize("upto", [2, 3, 4, 5])
def test_a_late_joiners_pairing_score_is_their_points_in_the_standings(upto):
    """The pairing ranks a late joiner by the points the standings give them: ½ per round
    missed before the one they joined in (docs/rules.md §8.3), no more and no less."""
    entrants = [Entrant("a", 1900), Entrant("b", 1800), Entrant("c", 1700, joined_round=2)]
    entrants += [Entrant("d", 1600, joined_round=3), Entrant("e", 1500, joined_round=4)]
    results, byes = [], {}
    for number in range(1, upto):
        pairing = swiss_pairing(entrants, results, number, byes)
        for key in pairing.byes:
            byes.setdefault(key, []).append(number)
        results += [Result(number, t.seats, (1, 2)) for t in pairing.tables]
    before = swiss.points_before(entrants, results, byes, upto)
    table = standings("swiss", entrants, results, byes=byes)
    assert {s.key: s.points for s in table} == before
    assert before["e"] >= Fraction(1, 2) * (min(4, upto) - 1)
