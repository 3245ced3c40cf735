"""Background work outside the web server: bots thinking, clocks falling, reminders.

Runs in `manage.py run_huey` worker processes (`make run` starts one beside Daphne; on
the scale path run it on any number of machines against the same PostgreSQL and Redis).
Every task finds its work again from the database and acts through the services, whose
row locks and ply checks make a task that runs twice, or on two machines, act once.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY, db_periodic_task, db_task

from games import computer, notices, services
from games.models import Match


@db_task()
def bot_turn(match_id: int) -> None:
    computer.play_turn(match_id)


@db_task()
def flag(match_id: int) -> None:
    services.clock_flag(match_id=match_id)


@db_periodic_task(crontab(minute="*"))
def sweep() -> None:
    """Once a minute, and when a worker starts: whatever a lost task would have done."""
    catch_up()


@HUEY.on_startup()
def catch_up() -> None:
    now = services.server_now()
    for match_id in computer.waiting_for_bots():
        bot_turn(match_id)
    for match_id in services.fallen_clocks(now):
        flag(match_id)
    notices.send_reminders(now)


def after_position(match: Match, state=None, **_signal) -> None:
    """Schedules what a new position needs: the flag at the deadline, a bot's move, an email
    (a receiver of ``events.position_changed``). ``state`` is the decoded position when the
    caller already has it."""
    if match.status != Match.Status.ACTIVE:
        return
    if match.deadline is not None:
        flag.schedule(args=(match.pk,), eta=datetime.fromtimestamp(match.deadline / 1000, UTC))
    if computer.bot_to_move(match, state) is not None:
        if computer.only_bots(match):  # paced for its spectators (BOT_PACE_SECONDS)
            bot_turn.schedule(args=(match.pk,), delay=settings.BOT_PACE_SECONDS)
        else:
            bot_turn(match.pk)
    notices.your_turn(match)
