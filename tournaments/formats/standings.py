"""Standings of each format from its results: points, tie-breaks, ranks.

- Round robin: points by place (``scoring``); tie-breaks: the results between the players
  tied on points (each two-player result among them: 1, ½, 0), then Sonneborn-Berger. A
  rest scores nothing.
- Swiss: points by place, a full-point bye 1, a late joiner's bye ½ per missed round;
  tie-breaks: Buchholz (the opponents' points), then Sonneborn-Berger (the opponents'
  points weighted by the result against each). A round not played over the board (a bye,
  a half bye, a pair in which a seat forfeited) counts for both as a game against a
  virtual opponent with the player's own points.
- Arena (lichess): a win 2, a draw 1, a loss 0 (tables of 3-4: twice the points by place);
  after two wins in a row each result counts double until one is not a win; the tie-break
  is the performance: the mean over every opponent met of their rating + 400 for a win,
  − 400 for a loss (a player who has not played: their rating).

At a table of 3-4 a win is a first place of one's own, a shared first place a draw, any
other place a loss; the tie-breaks read each table as its two-player results, scaled to one
match (1 / (k − 1) each), so they agree with the points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from .scoring import check_result, outcome, place_points, versus
from .tables import check_keys, check_table_size
from .types import FORMATS, Entrant, Result, Standing

HALF = Fraction(1, 2)


def standings(
    format: str,
    entrants: list[Entrant],
    results: list[Result],
    byes: dict[str, list[int]] | None = None,
    half_byes: dict[str, list[int]] | None = None,
    table_size: int = 2,
) -> list[Standing]:
    """Every entrant (withdrawn ones too), best first. ``byes``: key -> rounds of full-point
    byes (Swiss). ``half_byes``: key -> rounds of ½-point byes; None derives them from each
    entrant's ``joined_round`` (the rounds before it, up to the last round in the results or
    byes). ``table_size`` is only checked: each result's seats say its size."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    check_table_size(table_size)
    keys = [e.key for e in entrants]
    check_keys(keys)
    known = set(keys)
    for result in results:
        check_result(result)
        if not known.issuperset(result.seats):
            raise ValueError(f"a result names a player who did not enter: {result!r}")
    if format == "arena":
        return _arena(entrants, results)
    swiss = format == "swiss"
    byes = {k: list(v) for k, v in (byes or {}).items() if k in known} if swiss else {}
    if not swiss:
        half_byes = {}
    elif half_byes is None:
        last = max([r.round for r in results] + [r for v in byes.values() for r in v], default=0)
        half_byes = {e.key: list(range(1, min(e.joined_round, last + 1))) for e in entrants}
    halves = {k: len(half_byes.get(k, ())) for k in keys}
    points = {k: Fraction(len(byes.get(k, ()))) + HALF * halves[k] for k in keys}
    tally = _tally(keys, results)
    for result in results:
        for key, got in zip(result.seats, place_points(result), strict=True):
            points[key] += got
    if swiss:
        breaks = {
            k: (
                _buchholz(k, results, points, byes, halves),
                _sonneborn(k, results, points, byes, halves),
            )
            for k in keys
        }
    else:
        breaks = {
            k: (_head_to_head(k, results, points), _sonneborn(k, results, points, {}, {}))
            for k in keys
        }
    return _ranked(keys, points, breaks, tally)


def _tally(keys: Iterable[str], results: Iterable[Result]) -> dict[str, list[int]]:
    """Per player: played, wins, draws, losses."""
    tally = {k: [0, 0, 0, 0] for k in keys}
    column = {"win": 1, "draw": 2, "loss": 3}
    for result in results:
        for i, key in enumerate(result.seats):
            tally[key][0] += 1
            tally[key][column[outcome(result, i)]] += 1
    return tally


def _pairs(key: str, results: Iterable[Result]):
    """(result, my seat, their seat, scale, over the board) for each opponent met."""
    for result in results:
        if key not in result.seats:
            continue
        i = result.seats.index(key)
        forfeit = result.forfeit or (False,) * len(result.seats)
        scale = Fraction(1, len(result.seats) - 1)
        for j in range(len(result.seats)):
            if j != i:
                yield result, i, j, scale, not (forfeit[i] or forfeit[j])


def _buchholz(key, results, points, byes, halves) -> Fraction:
    total = points[key] * (len(byes.get(key, ())) + halves[key])
    for result, _, j, scale, played in _pairs(key, results):
        total += scale * (points[result.seats[j]] if played else points[key])
    return total


def _sonneborn(key, results, points, byes, halves) -> Fraction:
    total = points[key] * (len(byes.get(key, ())) + HALF * halves.get(key, 0))
    for result, i, j, scale, played in _pairs(key, results):
        total += scale * versus(result, i, j) * (points[result.seats[j]] if played else points[key])
    return total


def _head_to_head(key, results, points) -> Fraction:
    return sum(
        (
            versus(result, i, j)
            for result, i, j, _, _ in _pairs(key, results)
            if points[result.seats[j]] == points[key]
        ),
        Fraction(0),
    )


def _ranked(
    keys: Sequence[str],
    points: Mapping[str, Fraction],
    breaks: Mapping[str, tuple],
    tally: Mapping[str, list[int]],
    streaks: Mapping[str, int] | None = None,
) -> list[Standing]:
    def worth(key: str) -> tuple:
        return (points[key], *breaks[key])

    order = sorted(keys, key=worth, reverse=True)  # stable: ties keep the entrants' order
    rows, rank = [], 0
    for n, key in enumerate(order):
        if n == 0 or worth(key) != worth(order[n - 1]):
            rank = n + 1
        played, wins, draws, losses = tally[key]
        rows.append(
            Standing(
                key=key,
                rank=rank,
                points=float(points[key]),
                tiebreaks=tuple(float(b) for b in breaks[key]),
                played=played,
                wins=wins,
                draws=draws,
                losses=losses,
                streak=(streaks or {}).get(key, 0),
            )
        )
    return rows


def _arena(entrants: Sequence[Entrant], results: Sequence[Result]) -> list[Standing]:
    keys = [e.key for e in entrants]
    rating = {e.key: e.rating for e in entrants}
    points = {k: Fraction(0) for k in keys}
    streak = dict.fromkeys(keys, 0)
    for result in sorted(results, key=lambda r: (r.order, r.round)):
        for i, (key, got) in enumerate(zip(result.seats, place_points(result), strict=True)):
            points[key] += 2 * got * (2 if streak[key] >= 2 else 1)
            streak[key] = streak[key] + 1 if outcome(result, i) == "win" else 0
    breaks = {}
    for key in keys:
        faced = [
            rating[result.seats[j]] + 400 * (2 * versus(result, i, j) - 1)
            for result, i, j, _, _ in _pairs(key, results)
        ]
        breaks[key] = (Fraction(sum(faced)) / len(faced) if faced else Fraction(rating[key]),)
    return _ranked(keys, points, breaks, _tally(keys, results), streak)
