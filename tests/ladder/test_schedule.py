"""The ladder's scheduler (ladder/schedule.py) as properties over random ladders: never two of
one owner at a table, the caps hold, nobody starves, the window widens only when nobody is
near, and one seed gives one plan."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.schedule import Encounter, Entrant, Limits, can_play, plan, seatings

OWNERS = ["ann", "bob", "cid", "dee", "eve"]
#: Three times the profile's examples: 300 in the suite, 30 in a mutation run (tests/conftest.py).
PROPERTY = settings(max_examples=3 * settings.default.max_examples, deadline=None)


@st.composite
def ladders(draw, computers: bool = True):
    size = draw(st.integers(min_value=1, max_value=12))
    entrants = []
    for key in range(size):
        computer = computers and draw(st.booleans()) and draw(st.booleans())
        owners = (
            frozenset({f"computer-{key}"})
            if computer
            else frozenset(draw(st.sets(st.sampled_from(OWNERS), min_size=1, max_size=2)))
        )
        entrants.append(
            Entrant(
                key=key,
                owners=owners,
                rating=draw(st.integers(min_value=0, max_value=3000)),
                recent=draw(st.integers(min_value=0, max_value=10)),
                running=draw(st.integers(min_value=0, max_value=4)),
                computer=computer,
            )
        )
    return entrants


limits_st = st.builds(
    Limits,
    per_day=st.integers(min_value=2, max_value=12),
    running_per_program=st.integers(min_value=2, max_value=6),
    running_total=st.integers(min_value=0, max_value=24),
    computer_share=st.sampled_from([0.0, 0.25, 0.5, 1.0]),
    k=st.integers(min_value=1, max_value=4),
    window=st.sampled_from([1, 50, 200, 1000]),
    tables=st.sampled_from([(2,), (3, 4)]),
)


def legal_partner(seed: Entrant, other: Entrant, limits: Limits) -> bool:
    return other.key != seed.key and not (seed.owners & other.owners) and can_play(other, limits)


@PROPERTY
@given(ladders(), limits_st, st.integers(0, 2**32))
def test_a_table_never_seats_two_of_one_owner_nor_a_computer_first(entrants, limits, seed):
    by_key = {e.key: e for e in entrants}
    for encounter in plan(entrants, limits, random.Random(seed)):
        seated = [by_key[k] for k in encounter.seats]
        assert len(set(encounter.seats)) == len(seated)
        assert len(seated) in limits.tables
        assert not seated[0].computer
        assert sum(e.computer for e in seated) <= 1
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                assert not (a.owners & b.owners), (a, b)


@PROPERTY
@given(ladders(), limits_st, st.integers(0, 2**32), st.integers(0, 24), st.integers(0, 24))
def test_the_caps_hold(entrants, limits, seed, running, computer_running):
    made = plan(
        entrants, limits, random.Random(seed), running=running, computer_running=computer_running
    )
    added: dict[int, int] = {}
    for encounter in made:
        for key in encounter.seats:
            added[key] = added.get(key, 0) + limits.matches
    for e in entrants:
        if e.computer or e.key not in added:
            continue
        assert e.recent + added[e.key] <= limits.per_day
        assert e.running + added[e.key] <= limits.running_per_program
    if made:
        assert running + limits.matches * len(made) <= limits.running_total
    computers = {e.key for e in entrants if e.computer}
    with_computer = sum(1 for m in made if computers & set(m.seats))
    if with_computer:
        cap = int(limits.running_total * limits.computer_share)
        assert computer_running + limits.matches * with_computer <= cap


@PROPERTY
@given(ladders(), limits_st, st.integers(0, 2**32))
def test_the_least_played_program_with_a_partner_goes_first(entrants, limits, seed):
    """Nobody starves: among the programs that can play and have somebody to play, one with
    the fewest recent matches sits at the first table made."""
    limits = Limits(**{**limits.__dict__, "tables": (2,), "computer_share": 1.0})
    made = plan(entrants, limits, random.Random(seed))
    ready = [
        e
        for e in entrants
        if not e.computer
        and can_play(e, limits)
        and any(legal_partner(e, o, limits) for o in entrants)
    ]
    if not ready or limits.running_total < limits.matches:
        assert not made or ready
        return
    assert made
    fewest = min(e.recent for e in ready)
    first = {e.key: e for e in entrants}[made[0].seats[0]]
    assert first.recent == fewest


def test_over_many_rounds_every_program_plays():
    """Rounds of a day's ladder where every match ends before the next round: every program
    plays at least half its fair share (an opponent is drawn by rating, not by count, so one
    rated amid many is drawn more often than others, but the least played is always seated
    first)."""
    rng = random.Random(7)
    entrants = [
        Entrant(key=i, owners=frozenset({OWNERS[i % 3]}), rating=rng.randint(800, 2400))
        for i in range(9)
    ] + [Entrant(key=99, owners=frozenset({"computer"}), rating=1500, computer=True)]
    limits = Limits(per_day=1000, running_total=4, computer_share=0.5)
    for _ in range(200):
        made = plan(entrants, limits, rng)
        played = {k for m in made for k in m.seats}
        entrants = [
            Entrant(e.key, e.owners, e.rating, e.recent + 2 * (e.key in played), 0, e.computer)
            for e in entrants
        ]
    counts = [e.recent for e in entrants]
    fair = sum(counts) / len(counts)
    assert min(counts[:-1]) >= fair / 2, counts


@PROPERTY
@given(ladders(computers=False), st.integers(1, 4), st.sampled_from([50, 200]), st.integers())
def test_the_window_widens_only_when_nobody_is_near(entrants, k, window, seed):
    limits = Limits(k=k, window=window, per_day=100, running_per_program=100, running_total=2)
    made = plan(entrants, limits, random.Random(seed))
    if not made:
        return
    by_key = {e.key: e for e in entrants}
    first, opponent = (by_key[key] for key in made[0].seats)
    partners = sorted(
        (o for o in entrants if legal_partner(first, o, limits)),
        key=lambda o: abs(o.rating - first.rating),
    )
    nearest = abs(partners[0].rating - first.rating)
    distance = abs(opponent.rating - first.rating)
    if nearest <= window:
        assert made[0].window == window
        assert distance <= window
    else:
        assert made[0].window >= nearest
        assert made[0].window / 2 < nearest  # widened no further than needed
    # Drawn among the k nearest within its window (ties at the edge count as near).
    within = [o for o in partners if abs(o.rating - first.rating) <= made[0].window]
    kth = abs(within[min(k, len(within)) - 1].rating - first.rating)
    assert distance <= kth


def test_the_opponent_is_drawn_among_the_k_nearest():
    seed = Entrant(0, frozenset({"a"}), 1500)
    others = [Entrant(i, frozenset({f"o{i}"}), 1500 + 10 * i) for i in range(1, 8)]
    seen = set()
    for s in range(200):
        (made,) = plan([seed, *others], Limits(k=3, running_total=2), random.Random(s))[:1]
        seen.add(made.seats[1] if made.seats[0] == 0 else made.seats[0])
    assert seen >= {1, 2, 3}


def test_one_seed_gives_one_plan():
    entrants = [Entrant(i, frozenset({str(i)}), 100 * i) for i in range(10)]
    limits = Limits(running_total=10)
    assert plan(entrants, limits, random.Random(3)) == plan(entrants, limits, random.Random(3))


def test_power_companies_seat_three_or_four_near_each_other():
    entrants = [Entrant(i, frozenset({str(i)}), 1000 + i) for i in range(4)]
    entrants.append(Entrant(9, frozenset({"far"}), 3000))
    (made,) = plan(entrants, Limits(tables=(3, 4), running_total=2), random.Random(1))
    assert len(made.seats) == 4 and 9 not in made.seats
    three = [Entrant(i, frozenset({str(i)}), 1000 + i) for i in range(3)]
    (made,) = plan(three, Limits(tables=(3, 4), running_total=2), random.Random(1))
    assert sorted(made.seats) == [0, 1, 2]
    two = three[:2]
    assert plan(two, Limits(tables=(3, 4), running_total=2), random.Random(1)) == []


def test_the_second_match_swaps_the_seats():
    assert seatings(Encounter((4, 7)), 2) == [(4, 7), (7, 4)]
    assert seatings(Encounter((1, 2, 3)), 2) == [(1, 2, 3), (2, 3, 1)]


def test_the_edges_of_the_caps_and_of_near():
    """A program may reach its caps, not pass them; a partner exactly a window away is near;
    a window under a point begins at one."""
    limits = Limits(per_day=4, running_per_program=2)
    assert can_play(Entrant(0, frozenset({"a"}), 0, recent=2), limits)
    assert not can_play(Entrant(0, frozenset({"a"}), 0, recent=3), limits)
    assert not can_play(Entrant(0, frozenset({"a"}), 0, running=1), limits)
    a, b = Entrant(0, frozenset({"a"}), 1000), Entrant(1, frozenset({"b"}), 1200)
    (made,) = plan([a, b], Limits(window=200, running_total=2), random.Random(1))
    assert made.window == 200
    b = Entrant(1, frozenset({"b"}), 1001)
    (made,) = plan([a, b], Limits(window=0.5, running_total=2), random.Random(1))
    assert made.window == 1.0


def test_the_computers_may_fill_their_share_exactly():
    """A share of 0.25 of 8 running is 2: one encounter with a computer fits, from nothing
    running, and the plan's default is nothing running."""
    program = Entrant(0, frozenset({"a"}), 1000)
    computer = Entrant(1, frozenset({"c"}), 1000, computer=True)
    limits = Limits(running_total=8, computer_share=0.25)
    assert plan([program, computer], limits, random.Random(1)) == [Encounter((0, 1))]
    assert plan([program, computer], limits, random.Random(1), computer_running=1) == []


def test_a_plans_own_encounters_count_against_the_running_cap():
    """Six programs, room for 4 running matches: two encounters of two, not three."""
    entrants = [Entrant(i, frozenset({str(i)}), 1000 + i) for i in range(6)]
    made = plan(entrants, Limits(running_total=4, window=5000), random.Random(1))
    assert len(made) == 2


def test_a_plans_own_computer_encounters_count_against_the_share():
    """Three programs of one owner meet only the computer, whose share of 8 is 4 running
    matches: two encounters, the third program left waiting."""
    entrants = [Entrant(i, frozenset({"ann"}), 1000) for i in range(3)]
    entrants.append(Entrant(9, frozenset({"computer"}), 1000, computer=True))
    made = plan(entrants, Limits(running_total=8, computer_share=0.5), random.Random(1))
    assert len(made) == 2 and all(9 in m.seats for m in made)


def test_a_plans_own_encounters_count_against_a_programs_day():
    """With 2 matches a day and room for 4 running each, four programs play one encounter
    each, not a second in the same plan."""
    entrants = [Entrant(i, frozenset({str(i)}), 1000 + i) for i in range(4)]
    limits = Limits(per_day=2, running_per_program=4, window=5000)
    made = plan(entrants, limits, random.Random(1))
    assert sorted(k for m in made for k in m.seats) == [0, 1, 2, 3]
