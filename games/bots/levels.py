"""The bot levels: how much search each one gets.

A level is a number of search iterations (per game, in ``Knowledge.iterations``), a
wall-clock cap and a temperature. Iterations keep a bot deterministic for a given seed; the
cap only bounds slow moments (it is applied only when the caller passes a clock). Easy
draws its move in proportion to its short search's visits rather than taking the best, so
it slips now and then like a casual player instead of playing each game's greedy heuristic
(which a short search can hardly improve on). Hard also weighs every move at the root
where a game samples its moves (``Knowledge.thorough``): searching longer cannot find a
move that was never tried.
"""

from __future__ import annotations

from games.rules.knowledge import Knowledge

LEVELS = ("easy", "medium", "hard")
SECONDS = {"easy": 0.1, "medium": 0.5, "hard": 2.0}  # wall-clock cap per move
TEMPERATURE = {"easy": 1.0, "medium": 0.0, "hard": 0.0}  # 0: the most visited move
THOROUGH = {"easy": False, "medium": False, "hard": True}  # weigh every root move


def budget(knowledge: Knowledge, level: str, scale: float = 1.0) -> tuple[int, float]:
    """(iterations, seconds) for ``level``, both multiplied by ``scale`` (for quick benchmarks)."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; expected one of {LEVELS}.")
    iterations = knowledge.iterations[LEVELS.index(level)]
    return max(1, round(iterations * scale)), SECONDS[level] * scale
