"""The worker's side of an analysis: a slice of a finished match's positions through the
Hard search (analysis/estimate.py), stored one by one as they are done (analysis/services.py).

A slice is bounded (``ANALYSIS_SLICE_POSITIONS`` positions, ``ANALYSIS_SLICE_SECONDS`` of
work): the lane then serves the next slice in turn (analysis/tasks.py). A worker that stops
midway loses nothing stored: its claim lapses and the next worker does those positions. CPU
work only ever runs here, in a ``run_analysis`` worker, never in the web server.

Where the game hides nothing, a position's search starts from the tree the previous one grew
below the move played (analysis/estimate.py, ``Kept``), within runs of ``CHAIN`` positions
that start at its multiples: a slice that starts inside a run searches the run's earlier
positions again first, so an estimate never depends on where the slices began.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

from django.conf import settings

from analysis import services
from analysis.estimate import Kept, estimate, reuses
from games.models import Match
from games.registry import get_engine
from games.rules import IllegalMove, play_entry
from games.store import matchlog

log = logging.getLogger(__name__)

#: Positions of a run whose searches each start from the previous one's tree (the default
#: ``ANALYSIS_SLICE_POSITIONS``: a slice is one run unless its time cut it short).
CHAIN = 8


def seed_of(match: Match, index: int) -> int:
    """The search's seed at position ``index`` of ``match``: fixed, so an analysis run
    again gives the same estimates."""
    return (match.seed * 1_000_003 + index) % 2**63


def run(token: str, *, clock=time.monotonic, now=None) -> services.Slice | None:
    """Claims the next slice in turn for worker ``token`` and estimates it; returns the slice
    (None: no work was free). What it did not reach in its time is free again after; an
    analysis whose slice fails is marked failed."""
    taken = services.slice_take(token=token, now=now)
    if taken is None:
        return None
    try:
        estimate_slice(taken, clock)
    except Exception:  # a bug, or a record it cannot replay: it would fail again
        log.exception("analysis %s failed", taken.analysis.pk)
        services.analysis_fail(analysis_id=taken.analysis.pk)
    finally:
        services.slice_release(analysis_id=taken.analysis.pk, token=token)
    return taken


def estimate_slice(taken: services.Slice, clock) -> None:
    analysis = taken.analysis
    match = Match.objects.with_players().get(pk=analysis.match_id)
    moves = matchlog.of(match)
    first = run_start(match.game, taken.start)
    found = estimates(match, moves, first, taken.end, analysis.iterations, _before(analysis, first))
    began = clock()
    for index, position in found:
        if index < taken.start:
            continue  # searched again for its tree alone
        stored = services.analysis_store(
            analysis_id=analysis.pk, index=index, position=position, token=taken.token
        )
        if not stored:
            return  # the claim lapsed: another worker has these positions now
        if clock() - began >= settings.ANALYSIS_SLICE_SECONDS:
            return


def run_start(game: str, start: int) -> int:
    """Where the run of searches that position ``start`` belongs to starts."""
    return start - start % CHAIN if reuses(game) else start


def estimates(match, moves, first: int, end: int, iterations: int, before) -> Iterator:
    """(index, stored position) for positions ``first`` up to ``end`` of the match log
    ``moves``, each search after a run's first starting from the previous one's tree."""
    engine = get_engine(match.game)
    state = moves.state_at(first)
    kept = None
    for index in range(first, end):
        if index == moves.ply:
            yield index, end_entry(match)
            return
        ply = moves.plies[index]
        reuse = kept if index % CHAIN else None
        position, kept = searched(match, state, ply, index, iterations, before, reuse)
        try:
            state = play_entry(engine, state, ply.seat, ply.entry)
        except IllegalMove:  # a ply written by hand that the rules refuse changed nothing
            kept = None
        yield index, position
        before = position


def _before(analysis, start: int) -> dict | None:
    """The estimate before position ``start``: None at the first; where another slice has
    not stored it yet, a leave's chances are left open (filled in when it is stored)."""
    if start == 0:
        return None
    known = analysis.positions[start - 1] if start - 1 < len(analysis.positions) else None
    return known or {"chances": None}


def position_entry(match: Match, state, ply, index: int, iterations: int, before) -> dict:
    """What the search says at ``state``, from the view of ``ply``'s seat, of the move it
    made there. A leave is no move: it is stored with the chances before it."""
    return searched(match, state, ply, index, iterations, before, None)[0]


def searched(
    match: Match, state, ply, index: int, iterations: int, before, reuse: Kept | None
) -> tuple[dict, Kept | None]:
    """``position_entry``'s position, its search starting from ``reuse`` (the previous
    position's tree, or None), and the tree for the next position."""
    engine = get_engine(match.game)
    seat = ply.seat
    if ply.entry.get("type") == "leave" or seat not in engine.to_move(state):
        chances = before["chances"] if before else [1 / match.players] * match.players
        return {"seat": seat, "leave": True, "chances": chances}, None
    found = estimate(
        match.game,
        engine.view(state, seat),
        seat,
        ply.entry,
        seed=seed_of(match, index),
        iterations=iterations,
        reuse=reuse,
    )
    try:
        code = engine.encode(state, found.best)
    except (IllegalMove, ValueError):  # preferred in the mover's view, not legal in the real state
        code = None
    position = {
        "seat": seat,
        "chances": found.chances,
        "played": found.played,
        "best": found.best,
        "best_code": code,
        "forced": found.forced,
    }
    if found.places is not None:
        position["places"] = found.places
    return position, found.kept


def end_entry(match: Match) -> dict:
    """The last position: the match's result itself (a win shared among the winners, every
    seat alike when none won), and each seat's place where the result ranks them."""
    result = match.result or {}
    winners = result.get("winners") or list(range(match.players))
    chances = [round(1 / len(winners), 4) if s in winners else 0.0 for s in range(match.players)]
    position = {"end": True, "chances": chances}
    if result.get("ranking") and match.players > 2:
        position["places"] = [float(p) for p in result["ranking"]]
    return position
