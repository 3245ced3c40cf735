"""Judgments and accuracy from the stored estimates, as lichess does, on win chances the
search gives directly (docs/rules.md §7.7).

A move's drop is what its mover gave up by their own search's estimate at that position:
the chance of the move the search preferred minus the chance of the move played, in
percentage points (never below 0). Its accuracy is lichess's curve of the drop, and a seat's
accuracy the mean of a volatility-weighted mean and the harmonic mean of its moves'.
Pure: plain lists and dicts in, numbers out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: (least drop in points, name, symbol), worst first.
THRESHOLDS = ((30.0, "blunder", "??"), (20.0, "mistake", "?"), (10.0, "inaccuracy", "?!"))


@dataclass(frozen=True)
class Judgment:
    name: str  # "blunder", "mistake", "inaccuracy"
    symbol: str  # "??", "?", "?!"
    drop: float  # points


def drop_of(position: dict) -> float | None:
    """The points the mover gave up at this stored position (None: no move was judged
    there: a leave, a forced move, the end)."""
    if position.get("end") or position.get("leave") or position.get("forced"):
        return None
    seat = position["seat"]
    return max(0.0, 100 * (position["chances"][seat] - position["played"]))


def judge(drop: float | None) -> Judgment | None:
    if drop is None:
        return None
    for least, name, symbol in THRESHOLDS:
        if drop >= least:
            return Judgment(name, symbol, drop)
    return None


def move_accuracy(drop: float) -> float:
    """lichess's curve: 103.1668·e^(−0.04354·drop) − 3.1669, clamped to 0–100."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def _deviation(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def volatility(series: list[float], moves: int) -> list[float]:
    """lichess's weight of each of ``len(series) - 1`` moves: the standard deviation (in
    points, clamped to 0.5–12) of the chances in a window of ``moves // 10`` positions
    (2–8) ending at the position after the move; the moves before a window's worth share
    the first window."""
    size = min(max(moves // 10, 2), 8)
    weights = []
    for end in range(2, len(series) + 1):  # the window ends before ``end``: after the move
        window = series[max(0, end - size) : max(end, size)]
        weights.append(min(max(_deviation(window), 0.5), 12.0))
    return weights


def accuracy(positions: list[dict], seat: int) -> float | None:
    """``seat``'s accuracy in per cent over its judged moves (None: it made none)."""
    series = [100 * p["chances"][seat] for p in positions]
    weights = volatility(series, len(positions) - 1)
    weighted, harmonic = [], []
    for i, position in enumerate(positions[:-1]):
        if position.get("seat") != seat or (drop := drop_of(position)) is None:
            continue
        value = move_accuracy(drop)
        weighted.append((value, weights[i]))
        harmonic.append(value)
    if not harmonic:
        return None
    mean = sum(v * w for v, w in weighted) / sum(w for _, w in weighted)
    harmonic_mean = len(harmonic) / sum(1 / max(v, 1.0) for v in harmonic)
    return (mean + harmonic_mean) / 2
