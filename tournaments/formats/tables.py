"""What every format shares about tables: how many players sit at each, who has met whom,
and which seat each player takes, so that no format grows its own version of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from .types import Result

TABLE_SIZES = (2, 3, 4)


def check_table_size(table_size: int) -> None:
    if table_size not in TABLE_SIZES:
        raise ValueError(f"table_size must be 2, 3 or 4, not {table_size!r}")


def check_keys(keys: Sequence[str]) -> None:
    if len(set(keys)) != len(keys):
        raise ValueError("a player is entered twice")


def table_sizes(players: int, table_size: int) -> list[int]:
    """The tables for ``players``: two-player games pair all but an odd one out; power
    companies sit at tables of ``table_size`` and, where that seats more players, some one
    smaller (never below three): 7 players at tables of 4 are 4 + 3, 6 are 3 + 3. Those
    left over rest (a bye, or wait in an Arena)."""
    smaller = table_size - 1 if table_size - 1 >= 3 else 0
    ways = []
    for big in range(players // table_size, -1, -1):
        small = (players - big * table_size) // smaller if smaller else 0
        ways.append((big * table_size + small * smaller, big, small))
    # The most seated; of those, the first: the most tables of ``table_size``.
    _, big, small = max(ways, key=lambda way: way[0])
    return [table_size] * big + [smaller] * small


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def meetings(results: Iterable[Result]) -> Counter[tuple[str, str]]:
    """How often each two players shared a table."""
    met: Counter[tuple[str, str]] = Counter()
    for result in results:
        for i, a in enumerate(result.seats):
            for b in result.seats[i + 1 :]:
                met[pair_key(a, b)] += 1
    return met


def seat_counts(results: Iterable[Result]) -> Counter[tuple[str, int]]:
    """How often each player sat in each seat (0 = first mover)."""
    counts: Counter[tuple[str, int]] = Counter()
    for result in results:
        for seat, key in enumerate(result.seats):
            counts[key, seat] += 1
    return counts


def seat_order(players: Sequence[str], counts: Counter[tuple[str, int]]) -> tuple[str, ...]:
    """Seats the table so that each player's seats even out: seat by seat, first mover first,
    the player who sat there least takes it (ties: the given order). Updates ``counts``."""
    left = list(players)
    order = []
    for seat in range(len(players)):
        choice = min(left, key=lambda key: (counts[key, seat], left.index(key)))
        left.remove(choice)
        order.append(choice)
        counts[choice, seat] += 1
    return tuple(order)


def grouped_tables(
    keys: Sequence[str], sizes: Sequence[int], pair_cost: Callable[[str, str], int]
) -> list[list[str]]:
    """``keys`` cut into tables of ``sizes`` in their order (standings or rank), then players
    of neighbouring tables swapped wherever a swap lowers the two tables' summed
    ``pair_cost`` (who just met, who met most): tables of 3-4 stay grouped by standing and
    keep apart those who should not meet again. Neighbours only, so it stays cheap."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(keys[start : start + size]))
        start += size

    def cost(table: list[str]) -> int:
        return sum(pair_cost(a, b) for i, a in enumerate(table) for b in table[i + 1 :])

    for x in range(len(tables) - 1):
        a, b = tables[x], tables[x + 1]
        for i in range(len(a) - 1, -1, -1):
            for j in range(len(b)):
                before = cost(a) + cost(b)
                a[i], b[j] = b[j], a[i]
                if cost(a) + cost(b) >= before:
                    a[i], b[j] = b[j], a[i]
    return tables
