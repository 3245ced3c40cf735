"""The games app's reactions: its receivers of what the services announce (games/events.py)
and of Django's log-in and log-out, connected in ``GamesConfig.ready`` and nowhere else.

They only hand work on: a push to the viewers (games/live/push.py), a task for the worker
(games/tasks.py), a notice to the sockets of a session (games/presence.py).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction

from games import computer, messages, notices, presence, tasks, watcher
from games.groups import group_name
from games.live.push import notify_match_updated, send_to_group
from games.live.rendering import prerender
from games.models import Match


def on_position(match: Match, state=None, played: tuple | None = None, **_signal) -> None:
    """Renders the new position for every audience with a page open (``rendering.prerender``),
    then tells the viewers; each socket sends its own viewer's fragment (a secret can only
    reach its owner)."""
    prerender(match, state, played)
    notify_match_updated(match)
    watcher.told(match.pk, match.ply, match.status)


def after_position(match: Match, state=None, **_signal) -> None:
    """Schedules what a new position needs: the flag at the deadline, a bot's move, an email.
    It only enqueues, so it runs in the web process too. ``state`` is the decoded position
    when the caller already has it."""
    if match.status != Match.Status.ACTIVE:
        return
    if match.deadline is not None:
        deadline = datetime.fromtimestamp(match.deadline / 1000, UTC)
        tasks.flag.schedule(args=(match.pk,), eta=deadline, priority=tasks.ANSWER_PRIORITY)
    if computer.bot_to_move(match, state) is not None:
        tasks.queue_bot_turn(match)
    if notices.correspondence(match):
        tasks.turn_mail(match.pk, match.ply)


def on_rematch(match: Match, offer, **_signal) -> None:
    """A rematch offer changed: every page of the match renders its viewer's view of it
    (games/live/rematch_html.py); the notice carries no HTML."""
    send_to_group(group_name(match.pk), messages.rematch_changed(offer.pk))


def after_rematch(match: Match, offer, **_signal) -> None:
    """An open offer lapses at its time (the sweep finds one whose task was lost); a task
    that finds it answered, or not yet due, does nothing."""
    if offer.status == offer.Status.OPEN:  # announced as it is made or answered: not yet due
        tasks.rematch_lapse.schedule(args=(match.pk,), delay=settings.REMATCH_OFFER_SECONDS)


def on_logged_out(sender, request, user, **_signal) -> None:
    """Logging out ends the session's sockets too: they were opened with its rights."""
    key = request.session.session_key if request is not None else None
    if key:
        presence.tell(presence.session_group(key), messages.SESSION_ENDED)


def on_logged_in(sender, request, user, **_signal) -> None:
    """Logging in replaces the browser's session (Django gives it a new key, and a new
    session when another user was logged in): the sockets opened under the one before, a
    visitor's or another user's, close, and the page opens them again as who it is now."""
    if request is None:
        return
    before = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    # Any cookie value reaches here; a group name takes only a real session key's letters.
    if re.fullmatch(r"[a-z0-9]{8,64}", before) and before != request.session.session_key:
        presence.tell(presence.session_group(before), messages.SESSION_REPLACED)


def on_session_written(sender, instance, using=None, **_signal) -> None:
    """A session row was saved or deleted (log in, log out, anything the request put in it,
    or a bulk delete): once that is committed, the sockets of this process opened with it
    read it again before their next frame or seat's push (``presence.session_changed``).
    After the commit, so a socket that reads it then reads what was written."""
    key = instance.session_key
    transaction.on_commit(lambda: presence.session_changed(key), using=using)
