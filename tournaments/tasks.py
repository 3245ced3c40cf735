"""The worker's part of tournaments: the step due at a moment (a start, a round after its
pause or deadline, an Arena's end), a match's end, and a sweep every minute and at start-up
that finds every due step again, so a lost task or a restart changes nothing. The services'
row lock makes two workers take each step once."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import HUEY, db_periodic_task, db_task

from games import services as match_services
from tournaments import selectors, services


@db_task()
def advance(tournament_id: int) -> None:
    services.tournament_advance(tournament_id=tournament_id, now=match_services.server_now())


@db_task()
def match_ended(match_id: int) -> None:
    services.pairing_record(match_id=match_id, now=match_services.server_now())


def schedule_step(tournament_id: int, at_ms: int, now_ms: int) -> None:
    """The step of ``tournament_id`` due at ``at_ms``: at once when it is due, else then."""
    delay = (at_ms - now_ms) / 1000
    if delay <= 0:
        advance(tournament_id)
    else:
        advance.schedule(args=(tournament_id,), delay=delay)


@db_periodic_task(crontab(minute="*"))
def sweep() -> None:
    catch_up()


@HUEY.on_startup(name="tournaments.catch_up")  # games.tasks has its own catch_up
def catch_up() -> None:
    now = match_services.server_now()
    services.record_missed(now)
    for tournament_id in selectors.due(now):
        services.tournament_advance(tournament_id=tournament_id, now=now)
