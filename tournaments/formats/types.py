"""The records the pairing and standings functions take and give: plain frozen data, so the
app can store, compare and hand them to the worker without any of it reaching back."""

from __future__ import annotations

from dataclasses import dataclass

FORMATS = ("round-robin", "swiss", "arena")


@dataclass(frozen=True)
class Result:
    """One finished match of a tournament. ``seats``: player keys in seat order (2-4).
    ``places``: per seat, 1 = first; equal places are a tie (a two-player draw is (1, 1)).
    ``forfeit``: per seat, True when that seat lost by missing its first move (§7.3)."""

    round: int  # 1-based round; 0 for Arena
    seats: tuple[str, ...]
    places: tuple[int, ...]
    forfeit: tuple[bool, ...] = ()
    order: int = 0  # finishing order (Arena streaks need the sequence per player)


@dataclass(frozen=True)
class Entrant:
    key: str  # a player's key (the app uses str(user.pk))
    rating: float  # conservative rating shown on the site
    joined_round: int = 1  # Swiss: a late joiner's first round (earlier rounds = ½-point byes)
    withdrawn: bool = False
    paused: bool = False  # Arena: not paired while paused


@dataclass(frozen=True)
class Table:
    seats: tuple[str, ...]  # seat order, first mover first


@dataclass(frozen=True)
class Pairing:
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()  # full-point byes this round (Swiss odd player)


@dataclass(frozen=True)
class Standing:
    key: str
    rank: int  # 1-based; equal tie-breaks share a rank
    points: float
    tiebreaks: tuple[float, ...]  # in the order the format names them
    played: int
    wins: int
    draws: int
    losses: int
    streak: int = 0  # Arena: current win streak (fire)
