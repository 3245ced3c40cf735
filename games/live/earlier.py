"""A match as it stood at an earlier ply, for the spectator's push of a position the stored
match has already moved past (games/live/socket_play.py): rebuilt from its log, as any
position of a match can be (docs/rules.md §1).

The copy is only ever rendered, never saved. It was running then, so it has no result, and
its clocks stand still: the stored ones belong to the newest position, whose own push
follows at once.
"""

from __future__ import annotations

import copy

from games.models import Match
from games.registry import get_engine
from games.store import matchlog


def as_it_was(match: Match, ply: int) -> Match:
    """``match`` after its first ``ply`` plies (fewer than it has)."""
    then = copy.copy(match)
    then.state = get_engine(match.game).to_json(matchlog.of(match).state_at(ply))
    then.ply, then.status, then.result, then.finished_at = ply, Match.Status.ACTIVE, None, None
    then.turn_started = then.deadline = None
    return then
