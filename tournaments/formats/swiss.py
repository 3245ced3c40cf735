"""Swiss: the next round from the results so far, a simplification of FIDE's Dutch system.

Two-player games:
1. The players of the round (not withdrawn, joined by this round) are ranked by points, then
   by rating (FIDE's pairing numbers), then key.
2. An odd player out gets the full-point bye: the lowest ranked of those who have had the
   fewest byes (none, until everyone has had one), moving up among them past anyone whose
   bye would force two players to meet again when another's would not.
3. Score groups are paired from the top. Those floating down into a group (left unpaired
   above) each meet its best ranked player they may meet (4.); then the group's top half
   meets its bottom half in order, S1[i] against S2[i], a player who may not meet that
   opponent taking the next one of S2 they may meet (the Dutch transpositions), then of S1
   (exchanges). Whoever is left unpaired floats down into the next group.
4. Absolute rules, as in the Dutch system: two players never meet again, and two who must
   take the same seat (5.) never meet, while it can be avoided. The groups pass over such
   an opponent (the player floats down instead); should they leave such a pair at the
   bottom, the bottom of the ranking (4, 8, 16 … players with their partners, at last the
   whole field, or its bottom 200 in a larger one) is paired again by a minimum-cost
   matching (networkx), whose cost puts a rematch above everything else, then a pair bound
   to one seat, then the score difference, then the distance in rank.
5. Seats: a player whose balance (firsts minus seconds) is two, or who had the same seat
   twice in a row, must take the other seat (FIDE's absolute colour preference). At the
   table, a player who must take a seat takes it; else who moved first less often moves
   first; else the better ranked takes the seat they did not have last time, else the
   other does; two players without a seat so far: the better ranked moves first on tables
   1, 3, 5 …

Power companies (tables of 3-4): the ranking cut into tables of neighbours
(``tables.table_sizes``), swaps between neighbouring tables when they lower the repeated
meetings; the players left over get full-point byes, the lowest ranked of those with the
fewest byes first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import groupby

import networkx as nx

from .scoring import place_points
from .tables import (
    check_keys,
    check_table_size,
    grouped_tables,
    meetings,
    pair_key,
    seat_counts,
    seat_order,
    table_sizes,
)
from .types import Entrant, Pairing, Result, Table

# The most players paired again by one matching: networkx's grows with the cube of them,
# about 2 s of CPU at 200.
LARGEST_MATCHING = 200


def swiss_pairing(
    entrants: list[Entrant],
    results: list[Result],
    round: int,
    byes: dict[str, list[int]],
    table_size: int = 2,
) -> Pairing:
    """Round ``round``'s tables and byes. ``results``: every match played so far;
    ``byes``: key -> the rounds of that player's full-point byes. A player whose
    ``joined_round`` is later than ``round``, or who withdrew, is not paired."""
    check_table_size(table_size)
    check_keys([e.key for e in entrants])
    if round < 1:
        raise ValueError("rounds are numbered from 1")
    past = [r for r in results if r.round < round]
    active = [e for e in entrants if not e.withdrawn and e.joined_round <= round]
    score = points_before(entrants, past, byes, round)
    by_rating = sorted(entrants, key=lambda e: (-e.rating, e.key))
    number = {e.key: i for i, e in enumerate(by_rating)}
    order = [e.key for e in sorted(active, key=lambda e: (-score[e.key], number[e.key]))]
    met = meetings(past)
    seats = _Seats(past)
    bye_count = Counter({key: sum(1 for r in rounds if r < round) for key, rounds in byes.items()})
    if table_size > 2:
        return _companies(order, table_size, met, bye_count, past)
    pairs: list[tuple[str, str]]
    bye: tuple[str, ...] = ()
    if len(order) % 2:
        fewest = min(bye_count[k] for k in order)
        candidates = [k for k in reversed(order) if bye_count[k] == fewest]
        first_try = None
        for candidate in candidates:
            rest = [k for k in order if k != candidate]
            pairs = _pair(rest, score, met, seats)
            if first_try is None:
                first_try = (candidate, pairs)
            if not any(met[pair_key(a, b)] for a, b in pairs):
                bye = (candidate,)
                break
        else:
            assert first_try is not None
            bye, pairs = (first_try[0],), first_try[1]
    else:
        pairs = _pair(order, score, met, seats)
    return Pairing(tables=seats.seat(pairs, order), byes=bye)


def points_before(
    entrants: Sequence[Entrant],
    results: Sequence[Result],
    byes: Mapping[str, Sequence[int]],
    round: int,
) -> dict[str, Fraction]:
    """Points before ``round``: matches, full-point byes and a late joiner's ½-point byes."""
    score = {e.key: Fraction(0) for e in entrants}
    for result in results:
        for key, points in zip(result.seats, place_points(result), strict=True):
            if key in score:
                score[key] += points
    for key, rounds in byes.items():
        if key in score:
            score[key] += sum(1 for r in rounds if r < round)
    for e in entrants:
        score[e.key] += Fraction(1, 2) * (min(e.joined_round, round) - 1)
    return score


def _pair(
    order: list[str], score: Mapping[str, Fraction], met: Counter, seats: _Seats
) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    carry: list[str] = []
    for _, group in groupby(order, key=score.__getitem__):
        made, carry = _bracket(carry, list(group), met, seats)
        pairs.extend(made)
    while len(carry) >= 2:
        pairs.append((carry.pop(0), carry.pop(0)))
    if not any(_flawed(a, b, met, seats) for a, b in pairs):
        return pairs
    position = {key: i for i, key in enumerate(order)}
    limit = min(len(order), LARGEST_MATCHING)
    window = min(4, limit)
    while True:
        bottom = set(order[-window:])
        redo = {k for pair in pairs if bottom & set(pair) for k in pair}
        kept = [pair for pair in pairs if not redo & set(pair)]
        again = sorted(redo, key=position.__getitem__)
        pairs = kept + _matching(again, score, met, seats, position)
        if window >= limit or not any(_flawed(a, b, met, seats) for a, b in pairs):
            return pairs
        window = min(window * 2, limit)


def _bracket(
    floaters: list[str], residents: list[str], met: Counter, seats: _Seats
) -> tuple[list[tuple[str, str]], list[str]]:
    """Pairs one score group: first those floating down into it, each with the best ranked
    resident they may meet (not met, not bound to the same seat); then the residents left,
    top half against bottom half. Returns the pairs and whoever floats on down, in ranking
    order."""
    used: set[str] = set()
    pairs = []

    def take(player: str, candidates: list[str]) -> None:
        for opponent in candidates:
            if opponent not in used and not _flawed(player, opponent, met, seats):
                pairs.append((player, opponent))
                used.update((player, opponent))
                return

    for player in floaters:
        take(player, residents)
    rest = [k for k in residents if k not in used]
    half = len(rest) // 2
    s1, s2 = rest[:half], rest[half:]
    for i, player in enumerate(s1):
        if player not in used:
            take(player, s2 + s1[i + 1 :])
    return pairs, [k for k in floaters + residents if k not in used]


def _matching(
    players: list[str],
    score: Mapping[str, Fraction],
    met: Counter,
    seats: _Seats,
    position: Mapping[str, int],
) -> list[tuple[str, str]]:
    costs = {}
    span = len(position) + 1
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            gap = abs(score[a] - score[b]) * 6  # whole numbers for halves and thirds
            costs[a, b] = int(gap * gap) * span + abs(position[a] - position[b])
    # A pair bound to one seat costs more than all the rest together, a rematch more still.
    clash = sum(costs.values()) + 1
    rematch = clash * (len(players) + 1)
    graph = nx.Graph()
    for (a, b), cost in costs.items():
        flaw = rematch * met[pair_key(a, b)] + clash * seats.clash(a, b)
        graph.add_edge(a, b, weight=-(cost + flaw))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [tuple(pair) for pair in matching]


def _flawed(a: str, b: str, met: Counter, seats: _Seats) -> bool:
    """A pair the rules avoid: they met before, or both must take the same seat."""
    return bool(met[pair_key(a, b)]) or seats.clash(a, b)


class _Seats:
    """Who moved first and second so far: each player's balance (firsts minus seconds) and
    last two seats, which say who must move first or second next (FIDE's absolute colour
    preference: a balance of two, or the same seat twice in a row)."""

    def __init__(self, past: list[Result]) -> None:
        self.balance: Counter[str] = Counter()
        self.last: dict[str, list[int]] = {}
        for result in sorted(past, key=lambda r: (r.round, r.order)):
            if len(result.seats) == 2:
                for seat, key in enumerate(result.seats):
                    self.balance[key] += 1 - 2 * seat
                    self.last.setdefault(key, []).append(seat)

    def must(self, key: str) -> int | None:
        """0 when ``key`` must move first, 1 when second, else None."""
        if self.balance[key] <= -2 or self.last.get(key, [])[-2:] == [1, 1]:
            return 0
        if self.balance[key] >= 2 or self.last.get(key, [])[-2:] == [0, 0]:
            return 1
        return None

    def clash(self, a: str, b: str) -> bool:
        return self.must(a) is not None and self.must(a) == self.must(b)

    def seat(self, pairs: list[tuple[str, str]], order: list[str]) -> tuple[Table, ...]:
        position = {key: i for i, key in enumerate(order)}
        tables = []
        for number, pair in enumerate(sorted(pairs, key=lambda p: min(map(position.get, p))), 1):
            high, low = sorted(pair, key=position.__getitem__)
            first = self._first(high, low, number)
            tables.append(Table((first, low if first == high else high)))
        return tuple(tables)

    def _first(self, high: str, low: str, number: int) -> str:
        musts = (self.must(high), self.must(low))
        if musts[0] != musts[1] and None in musts:
            fixed, other = (high, low) if musts[0] is not None else (low, high)
            return fixed if self.must(fixed) == 0 else other
        if self.balance[high] != self.balance[low]:
            return high if self.balance[high] < self.balance[low] else low
        for key, other in ((high, low), (low, high)):
            if key in self.last:
                return key if self.last[key][-1] == 1 else other
        return high if number % 2 else low


def _companies(
    order: list[str], table_size: int, met: Counter, bye_count: Counter, past: list[Result]
) -> Pairing:
    sizes = table_sizes(len(order), table_size)
    spare = len(order) - sum(sizes)
    bottom_up = list(reversed(order))
    byes = sorted(bottom_up, key=lambda k: (bye_count[k], bottom_up.index(k)))[:spare]
    playing = [k for k in order if k not in byes]
    tables = grouped_tables(playing, sizes, lambda a, b: met[pair_key(a, b)] ** 2)
    seats = seat_counts(past)
    return Pairing(
        tables=tuple(Table(seat_order(table, seats)) for table in tables),
        byes=tuple(k for k in order if k in byes),
    )
