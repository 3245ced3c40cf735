"""The season's ``result`` for a finished match: each colour's score (match points, free
fields around its bee, cause, reason) and the winner, from the last ``gameState``.

Causes as the season's server gave them: RULE_VIOLATION for a program whose move the
bridge or the table refused (the bridge resigned for it; on its first move the table aborts
the match instead, and the cause still says which rule), HARD_TIMEOUT for a seat whose
clock fell, LEFT for one that resigned or was claimed absent, REGULAR otherwise.
"""

from __future__ import annotations

from clients.sc2020.messages import COLOURS, POINTS

REASONS = {
    "bee surrounded": "{winner} surrounded the opposing bee.",
    "both bees surrounded": "Both bees were surrounded by the same move: a draw.",
    "move limit": "The round limit was reached: {winner} has more free fields around its bee.",
    "resigned": "{loser} left the game.",
    "time": "{loser} ran out of time.",
    "abandoned": "{loser} was away and claimed absent.",
}
DRAWN_LIMIT = "The round limit was reached: both bees have as many free fields: a draw."
ABORTED = "Aborted: {loser} did not make a first move in time."
#: A leave (the bridge's resignation after a refused move) before every seat moved aborts the
#: match (docs/rules.md §7.3): no winner, but the program hears which rule it broke.
LEFT_EARLY = "Aborted: {loser} left before every player had moved."


def scores(state: dict, names: list[str], violation: tuple[int, str] | None = None) -> list[dict]:
    """Red's and blue's scores; ``violation`` is (seat, message) when the bridge resigned
    for a program whose move was refused."""
    status, winners = state["status"], state.get("winners") or []
    free = state["view"]["scores"]
    reason = state.get("reason") or ""
    ply = sum(state["view"]["moves_made"])
    loser = 1 - winners[0] if len(winners) == 1 else None
    early = status == "aborted" and reason == "left early"
    if status == "aborted":
        loser = ply % 2  # only a seat's first move aborts
        if early and violation is not None:
            loser = violation[0]
    words = {
        "winner": f"{names[winners[0]]} ({COLOURS[winners[0]]})" if len(winners) == 1 else "",
        "loser": f"{names[loser]} ({COLOURS[loser]})" if loser is not None else "",
    }
    if early:
        text = LEFT_EARLY.format(**words)
    elif status == "aborted":
        text = ABORTED.format(**words)
    elif reason == "move limit" and not winners:
        text = DRAWN_LIMIT
    else:
        text = REASONS.get(reason, reason).format(**words)
    result = []
    for seat in (0, 1):
        if status == "aborted" or not winners:
            points = POINTS["draw"]
        else:
            points = POINTS["won"] if seat in winners else POINTS["lost"]
        cause, said = "REGULAR", text
        if early and violation is not None and violation[0] == seat:
            cause, said = "RULE_VIOLATION", violation[1]
        elif seat == loser and status != "aborted":
            if violation is not None and violation[0] == seat and reason == "resigned":
                cause, said = "RULE_VIOLATION", violation[1]
            elif reason == "time":
                cause = "HARD_TIMEOUT"
            elif reason in ("resigned", "abandoned"):
                cause = "LEFT"
        result.append({"cause": cause, "reason": said, "points": points, "free": free[seat]})
    return result
