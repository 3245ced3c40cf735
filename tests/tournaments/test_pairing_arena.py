"""Arena pairing: the matching is of minimum cost (checked against every perfect matching of
small fields), the opponent just played is avoided when it can be, large fields are cut
into lichess's groups, and tables of 3-4 group neighbours in rank."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Entrant, Table, arena, arena_pairing
from tournaments.formats.arena import pair_cost


def perfect_matchings(items):
    """Every way to pair ``items`` (one left out when odd)."""
    if len(items) < 2:
        yield []
        return
    if len(items) % 2:
        for i in range(len(items)):
            yield from perfect_matchings(items[:i] + items[i + 1 :])
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def field(ratings, pairs_played):
    players = [Entrant(f"p{i}", r) for i, r in enumerate(ratings)]
    ranks = {p.key: i + 1 for i, p in enumerate(players)}
    last = {}
    for a, b in pairs_played:
        last[f"p{a}"] = (f"p{b}",)
        last[f"p{b}"] = (f"p{a}",)
    return players, ranks, last


@settings(max_examples=60, deadline=None)
@given(
    ratings=st.lists(st.integers(800, 2400), min_size=2, max_size=9),
    played=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=4),
)
def test_matching_is_minimum_cost_against_brute_force(ratings, played):
    n = len(ratings)
    played = [(a, b) for a, b in played if a < n and b < n and a != b]
    players, ranks, last = field(ratings, played)
    pairing = arena_pairing(players, ranks, last)
    by_key = {p.key: p for p in players}
    max_rank = max(ranks.values())

    def rematches(matching):
        return sum(
            b.key in last.get(a.key, ()) or a.key in last.get(b.key, ()) for a, b in matching
        )

    def cost(matching):
        return sum(pair_cost(a, b, ranks, max_rank) for a, b in matching)

    got = [tuple(by_key[k] for k in t.seats) for t in pairing.tables]
    assert len(got) == n // 2
    best = min((rematches(m), cost(m)) for m in perfect_matchings(players))
    assert (rematches(got), cost(got)) == best


def test_the_opponent_just_played_is_avoided_when_possible():
    players, ranks, last = field([1500, 1500, 1500, 1500], [(0, 1), (2, 3)])
    tables = arena_pairing(players, ranks, last).tables
    assert {frozenset(t.seats) for t in tables}.isdisjoint(
        {frozenset({"p0", "p1"}), frozenset({"p2", "p3"})}
    )


def test_two_players_who_just_met_meet_again_rather_than_wait():
    players, ranks, last = field([1500, 1600], [(0, 1)])
    assert len(arena_pairing(players, ranks, last).tables) == 1


def test_paused_and_withdrawn_players_wait():
    players = [
        Entrant("a", 1500),
        Entrant("b", 1500, paused=True),
        Entrant("c", 1500, withdrawn=True),
    ]
    players.append(Entrant("d", 1500))
    tables = arena_pairing(players, {"a": 1, "b": 2, "c": 3, "d": 4}, {}).tables
    assert [set(t.seats) for t in tables] == [{"a", "d"}]


def test_above_a_hundred_the_top_two_groups_are_paired():
    players = [Entrant(f"p{i}", 1500) for i in range(250)]
    ranks = {p.key: i + 1 for i, p in enumerate(players)}
    tables = arena_pairing(players, ranks, {}).tables
    paired = {k for t in tables for k in t.seats}
    assert len(tables) == 100
    assert paired == {f"p{i}" for i in range(200)}
    # Each group is matched on its own: nobody of the first hundred meets the second.
    assert all((int(a[1:]) < 100) == (int(b[1:]) < 100) for a, b in (t.seats for t in tables))


@pytest.mark.parametrize(
    ("n", "sizes"), [(7, [4, 3]), (6, [3, 3]), (9, [3, 3, 3]), (8, [4, 4]), (5, [4])]
)
def test_power_companies_tables_group_neighbours_in_rank(n, sizes):
    players = [Entrant(f"p{i}", 1500) for i in range(n)]
    ranks = {p.key: i + 1 for i, p in enumerate(players)}
    tables = arena_pairing(players, ranks, {}, table_size=4).tables
    assert [len(t.seats) for t in tables] == sizes
    assert [sorted(t.seats) for t in tables][0] == [f"p{i}" for i in range(sizes[0])]


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        arena_pairing([Entrant("a", 1), Entrant("a", 2)], {}, {})
    with pytest.raises(ValueError):
        arena_pairing([Entrant("a", 1)], {}, {}, table_size=1)


def test_every_pair_of_small_fields_is_enumerated():
    assert len(list(perfect_matchings(list(range(6))))) == 15
    assert len(list(perfect_matchings(list(range(5))))) == 15
    assert all(len(m) == 2 for m in perfect_matchings(list(range(5))))


def test_the_cost_is_lichess_rank_distance_weighted_toward_the_top_plus_ratings():
    """lichess: |rank a − rank b| × (300 + 1,700 × (last rank − better rank) / last rank)
    + |rating a − rating b|. Ranks 1 and 5 of 10, 100 rating points apart: 4 × 1,830 +
    100; ranks 9 and 10, equal ratings: 1 × 470."""
    ranks = {"a": 1, "b": 5, "c": 9, "d": 10}
    a, b, c, d = (Entrant(k, r) for k, r in zip("abcd", (1500, 1600, 1500, 1500), strict=True))
    assert pair_cost(a, b, ranks, 10) == 4 * 1830 + 100
    assert pair_cost(c, d, ranks, 10) == 470
    assert pair_cost(b, a, ranks, 10) == pair_cost(a, b, ranks, 10)


def test_power_companies_keep_two_who_just_met_apart():
    """Six waiting at tables of three: by rank, p0 p1 p2 and p3 p4 p5, but p0 and p1 just
    played each other, so one of them moves to the next table."""
    players = [Entrant(f"p{i}", 1500) for i in range(6)]
    ranks = {p.key: i + 1 for i, p in enumerate(players)}
    tables = arena_pairing(players, ranks, {"p0": ("p1",), "p1": ("p0",)}, table_size=3).tables
    assert [len(t.seats) for t in tables] == [3, 3]
    assert not any({"p0", "p1"} <= set(t.seats) for t in tables)


def test_two_who_just_met_wait_while_another_player_is_at_a_table():
    players, ranks, last = field([1500, 1600, 1500, 1600], [(0, 1), (2, 3)])
    assert arena_pairing(players[:2], ranks, last, playing=2).tables == ()


def test_four_players_never_meet_the_same_opponent_twice_in_a_row():
    """Issue 55: of 17 matches of four players, 15 were against one opponent. Matches end at
    seeded random times; whoever is free is paired with the others' count at tables."""
    rng = random.Random(4)
    players, ranks, _ = field([1500, 1550, 1600, 1650], [])
    last: dict[str, tuple[str, ...]] = {}
    history: dict[str, list[str]] = {p.key: [] for p in players}
    ends: dict[str, float] = {}  # key -> when its match ends
    now = 0.0
    for _ in range(40):
        free = [p for p in players if ends.get(p.key, 0.0) <= now]
        for table in arena_pairing(free, ranks, last, playing=len(players) - len(free)).tables:
            a, b = table.seats
            last[a], last[b] = (b,), (a,)
            history[a].append(b)
            history[b].append(a)
            ends[a] = ends[b] = now + rng.uniform(1, 10)
        now = (
            min(t for t in ends.values() if t > now)
            if any(t > now for t in ends.values())
            else now + 1
        )
    for key, met in history.items():
        assert len(met) > 10
        assert all(x != y for x, y in zip(met, met[1:], strict=False)), (key, met)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_rank_window_keeps_the_minimum_cost_of_a_large_group(seed, monkeypatch):
    """Pairs only within arena.WINDOW ranks of each other (the speed of 1,000 waiting):
    on seeded fields of 60 the matching costs what the full graph's does."""
    rng = random.Random(seed)
    ratings = [rng.gauss(1500, 300) for _ in range(60)]
    order = list(range(60))
    rng.shuffle(order)
    players, ranks, last = field(ratings, list(zip(order[::2], order[1::2], strict=True)))

    def cost(pairing):
        tables = [(t.seats[0], t.seats[1]) for t in pairing.tables]
        rank = {p.key: ranks[p.key] for p in players}
        by_key = {p.key: p for p in players}
        repeats = sum(b in last.get(a, ()) for a, b in tables)
        return repeats, sum(pair_cost(by_key[a], by_key[b], rank, 60) for a, b in tables)

    windowed = cost(arena_pairing(players, ranks, last))
    monkeypatch.setattr(arena, "WINDOW", 10**6)
    assert windowed == cost(arena_pairing(players, ranks, last))


def test_a_player_missing_from_the_ranks_ranks_last():
    """x is not in the standings yet: it ranks 2, after a's 1; the ranks' sum, 3, is odd, so
    the worse ranked moves first. At tables of three the missing three sit together, after
    the ranked three. With no standings at all everyone ranks 1 (sum 2, even): the first in
    order, the higher rated, moves first."""
    a, x = Entrant("a", 1500), Entrant("x", 2000)
    assert arena_pairing([x, a], {"a": 1}, {}).tables == (Table(("x", "a")),)
    assert arena_pairing([a, x], {}, {}).tables == (Table(("x", "a")),)
    players = [Entrant(k, 1500) for k in "xyzabc"]
    tables = arena_pairing(players, {"a": 1, "b": 2, "c": 3}, {}, table_size=3).tables
    assert [set(t.seats) for t in tables] == [{"a", "b", "c"}, {"x", "y", "z"}]


def test_players_of_one_rank_are_ordered_by_rating():
    """At the start everyone ranks 1: the three best rated share the first table of three."""
    players = [Entrant(f"p{r}", r) for r in (1400, 1900, 1500, 1800, 1600, 1700)]
    tables = arena_pairing(players, dict.fromkeys((p.key for p in players), 1), {}, 3).tables
    assert [set(t.seats) for t in tables] == [
        {"p1900", "p1800", "p1700"},
        {"p1600", "p1500", "p1400"},
    ]


@pytest.mark.parametrize("last", [{"p0": ("p1",)}, {"p1": ("p0",)}])
def test_one_side_naming_the_other_as_its_last_opponent_is_enough(last):
    """p1 may have played someone since p0 last sat with it (or the other way round): the
    pair is still the one just played for the player who waited."""
    players, ranks, _ = field([1500, 1500, 1500, 1500], [])
    tables = arena_pairing(players, ranks, last).tables
    assert len(tables) == 2
    assert frozenset({"p0", "p1"}) not in {frozenset(t.seats) for t in tables}


def test_a_rematch_waits_even_when_every_pair_costs_nothing():
    """At the start (all rank 1, equal ratings) every pair costs 0: the rematch's penalty
    must still be above that sum, so p0-p1 and p2-p3, who just met, do not meet again."""
    players, _, last = field([1500, 1500, 1500, 1500], [(0, 1), (2, 3)])
    ranks = dict.fromkeys((p.key for p in players), 1)
    tables = {frozenset(t.seats) for t in arena_pairing(players, ranks, last).tables}
    assert len(tables) == 2
    assert tables.isdisjoint({frozenset({"p0", "p1"}), frozenset({"p2", "p3"})})


def test_while_someone_plays_the_others_are_still_paired():
    """Only the pair who just met is left out, not everyone after it."""
    players, ranks, last = field([1500, 1500, 1500, 1500], [(0, 1)])
    tables = arena_pairing(players, ranks, last, playing=1).tables
    assert len(tables) == 2
    assert frozenset({"p0", "p1"}) not in {frozenset(t.seats) for t in tables}


@pytest.mark.parametrize(("ranks", "seats"), [((1, 3), ("a", "b")), ((1, 2), ("b", "a"))])
def test_the_better_ranked_moves_first_when_the_ranks_sum_is_even(ranks, seats):
    players = [Entrant("a", 1500), Entrant("b", 1500)]
    pairing = arena_pairing(players, dict(zip("ab", ranks, strict=True)), {})
    assert pairing.tables == (Table(seats),)


def test_the_cost_is_an_integer():
    """Ranks 1 and 2 of 3, equal ratings: 300 + 1,700 × 2 // 3 = 300 + 1,133 = 1,433, floor
    division, so that the matching's sums are exact."""
    a, b = Entrant("a", 1500), Entrant("b", 1500)
    assert pair_cost(a, b, {"a": 1, "b": 2}, 3) == 1433


def test_between_a_hundred_and_two_hundred_waiting_two_groups_of_half_are_paired():
    """150 waiting: two groups of half of them rounded down to an even count, 150 // 4 × 2 =
    74 each: 74 tables, the last two wait, and nobody of the first group meets the second."""
    players = [Entrant(f"p{i}", 1500) for i in range(150)]
    ranks = {p.key: i + 1 for i, p in enumerate(players)}
    tables = arena_pairing(players, ranks, {}).tables
    assert len(tables) == 74
    assert {k for t in tables for k in t.seats} == {f"p{i}" for i in range(148)}
    assert all((int(a[1:]) < 74) == (int(b[1:]) < 74) for a, b in (t.seats for t in tables))


def test_a_hundred_waiting_are_one_group():
    """Ratings 100,000 points a rank apart, but for p48 and p51 (ranks 49 and 52), equal: a
    rating gap costs more than any rank distance (at most 99 × 2,000), so the matching pairs
    the two; cut into halves of 50, it could not."""
    ratings = [1500 + 100_000 * i for i in range(100)]
    ratings[51] = ratings[48]
    players, ranks, last = field(ratings, [])
    tables = arena_pairing(players, ranks, last).tables
    assert len(tables) == 50
    assert frozenset({"p48", "p51"}) in {frozenset(t.seats) for t in tables}


@pytest.mark.parametrize(("apart", "paired"), [(arena.WINDOW, True), (arena.WINDOW + 1, False)])
def test_above_the_window_only_ranks_that_close_may_meet(apart, paired):
    """Fourteen waiting, ratings 100,000 points a rank apart but for p0 and the player
    ``apart`` ranks below, equal: the cheapest pair of all, which the matching takes when
    the window lets it (12 ranks apart), and not when it does not (13)."""
    ratings = [1500 + 100_000 * i for i in range(14)]
    ratings[apart] = ratings[0]
    players, ranks, last = field(ratings, [])
    tables = {frozenset(t.seats) for t in arena_pairing(players, ranks, last).tables}
    assert (frozenset({"p0", f"p{apart}"}) in tables) == paired
