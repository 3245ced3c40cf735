"""Background work outside the web server: bots thinking, clocks falling, reminders.

Runs in `manage.py run_huey` worker processes (`make run` starts one beside Daphne; on
the scale path run it on any number of machines against the same PostgreSQL and Redis).
Every task finds its work again from the database and acts through the services, whose
row locks and ply checks make a task that runs twice, or on two machines, act once.

A computer's turn is queued once per match and position (``queue_bot_turn``), and turns
that answer a person go before the paced moves of matches people only watch
(``turn_slot``): however many of those run, a person's computer opponent is next in line.
"""

from __future__ import annotations

import time

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import HUEY, db_periodic_task, db_task

from games import computer, notices, rematches, services
from games.models import Match

#: Queue priorities, higher first: a person waiting for the computer's answer (or for a
#: flag to fall) goes before the next move of a match of computers only, paced for its
#: spectators anyway (``BOT_PACE_SECONDS``). Both storages (SQLite, Redis's priority queue)
#: honour them.
ANSWER_PRIORITY = 10
WATCHED_PRIORITY = 0
#: A turn queued this long ago and never finished is taken for lost (its worker died while
#: thinking): the sweep queues it again.
LOST_TURN_SECONDS = 300


def turn_slot(*, watched: bool, pace: float) -> tuple[int, float]:
    """Where a computer's turn goes in the queue: (priority, delay in seconds). ``watched``:
    every seat is a computer (people only watch); ``pace``: the seconds between its moves."""
    if watched:
        return WATCHED_PRIORITY, pace
    return ANSWER_PRIORITY, 0.0


def _queued_key(match_id: int, ply: int) -> str:
    return f"bot-turn:{match_id}:{ply}"


def queue_bot_turn(match: Match, *, now: float | None = None) -> bool:
    """Queues the computer's turn at ``match``'s position unless it is queued already (by
    the move before, the sweep, a second worker's sweep); returns whether it queued it.
    ``now``: seconds since the epoch, to tell a turn lost with its worker."""
    now = time.time() if now is None else now
    key = _queued_key(match.pk, match.ply)
    if not HUEY.put_if_empty(key, now):
        queued_at = HUEY.get(key, peek=True)
        if queued_at is not None and now - queued_at < LOST_TURN_SECONDS:
            return False
        HUEY.put(key, now)
    priority, delay = turn_slot(watched=computer.only_bots(match), pace=settings.BOT_PACE_SECONDS)
    if delay:
        bot_turn.schedule(args=(match.pk, match.ply), delay=delay, priority=priority)
    else:
        HUEY.enqueue(bot_turn.s(match.pk, match.ply, priority=priority))
    return True


@db_task()
def bot_turn(match_id: int, ply: int | None = None) -> None:
    """The computer's move at position ``ply`` (None: whatever the position, as queued before
    turns named theirs)."""
    try:
        computer.play_turn(match_id, ply=ply)
    finally:
        if ply is not None:
            HUEY.delete(_queued_key(match_id, ply))  # this position's turn may queue again


@db_task()
def flag(match_id: int) -> None:
    services.clock_flag(match_id=match_id)


@db_task(retries=3, retry_delay=60)
def turn_mail(match_id: int, ply: int) -> None:
    """The your-turn email of ``match_id`` at ``ply`` (games.notices decides whether it goes),
    sent here in the worker: a mail server that is down or slow never holds up a move, and a
    send it refused is tried again."""
    notices.your_turn(match_id, ply, services.server_now())


@db_periodic_task(crontab(minute="*"))
def sweep() -> None:
    """Once a minute, and when a worker starts: whatever a lost task would have done."""
    catch_up()
    rematches.rematches_lapse_due()


@db_task()
def rematch_lapse(match_id: int) -> None:
    rematches.rematch_lapse(match_id=match_id)


@HUEY.on_startup()
def catch_up() -> None:
    now = services.server_now()
    for match in computer.matches_waiting_for_bots():
        queue_bot_turn(match)
    for match_id in services.fallen_clocks(now):
        flag(match_id)
    notices.send_reminders(now)
