"""The tournaments' reactions, connected in ``TournamentsConfig.ready``.

A match's end (games/events.py ``match_finished``) records its tournament table's result in
the worker, which takes the step it made due (the next round, an Arena's next pairing). A
tournament's change tells its open pages (a notice with its version, no HTML: each socket
renders its viewer's fragment) and schedules its next timed step; a player's page that hears of it
and finds them a new match goes there (tournaments/consumers.py). A program hears of its match as ``gameStart`` from the API
app's reaction to the match's start, as for any match.
"""

from __future__ import annotations

from games import services as match_services
from games.live.push import send_to_group
from tournaments import tasks
from tournaments.groups import tournament_group
from tournaments.messages import tournament_updated
from tournaments.models import Pairing, Tournament


def on_match_finished(match, **_signal) -> None:
    if Pairing.objects.filter(match_id=match.pk).exists():
        tasks.match_ended(match.pk)


def on_changed(tournament: Tournament, **_signal) -> None:
    send_to_group(
        tournament_group(tournament.pk),
        tournament_updated(tournament.version),
    )
    if tournament.next_step_at is not None:
        tasks.schedule_step(tournament.pk, tournament.next_step_at, match_services.server_now())
