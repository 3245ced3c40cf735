"""Who plays whom next on a ladder: a pure function of the entrants, the limits and a random
generator (no Django, no clock), so its promises are tested as properties
(tests/ladder/test_schedule.py).

As Halite's coordinator: the program with the fewest ladder matches in the last day is seated
first, its opponents drawn at random among its ``k`` nearest by conservative rating, never a
program of the same owner. Nobody near (within ``window`` points)? The window doubles until
somebody is. The table's computer levels stand on the ladder as references: always there,
never seated first, and their matches take at most ``computer_share`` of the running ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Entrant:
    """One player on the ladder as the scheduler sees it. ``owners``: who stands behind it
    (two entrants sharing one are never seated together); ``rating``: the conservative
    estimate in shown points; ``recent``: ladder matches in the last 24 hours; ``running``:
    its ladder matches not finished yet."""

    key: int
    owners: frozenset[str]
    rating: float
    recent: int = 0
    running: int = 0
    computer: bool = False


@dataclass(frozen=True)
class Limits:
    per_day: int = 48  # ladder matches a program plays in 24 hours, at most
    running_per_program: int = 2  # its ladder matches running at once
    running_total: int = 20  # ladder matches running at once on the site, per game
    computer_share: float = 0.25  # of ``running_total``, at most, with a computer seated
    k: int = 3  # an opponent is drawn among this many nearest
    window: float = 200  # points: "near" to begin with, doubled until somebody is
    tables: tuple[int, ...] = (2,)  # seats of a table, the largest tried first
    matches: int = 2  # matches per encounter (seats swapped)


@dataclass(frozen=True)
class Encounter:
    """A table: ``seats`` (entrant keys, the first seated first) plays ``Limits.matches``
    matches, the seats turned by one each time; ``window``: how far it had to look."""

    seats: tuple[int, ...]
    window: float = field(default=0.0, compare=False)


def can_play(entrant: Entrant, limits: Limits) -> bool:
    """Whether one more encounter keeps ``entrant`` within its caps (a computer has none of
    its own: the share caps it)."""
    if entrant.computer:
        return True
    return (
        entrant.recent + limits.matches <= limits.per_day
        and entrant.running + limits.matches <= limits.running_per_program
    )


def _shares_owner(a: Entrant, seated: list[Entrant]) -> bool:
    return any(a.owners & b.owners for b in seated)


def _opponents(
    seed: Entrant, others: list[Entrant], wanted: int, limits: Limits, rng: random.Random
) -> tuple[list[Entrant], float] | None:
    """``wanted`` opponents for ``seed`` (nobody sharing an owner with anyone seated), drawn
    among the ``k`` nearest within a window widened until there are enough; None if there
    are not enough at any distance."""
    if not others:
        return None
    farthest = max(abs(o.rating - seed.rating) for o in others)
    window = max(limits.window, 1.0)
    while True:
        near = sorted(
            (o for o in others if abs(o.rating - seed.rating) <= window),
            key=lambda o: (abs(o.rating - seed.rating), o.key),
        )
        chosen: list[Entrant] = []
        pool = near[: max(limits.k, wanted)]
        rng.shuffle(pool)
        for candidate in pool + near[len(pool) :]:
            if len(chosen) == wanted:
                break
            if not _shares_owner(candidate, [seed, *chosen]) and not (
                candidate.computer and any(c.computer for c in chosen)
            ):
                chosen.append(candidate)
        if len(chosen) == wanted:
            return chosen, window
        if window >= farthest:
            return None
        window *= 2


def plan(
    entrants: list[Entrant],
    limits: Limits,
    rng: random.Random,
    *,
    running: int = 0,
    computer_running: int = 0,
) -> list[Encounter]:
    """The encounters to start now, given the ladder's ``running`` matches (``computer_running``
    of them with a computer seated). The programs that can play are taken in order of fewest
    recent matches (ties drawn at random); each that finds opponents within the caps sits
    down with them, and everybody's counts grow by the encounter before the next is made."""
    people = {e.key: e for e in entrants}
    computer_cap = int(limits.running_total * limits.computer_share)
    order = [e.key for e in entrants if not e.computer]
    rng.shuffle(order)
    tried: set[int] = set()
    made: list[Encounter] = []
    while True:
        waiting = [people[k] for k in order if k not in tried and can_play(people[k], limits)]
        if not waiting or running + limits.matches > limits.running_total:
            return made
        seed = min(waiting, key=lambda e: e.recent)  # min keeps the shuffled order on ties
        tried.add(seed.key)
        computers_allowed = computer_running + limits.matches <= computer_cap
        others = [
            e
            for e in people.values()
            if e.key != seed.key and can_play(e, limits) and (computers_allowed or not e.computer)
        ]
        for size in sorted(limits.tables, reverse=True):
            found = _opponents(seed, others, size - 1, limits, rng)
            if found is not None:
                break
        else:
            continue
        opponents, window = found
        table = [seed, *opponents]
        made.append(Encounter(tuple(e.key for e in table), window))
        running += limits.matches
        if any(e.computer for e in table):
            computer_running += limits.matches
        for e in table:
            people[e.key] = replace(
                e, recent=e.recent + limits.matches, running=e.running + limits.matches
            )


def seatings(encounter: Encounter, matches: int) -> list[tuple[int, ...]]:
    """Each match's seats: the table turned by one seat per match, so with two players the
    second match swaps them."""
    seats = encounter.seats
    return [seats[i % len(seats) :] + seats[: i % len(seats)] for i in range(matches)]
