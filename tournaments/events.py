"""What the tournament services announce once a change is committed; who listens is not
their business (reactions: tournaments/reactions.py, connected in ``TournamentsConfig.ready``).

Every signal is sent with ``sender=Tournament`` and the keyword ``tournament``.
"""

from __future__ import annotations

from django.dispatch import Signal

from games.announce import send_on_commit

#: Anything its page shows changed (an entry, a round, a result, the status); its
#: ``version`` says which change, ``next_step_at`` when the worker is next due. A player's
#: new match is such a change: their open page goes to it.
tournament_changed = Signal()


def announce_on_commit(tournament) -> None:
    """Schedules ``tournament_changed`` for after the commit."""
    send_on_commit(type(tournament), (tournament_changed, {"tournament": tournament}))
