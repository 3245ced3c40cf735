"""A power-companies round robin at tables of three, played to its end through the match
services: every round's tables are real three-player matches, every pair of players shares
a table as often as the encounter asks, and the standings add up by docs/rules.md §8.1."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from games.clocks import TimeControl
from tests.tournaments.support import finish_round, make, members, next_round, refresh, start
from tournaments import selectors
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_power_companies_round_robin_at_tables_of_three_runs_to_its_end(client, clock):
    players = members(4)
    tournament = make(
        players[0],
        format="round-robin",
        players=players,
        game="high-voltage-companies",
        table_size=3,
        encounter=2,
        time_control=TimeControl.parse("10+5"),
    )
    tournament = start(tournament, clock)
    rounds = tournament.rounds
    assert rounds >= 2
    for number in range(1, rounds + 1):
        assert tournament.current_round == number
        tables = Pairing.objects.filter(tournament=tournament, round=number).exclude(match=None)
        assert tables and all(len(p.seats) == 3 and p.match.players == 3 for p in tables)
        finish_round(tournament, number)
        if number < rounds:
            tournament = next_round(tournament, clock)
    tournament = refresh(tournament)
    assert tournament.status == Tournament.Status.FINISHED

    played = Pairing.objects.filter(tournament=tournament).exclude(match=None)
    met = Counter(pair for p in played for pair in combinations(sorted(p.seats), 2))
    assert set(met) == set(combinations(sorted(u.pk for u in players), 2))
    assert min(met.values()) >= tournament.encounter
    # Seat 0 won every table, seat 1 came second, seat 2 third: 1, ½ and 0 points (§8.1).
    expected = Counter()
    for p in played:
        assert p.places == [1, 2, 3]
        for user_id, points in zip(p.seats, (1, 0.5, 0), strict=True):
            expected[str(user_id)] += points
    table = selectors.ranking(tournament)
    assert {s.key: s.points for s in table} == {k: expected[k] for k in {s.key for s in table}}
    assert sum(s.points for s in table) == 1.5 * len(played)
    rows = selectors.standings(tournament)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Pairings" in page and all(r.user.username in page for r in rows)
    # The crosstable: against each opponent, 1 / (k − 1) per table finished ahead of them.
    cross = selectors.crosstable(tournament, rows)
    for line in cross:
        total = sum(float(c.replace("½", ".5")) for c in line["cells"] if c)
        assert abs(total - line["row"].points) < 0.02, line
    assert "Crosstable" in page


@pytest.mark.parametrize("format", ["swiss", "arena"])
def test_a_power_companies_swiss_or_arena_seats_its_tables_of_three(clock, format):
    players = members(3)
    tournament = make(
        players[0],
        format=format,
        players=players,
        game="high-voltage-companies",
        table_size=3,
        time_control=TimeControl.parse("10+5"),
    )
    tournament = start(tournament, clock)
    (table,) = Pairing.objects.filter(tournament=tournament)
    assert sorted(table.seats) == sorted(u.pk for u in players) and table.match.players == 3
