"""Points of one match by place, on one scale for every table size, as exact fractions so
that ties between sums (⅓ + ⅔ = 1) are ties.

A seat's points are the share of the other seats it finished ahead of, a tie counting half:
place p of k scores (k − p) / (k − 1), so 1 / 0 for two players (a draw ½ each), 1 / ½ / 0 for
three and 1 / ⅔ / ⅓ / 0 for four; seats tied share the points of the places they cover. A
table of k is scored as its k − 1 two-player results against the others, scaled to one
match, so every table hands out ½ a seat on average, as a two-player game does, and a
power-companies tournament adds up like a round robin of two-player games. A seat that
forfeited (missed its first move, §7.3) scores 0.
"""

from __future__ import annotations

from fractions import Fraction

from .types import Result


def check_result(result: Result) -> None:
    seats = len(result.seats)
    if not 2 <= seats <= 4 or len(result.places) != seats:
        raise ValueError(f"a result needs 2-4 seats and a place for each: {result!r}")
    if result.forfeit and len(result.forfeit) != seats:
        raise ValueError(f"a result's forfeits are one per seat: {result!r}")
    if len(set(result.seats)) != seats:
        raise ValueError(f"a player sits twice at one table: {result!r}")


def versus(result: Result, i: int, j: int) -> Fraction:
    """Seat ``i``'s two-player result against seat ``j`` at this table: 1, ½ or 0."""
    forfeit = result.forfeit or (False,) * len(result.seats)
    if forfeit[i] or forfeit[j]:
        return Fraction(int(forfeit[j] and not forfeit[i]))
    a, b = result.places[i], result.places[j]
    return Fraction(1) if a < b else Fraction(1, 2) if a == b else Fraction(0)


def place_points(result: Result) -> tuple[Fraction, ...]:
    """Per seat, its points from this match on the 0..1 scale (see the module's text)."""
    check_result(result)
    seats = range(len(result.seats))
    return tuple(
        sum(versus(result, i, j) for j in seats if j != i) / (len(result.seats) - 1) for i in seats
    )


def outcome(result: Result, i: int) -> str:
    """'win' for a first place of its own, 'draw' for a shared first place, else 'loss'."""
    forfeit = result.forfeit or (False,) * len(result.seats)
    if forfeit[i]:
        return "loss"
    best = min(p for p, f in zip(result.places, forfeit, strict=True) if not f)
    if result.places[i] != best:
        return "loss"
    shared = sum(1 for p, f in zip(result.places, forfeit, strict=True) if p == best and not f)
    return "win" if shared == 1 else "draw"
