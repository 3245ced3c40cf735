"""Reading analyses: the stored estimates turned into what pages and programs show (per ply
chances, judgments, accuracy, the turns that lost most, in words)."""

from __future__ import annotations

from django.utils.translation import gettext

from analysis import judgments
from analysis.models import Analysis
from games.rules import IllegalMove


def of_match(match) -> Analysis | None:
    try:
        return match.analysis
    except Analysis.DoesNotExist:
        return None


def percent(chance: float) -> int:
    return round(100 * chance)


def turn_of(log, ply: int) -> int:
    """The move list's turn (1-based) that holds ``ply`` (1-based)."""
    return next((n for n, t in enumerate(log.turns, 1) if t["first"] <= ply <= t["last"]), 0)


def judged(positions: list[dict]) -> dict[int, judgments.Judgment]:
    """The judged plies (1-based: the ply played at position ``ply - 1``)."""
    found = {}
    for index, position in enumerate(positions):
        verdict = judgments.judge(judgments.drop_of(position))
        if verdict is not None:
            found[index + 1] = verdict
    return found


def accuracies(analysis: Analysis, players: int) -> list[float | None]:
    return [judgments.accuracy(analysis.positions, seat) for seat in range(players)]


def preferred_words(log, ply: int, best) -> str | None:
    """The move the search preferred at ply ``ply`` (1-based), in words (None: it is not
    legal in the real position, which the mover's view did not show)."""
    engine, before = log.game.engine, log.state_at(ply - 1)
    try:
        after = engine.apply(before, log.plies[ply - 1].seat, best)
    except IllegalMove:
        return None
    return str(log.game.board.describe(best, engine.view(before, None), engine.view(after, None)))


def sentence(log, analysis: Analysis, ply: int, names: dict[int, str]) -> str:
    """ "Analysis: Blue's chance fell from 71 % to 38 % at turn 23 (played: …; the search
    preferred: …)." for the judged ply ``ply`` (1-based)."""
    position = analysis.positions[ply - 1]
    seat = position["seat"]
    preferred = preferred_words(log, ply, position["best"]) or gettext("another move")
    return gettext(
        "Analysis: %(name)s's chance fell from %(before)s %% to %(after)s %% at turn %(turn)s "
        "(played: %(played)s; the search preferred: %(preferred)s)."
    ) % {
        "name": names.get(seat, "?"),
        "before": percent(position["chances"][seat]),
        "after": percent(position["played"]),
        "turn": turn_of(log, ply),
        "played": str(log.plies[ply - 1].words),
        "preferred": preferred,
    }


def api_array(analysis: Analysis) -> list[dict]:
    """The record's ``analysis`` array, one entry per ply as lichess's export has one per
    move: each seat's chance in per cent after the ply (the next mover's estimate, the
    result after the last), the mover's drop, its judgment and the preferred move's code
    where it was judged."""
    positions = analysis.positions
    entries = []
    for ply in range(1, min(len(positions), analysis.total)):
        before, after = positions[ply - 1], positions[ply]
        entry: dict = {"chances": [round(100 * c, 1) for c in after["chances"]]}
        if "places" in after:
            entry["places"] = after["places"]
        drop = judgments.drop_of(before)
        if drop is not None:
            entry["drop"] = round(drop, 1)
            verdict = judgments.judge(drop)
            if verdict is not None:
                entry["judgment"] = {"name": verdict.name.capitalize(), "symbol": verdict.symbol}
                if before.get("best_code"):
                    entry["best"] = before["best_code"]
        entries.append(entry)
    return entries


def progress_json(analysis: Analysis | None) -> dict:
    """``GET /api/game/<id>/analysis``: how far the analysis is."""
    if analysis is None:
        return {"status": "none", "done": 0, "total": 0}
    return {
        "status": analysis.status,
        "done": analysis.done,
        "total": analysis.total,
        "iterations": analysis.iterations,
    }


def progress_of(analysis: Analysis) -> dict:
    """How far an analysis is, as its page's socket says it: positions done of all, its
    status, and the analyses asked for before it that it waits behind."""
    return {
        "done": analysis.done,
        "total": analysis.total,
        "status": analysis.status,
        "ahead": ahead_of(analysis),
    }


def ahead_of(analysis: Analysis) -> int:
    """Analyses asked for before ``analysis`` and still under way while it waits for its first
    slice (the lane serves them in turn; once it runs, none waits ahead of it)."""
    if analysis.status != Analysis.Status.QUEUED:
        return 0
    waiting = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)
    return Analysis.objects.filter(status__in=waiting, pk__lt=analysis.pk).count()
