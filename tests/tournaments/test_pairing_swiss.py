"""Swiss pairing: no rematch while one can be avoided, fair byes, late joiners, seats."""

from collections import Counter
from fractions import Fraction
from random import Random

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tournaments.formats import Entrant, Result, standings, swiss, swiss_pairing
from tournaments.formats.tables import grouped_tables, meetings, pair_key, seat_counts, seat_order


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


def test_bad_input_is_refused_saying_why():
    with pytest.raises(ValueError, match=r"^rounds are numbered from 1$"):
        swiss_pairing([Entrant("a", 1)], [], 0, {})
    with pytest.raises(ValueError, match=r"^a player is entered twice$"):
        swiss_pairing([Entrant("a", 1), Entrant("a", 1)], [], 1, {})
    with pytest.raises(ValueError, match=r"^table_size must be 2, 3 or 4, not 5$"):
        swiss_pairing([Entrant("a", 1), Entrant("b", 1)], [], 1, {}, table_size=5)


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


# The tables every format shares (tournaments/formats/tables.py).

HISTORY = [
    Result(1, ("a", "b", "c"), (1, 2, 3)),
    Result(2, ("a", "c"), (1, 2)),
    Result(3, ("b", "d", "a", "c"), (1, 1, 1, 1)),
]


def test_meetings_count_each_two_players_once_for_each_table_they_shared():
    assert meetings(HISTORY) == Counter(
        {("a", "b"): 2, ("a", "c"): 3, ("b", "c"): 2, ("a", "d"): 1, ("b", "d"): 1, ("c", "d"): 1}
    )


def test_seat_counts_count_each_players_seats_and_seat_order_adds_the_seats_it_gives():
    """``seat_counts`` of the rounds played and ``seat_order``'s own count of the seats it
    gives agree, so a round robin (which only counts as it seats) and a Swiss (which counts
    the results) even the seats out alike. Seat by seat the least seated there takes it,
    ties in the given order: c (never first) before d, then a (never second), then b."""
    counts = seat_counts(HISTORY)
    assert counts == Counter(
        {
            ("a", 0): 2,
            ("a", 2): 1,
            ("b", 0): 1,
            ("b", 1): 1,
            ("c", 1): 1,
            ("c", 2): 1,
            ("c", 3): 1,
            ("d", 1): 1,
        }
    )
    order = seat_order(["a", "b", "c", "d"], counts)
    assert order == ("c", "a", "b", "d")
    assert counts == seat_counts([*HISTORY, Result(4, order, (1, 1, 1, 1))])


def cost_of(*pairs):
    met = Counter(pair_key(a, b) for a, b in pairs)
    return lambda a, b: met[pair_key(a, b)]


KEYS = [f"p{i}" for i in range(9)]


def test_grouped_tables_part_two_who_met_wherever_they_sit_at_the_table():
    tables = grouped_tables(KEYS[:8], [4, 4], cost_of(("p0", "p2")))
    assert not any({"p0", "p2"} <= set(table) for table in tables)


def test_grouped_tables_swap_between_neighbouring_tables_only():
    """Two who met at the last of three tables: one of them trades with the middle table,
    not the top one; nobody is more than one table from where the ranking cut them."""
    tables = grouped_tables(KEYS, [3, 3, 3], cost_of(("p7", "p8")))
    assert not any({"p7", "p8"} <= set(table) for table in tables)
    for number, table in enumerate(tables):
        assert all(abs(KEYS.index(key) // 3 - number) <= 1 for key in table), tables


def test_grouped_tables_trade_the_players_nearest_the_border_first():
    """The last of the top table met its first: it trades with the first of the next table
    (the two nearest in rank that mend it), not the top player with them."""
    assert grouped_tables(KEYS[:6], [3, 3], cost_of(("p0", "p2"))) == [
        ["p0", "p1", "p3"],
        ["p2", "p4", "p5"],
    ]


def test_grouped_tables_try_every_seat_of_the_upper_table():
    """p2 met the other three of its table: the one swap that mends it all is p2's own,
    with the next table's first, though p3's swap is tried before it and lowers the cost."""
    cost = cost_of(("p2", "p0"), ("p2", "p1"), ("p2", "p3"))
    tables = grouped_tables(KEYS[:8], [4, 4], cost)
    assert sum(cost(a, b) for t in tables for i, a in enumerate(t) for b in t[i + 1 :]) == 0


def test_a_bracket_whose_top_player_met_all_of_s2_pairs_them_with_the_next_of_s1():
    """The exchange: S1 = a b c, S2 = d e f; a met all of S2, so a meets b, the next of S1;
    c then meets d, the first of S2, and e and f float down."""
    met = Counter(pair_key("a", k) for k in "def")
    pairs, down = swiss._bracket([], list("abcdef"), met, swiss._Seats([]))
    assert pairs == [("a", "b"), ("c", "d")]
    assert down == ["e", "f"]


def perfect_matchings(players):
    if not players:
        yield []
        return
    first, *rest = players
    for other in rest:
        for matching in perfect_matchings([k for k in rest if k != other]):
            yield [(first, other), *matching]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
@example(seed=1301)
def test_the_matching_that_pairs_the_bottom_again_minimises_its_costs_in_their_order(seed):
    """The matching's costs rank, in this order (docs/rules.md §8.3, 4.): rematches, then
    pairs bound to one seat, then the score differences (squared), then the distances in
    rank; it finds a perfect matching that no other beats, by brute force over all of them.
    The players are some of a larger field, ranked by points."""
    rng = Random(seed)
    field = [f"p{i:02d}" for i in range(rng.randint(4, 12))]
    players = sorted(rng.sample(field, rng.choice([k for k in (4, 6, 8) if k <= len(field)])))
    position = {key: i for i, key in enumerate(field)}
    points = sorted((Fraction(rng.randint(0, 6), 2) for _ in field), reverse=True)
    score = dict(zip(field, points, strict=True))
    past = [
        Result(number, tuple(rng.sample(players, 2)), (1, 2))
        for number in range(1, rng.randint(1, 5))
        for _ in range(rng.randint(0, 3))
    ]
    met, seats = meetings(past), swiss._Seats(past)

    def costs(matching):
        return (
            sum(met[pair_key(a, b)] for a, b in matching),
            sum(seats.clash(a, b) for a, b in matching),
            sum((score[a] - score[b]) ** 2 for a, b in matching),
            sum(abs(position[a] - position[b]) for a, b in matching),
        )

    found = swiss._matching(players, score, met, seats, position)
    assert sorted(k for pair in found for k in pair) == players
    assert costs(found) == min(costs(m) for m in perfect_matchings(players))


@settings(max_examples=25, deadline=None)
@given(n=st.integers(5, 12), seed=st.integers(0, 10**6))
def test_the_pairing_goes_by_rank_and_history_not_by_the_players_names(n, seed):
    """With every rating different the keys break no tie in the ranking, so players called
    otherwise (the order of their names turned round) are paired alike, round after round:
    also where the matching that pairs the bottom again meets equal costs."""
    rng = Random(seed)
    entrants = [Entrant(f"p{i:02d}", 1000 + 7 * i) for i in range(n)]
    rename = {e.key: f"q{99 - i:02d}" for i, e in enumerate(entrants)}
    renamed = [Entrant(rename[e.key], e.rating) for e in entrants]
    results, byes = [], {}
    for number in range(1, n):
        pairing = swiss_pairing(entrants, results, number, byes)
        other = swiss_pairing(
            renamed,
            [Result(r.round, tuple(rename[k] for k in r.seats), r.places) for r in results],
            number,
            {rename[k]: rounds for k, rounds in byes.items()},
        )
        assert [tuple(rename[k] for k in t.seats) for t in pairing.tables] == [
            t.seats for t in other.tables
        ]
        assert tuple(rename[k] for k in pairing.byes) == other.byes
        for key in pairing.byes:
            byes.setdefault(key, []).append(number)
        for table in pairing.tables:
            results.append(Result(number, table.seats, (1, rng.randint(1, 2))))


def test_power_companies_spread_second_meetings_before_a_third():
    """Six tied players at tables of three; p0 and p1 met in both rounds so far (so did p4
    and p5). Round 3's cut by rank would seat them together a third time; the swaps count
    meetings squared, so they prefer two pairs meeting a second time to one meeting a third:
    nobody at round 3's tables has met anyone there twice."""
    entrants = [Entrant(f"p{i}", 2000 - i) for i in range(6)]
    results = [
        Result(number, seats, (1, 1, 1))
        for number, tables in enumerate(
            [[("p0", "p1", "p2"), ("p3", "p4", "p5")], [("p0", "p1", "p3"), ("p2", "p4", "p5")]],
            1,
        )
        for seats in tables
    ]
    met = meetings(results)
    pairing = swiss_pairing(entrants, results, 3, {}, table_size=3)
    for table in pairing.tables:
        assert all(
            met[pair_key(a, b)] < 2 for i, a in enumerate(table.seats) for b in table.seats[i + 1 :]
        )
