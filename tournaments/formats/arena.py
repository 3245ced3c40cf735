"""Arena: whoever waits is paired again at once, by lichess's rule.

Two-player games: a minimum-cost perfect matching over the waiting players (Edmonds'
algorithm: networkx's ``max_weight_matching`` on the negated costs, maximum cardinality
first). The cost of a pair is lichess's: the distance of their ranks times a factor that
grows toward the top of the standings (300 at the bottom, 2,000 at the top: ranks 1 and 5
meeting matters more than ranks 300 and 310), plus the distance of their ratings; a pair who
just played each other costs more than any matching without them, so they meet again only
when nothing else pairs them, and never while someone else is still playing (``playing``):
as lichess's Arena leaves out the pair who just played together, they wait for that player,
who is free soon, rather than meet a third time in a row. Above 100 waiting players, as lichess does, only the best
ranked two groups of at most 100 are matched (each group on its own) and the others wait for
the next pairing; within a group only players at most ``WINDOW`` ranks apart are candidate
pairs (a farther pair costs more than a nearer one would, as lichess pairs by rank
neighbourhood), which keeps 1,000 waiting players at about half a second of CPU.

Power companies: tables of 3-4 (``tables.table_sizes``) of neighbours in rank; a table where
two players just met swaps one of them with the next table's when that helps; whoever is
left over waits.
"""

from __future__ import annotations

from collections.abc import Mapping

import networkx as nx

from .tables import check_keys, check_table_size, grouped_tables, table_sizes
from .types import Entrant, Pairing, Table

GROUP = 100  # lichess's maxGroupSize
WINDOW = 12  # how far apart two ranks of a group may be paired (13 or fewer: any two)
TOP_FACTOR, BOTTOM_FACTOR = 2000, 300


def arena_pairing(
    waiting: list[Entrant],
    ranks: dict[str, int],
    last_opponents: dict[str, tuple[str, ...]],
    table_size: int = 2,
    playing: int = 0,
) -> Pairing:
    """Tables for the waiting players (paused and withdrawn ones are left out). ``ranks``:
    key -> 1-based rank in the standings (a player missing from it ranks last);
    ``last_opponents``: key -> the players at their last table. Players not seated keep
    waiting; an Arena has no byes. ``playing``: how many other active players are at a table
    now; while any is, two who just met are not paired again."""
    check_table_size(table_size)
    check_keys([entrant.key for entrant in waiting])
    bottom = max(ranks.values(), default=0) + 1
    players = sorted(
        (e for e in waiting if not e.paused and not e.withdrawn),
        key=lambda e: (ranks.get(e.key, bottom), -e.rating, e.key),
    )
    rank = {e.key: ranks.get(e.key, bottom) for e in players}

    def just_played(a: str, b: str) -> bool:
        return b in last_opponents.get(a, ()) or a in last_opponents.get(b, ())

    if table_size > 2:
        return Pairing(tables=_companies(players, table_size, just_played))
    if len(players) > GROUP:
        size = min(len(players) // 4 * 2, GROUP)
        groups = [players[:size], players[size : 2 * size]]
    else:
        groups = [players]
    tables = []
    for group in groups:
        tables.extend(_match(group, rank, just_played, rematch=not playing))
    return Pairing(tables=tuple(tables))


def pair_cost(a: Entrant, b: Entrant, rank: Mapping[str, int], max_rank: int) -> int:
    """lichess's cost of pairing ``a`` with ``b`` (integers, so the matching is exact)."""
    factor = (
        BOTTOM_FACTOR
        + (TOP_FACTOR - BOTTOM_FACTOR) * (max_rank - min(rank[a.key], rank[b.key])) // max_rank
    )
    return abs(rank[a.key] - rank[b.key]) * factor + round(abs(a.rating - b.rating))


def _match(
    group: list[Entrant], rank: Mapping[str, int], just_played, rematch: bool
) -> list[Table]:
    if len(group) < 2:
        return []
    max_rank = max(rank[e.key] for e in group)
    costs = {
        (i, j): pair_cost(a, b, rank, max_rank)
        for i, a in enumerate(group)
        for j, b in enumerate(group)
        if i < j <= i + WINDOW
    }
    # A rematch costs more than every other pair of the group together.
    penalty = sum(costs.values()) + 1
    graph = nx.Graph()
    for (i, j), cost in costs.items():
        repeat = just_played(group[i].key, group[j].key)
        if repeat and not rematch:
            continue
        graph.add_edge(i, j, weight=-(cost + (penalty if repeat else 0)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = []
    for i, j in sorted(tuple(sorted(pair)) for pair in matching):
        a, b = group[i], group[j]
        # No seat history here: the better ranked moves first when the ranks' sum is even.
        first, second = (a, b) if (rank[a.key] + rank[b.key]) % 2 == 0 else (b, a)
        tables.append(Table((first.key, second.key)))
    return tables


def _companies(players: list[Entrant], table_size: int, just_played) -> tuple[Table, ...]:
    keys = [e.key for e in players]
    tables = grouped_tables(keys, table_sizes(len(keys), table_size), just_played)
    return tuple(Table(tuple(table)) for table in tables)
