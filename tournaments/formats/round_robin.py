"""Round robin: everyone meets everyone, the whole schedule at once.

Two-player games follow Berger's tables (the circle method: one player stays, the others
turn round it), one leg per match of an encounter, the seats swapped from leg to leg, so each
pair meets once per leg and each player's first moves and second moves differ by at most
one. Power companies (tables of 3-4) have no such table. Their rounds are planned together:
the fewest that could do (enough seats at tables for every pair's meetings), then one more
at a time until a search finds a plan in which every two players share a table
``matches_per_encounter`` times. The search starts from shuffled tables and
swaps two players of two tables of one round (simulated annealing, seeded so the schedule
is the same every time) to lower the sum of squared meetings plus the meetings still
missing: the fewer and the more even the repeats, the better. Rests rotate through the
players, last entered first, so nobody rests twice before everyone rested once.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

from .tables import check_keys, check_table_size, seat_order, table_sizes
from .types import Pairing, Table

SWAPS_PER_ROUND = 3000  # swaps tried per round of a power-companies schedule
HEAT = 1.0  # the search's starting temperature, in squared meetings
SHORT = 2  # the cost of a meeting still missing, in squared meetings


def round_robin_schedule(
    keys: list[str], table_size: int = 2, matches_per_encounter: int = 2
) -> list[Pairing]:
    """Every round of the tournament, in order; deterministic for a given order of ``keys``.
    A player left without a table rests that round and is listed in ``byes`` (a rest scores
    nothing in a round robin: everyone rests as often, within one)."""
    check_keys(keys)
    check_table_size(table_size)
    if matches_per_encounter < 1:
        raise ValueError("an encounter has at least one match")
    if len(keys) < (2 if table_size == 2 else 3):
        raise ValueError(f"a round robin at tables of {table_size} needs more players")
    if table_size == 2:
        return _berger(list(keys), matches_per_encounter)
    return _companies(list(keys), table_size, matches_per_encounter)


def _berger(keys: list[str], legs: int) -> list[Pairing]:
    players: list[str | None] = [*keys, None] if len(keys) % 2 else list(keys)
    n = len(players)
    fixed = players[n - 1]
    leg: list[list[tuple[str | None, str | None]]] = []
    for r in range(n - 1):
        first = players[r]
        pairs = [(fixed, first) if r % 2 else (first, fixed)]
        for i in range(1, n // 2):
            a, b = players[(r + i) % (n - 1)], players[(r - i) % (n - 1)]
            pairs.append((a, b) if i % 2 else (b, a))
        leg.append(pairs)
    rounds = []
    for number in range(legs):
        for pairs in leg:
            tables, byes = [], []
            for a, b in pairs:
                if a is None or b is None:
                    byes.append(a if b is None else b)
                else:
                    tables.append(Table((a, b) if number % 2 == 0 else (b, a)))
            rounds.append(Pairing(tables=tuple(tables), byes=tuple(byes)))
    return rounds


def _companies(keys: list[str], table_size: int, target: int) -> list[Pairing]:
    n = len(keys)
    sizes = table_sizes(n, table_size)
    resting = n - sum(sizes)
    pairs = n * (n - 1) // 2
    per_round = sum(size * (size - 1) // 2 for size in sizes)
    # Fewest rounds that could do: enough table places for every pair's meetings. (Each
    # player's meetings ask no more: a round's Σ size × (size − 1) player-meetings are twice
    # its pairs' and at most its seats × (largest − 1).)
    rounds = -(-target * pairs // per_round)
    rng = random.Random(n * 100 + table_size * 10 + target)
    longest = 2 * rounds + n  # past this, stop searching and cover what is missing
    while True:
        plan, met = _search(n, sizes, resting, rounds, target, rng)
        if all(met[a][b] >= target for a, b in combinations(range(n), 2)):
            break
        if rounds >= longest:
            _cover(plan, met, sizes, resting, target)
            break
        rounds += 1
    seats: Counter[tuple[str, int]] = Counter()
    schedule = []
    for tables, rest in plan:
        schedule.append(
            Pairing(
                tables=tuple(Table(seat_order([keys[i] for i in t], seats)) for t in tables),
                byes=tuple(keys[i] for i in rest),
            )
        )
    return schedule


def _resting(n: int, resting: int, number: int) -> list[int]:
    return [(n - 1 - (number * resting + j)) % n for j in range(resting)]


def _cover(plan: list, met: list[list[int]], sizes: list[int], resting: int, target: int) -> None:
    """Adds rounds until every two players met ``target`` times, should the search fail:
    each seats a pair still short at one table (so each round gains at least one meeting),
    the others at tables of those who met least."""
    n = len(met)
    while short := [(a, b) for a, b in combinations(range(n), 2) if met[a][b] < target]:
        pair = list(short[0])
        rest = _resting(n, resting, len(plan))
        spare = [i for i in range(n) if i not in rest and i not in pair]
        rest = [i if i not in pair else spare.pop() for i in rest]
        left = [i for i in range(n) if i not in rest and i not in pair]
        tables = []
        for size in sizes:
            table = pair if not tables else [left.pop(0)]
            while len(table) < size:
                best = min(left, key=lambda i: sum(met[i][t] for t in table))  # noqa: B023
                left.remove(best)
                table.append(best)
            tables.append(table)
            for a, b in combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
        plan.append((tables, sorted(rest)))


def _search(n: int, sizes: list[int], resting: int, rounds: int, target: int, rng: random.Random):
    """``rounds`` rounds of tables for players 0..n-1: the rests rotate (the last entered
    first), the tables start shuffled, then swaps of two players between two tables of a
    round (simulated annealing) lower the sum of squared meetings plus the meetings still
    short of ``target``. Returns the plan and who met whom how often."""
    met = [[0] * n for _ in range(n)]
    plan = []
    for number in range(rounds):
        rest = _resting(n, resting, number)
        playing = [i for i in range(n) if i not in rest]
        rng.shuffle(playing)
        tables, start = [], 0
        for size in sizes:
            tables.append(playing[start : start + size])
            start += size
        for table in tables:
            for a, b in combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
        plan.append((tables, sorted(rest)))

    deficit = sum(max(0, target - met[a][b]) for a, b in combinations(range(n), 2))
    total = sum(met[a][b] for a, b in combinations(range(n), 2))
    q, r = divmod(total, n * (n - 1) // 2)
    best_squares = (n * (n - 1) // 2 - r) * q * q + r * (q + 1) * (q + 1)
    squares = sum(met[a][b] ** 2 for a, b in combinations(range(n), 2))
    if len(sizes) < 2:
        return plan, met
    swaps = SWAPS_PER_ROUND * rounds
    for step in range(swaps):
        if deficit == 0 and squares == best_squares:
            break
        heat = HEAT * (1 - step / swaps)
        tables = plan[rng.randrange(rounds)][0]
        x, y = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[x])), rng.randrange(len(tables[y]))
        a, b = tables[x][i], tables[y][j]
        change = 0
        for c in tables[x]:
            if c != a:
                change += 2 * (met[b][c] - met[a][c] + 1)
                change += SHORT * ((met[a][c] <= target) - (met[b][c] < target))
        for c in tables[y]:
            if c != b:
                change += 2 * (met[a][c] - met[b][c] + 1)
                change += SHORT * ((met[b][c] <= target) - (met[a][c] < target))
        if change > 0 and (heat < 0.01 or rng.random() >= math.exp(-change / heat)):
            continue
        for c in tables[x]:
            if c != a:
                deficit += (met[a][c] <= target) - (met[b][c] < target)
                squares += 2 * met[b][c] + 1 - (2 * met[a][c] - 1)
                met[a][c] -= 1
                met[c][a] -= 1
                met[b][c] += 1
                met[c][b] += 1
        for c in tables[y]:
            if c != b:
                deficit += (met[b][c] <= target) - (met[a][c] < target)
                squares += 2 * met[a][c] + 1 - (2 * met[b][c] - 1)
                met[b][c] -= 1
                met[c][b] -= 1
                met[a][c] += 1
                met[c][a] += 1
        tables[x][i], tables[y][j] = b, a
    return plan, met
