"""The worker's side of an analysis: every position of a finished match through the Hard
search (analysis/estimate.py), stored one by one as they are done (analysis/services.py).

A worker that stops midway loses nothing stored: the sweep queues the analysis again and
the next worker goes on from the first position missing. CPU work only ever runs here, in a
``run_huey`` worker, never in the web server.
"""

from __future__ import annotations

import contextlib
import logging

from analysis import services
from analysis.estimate import estimate
from games import matchlog
from games.models import Match
from games.registry import get_engine
from games.rules import IllegalMove, play_entry

log = logging.getLogger(__name__)


def seed_of(match: Match, index: int) -> int:
    """The search's seed at position ``index`` of ``match``: fixed, so an analysis run
    again gives the same estimates."""
    return (match.seed * 1_000_003 + index) % 2**63


def run(analysis_id: int) -> bool:
    """Estimates the positions ``analysis_id`` still lacks; returns whether it finished it."""
    analysis = services.analysis_take(analysis_id=analysis_id)
    if analysis is None:
        return False
    match = Match.objects.with_players().get(pk=analysis.match_id)
    moves = matchlog.of(match)
    engine = moves.game.engine
    state = moves.state_at(analysis.done)
    before = analysis.positions[-1] if analysis.positions else None
    for index in range(analysis.done, analysis.total):
        if index == moves.ply:
            position = end_entry(match)
        else:
            ply = moves.plies[index]
            position = position_entry(match, state, ply, index, analysis.iterations, before)
            # A ply written by hand that the rules refuse changed nothing.
            with contextlib.suppress(IllegalMove):
                state = play_entry(engine, state, ply.seat, ply.entry)
        if not services.analysis_store(analysis_id=analysis_id, index=index, position=position):
            return False  # another worker has it now
        before = position
    return True


def position_entry(match: Match, state, ply, index: int, iterations: int, before) -> dict:
    """What the search says at ``state``, from the view of ``ply``'s seat, of the move it
    made there. A leave is no move: it is stored with the chances before it."""
    engine = get_engine(match.game)
    seat = ply.seat
    if ply.entry.get("type") == "leave" or seat not in engine.to_move(state):
        chances = before["chances"] if before else [1 / match.players] * match.players
        return {"seat": seat, "leave": True, "chances": chances}
    found = estimate(
        match.game,
        engine.view(state, seat),
        seat,
        ply.entry,
        seed=seed_of(match, index),
        iterations=iterations,
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
    return position


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
