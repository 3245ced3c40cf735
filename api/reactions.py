"""The event streams hear of matches: a reaction to ``events.match_started`` and
``events.match_finished`` (connected in ``ApiConfig.ready``).

Each player of the match gets a ``gameStart`` or ``gameFinish`` line on every event stream
they have open, in any process: the event goes to their ``user_events_group``. On the
embedded default the worker's announcements (a computer's winning move, a flag) reach no web
process; an event stream there asks after its running matches itself (``api.streams``).
"""

from __future__ import annotations

from api.models import ApiToken
from api.selectors import game_event
from games.live.push import send_user_event
from games.models import Match


def _tell_players(match: Match, kind: str) -> None:
    """Only players with a live token can have an event stream open: the others cost one
    query, not an event each."""
    users = {s.user_id: s.user for s in match.seat_list() if s.user_id and not s.user.is_bot}
    with_tokens = set(
        ApiToken.objects.filter(user_id__in=users, revoked=None).values_list("user_id", flat=True)
    )
    for user_id in sorted(with_tokens):
        user = users[user_id]
        event = game_event(match, user, kind)
        if event is not None:
            send_user_event(user.pk, event)


def on_started(match: Match, **_signal) -> None:
    _tell_players(match, "gameStart")


def on_finished(match: Match, **_signal) -> None:
    _tell_players(match, "gameFinish")
