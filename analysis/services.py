"""The writers of analyses: asking for one (rights and limits), a worker taking one, each
position stored, the end. Each announces after commit (analysis/events.py).

A match is analysed once: its row is unique per match, and every write takes the row's lock
and checks what it expects (a worker stores position n only if n positions are stored), so
two workers, or a worker the sweep took for lost, never store a position twice.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from analysis import events
from analysis.estimate import ITERATIONS
from analysis.models import Analysis
from games import matchlog
from games.errors import Refused
from games.models import Match

WAITING = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)


def budget(game: str) -> int:
    """The search's iterations per position: the game's ``estimate.ITERATIONS``, times
    ``ANALYSIS_BUDGET`` (1 by default; the tests use less; docs/rules.md §7.8)."""
    return max(1, round(ITERATIONS[game] * settings.ANALYSIS_BUDGET))


def may_request(match: Match, user) -> bool:
    """Anyone signed in for an open match; for a private one (an unlisted import too) its
    players and whoever created or imported it."""
    if not user.is_authenticated:
        return False
    mine = match.created_by_id == user.pk or match.seat_of(user) is not None
    return not match.private or mine


def analysis_request(*, match_id: int, user, now=None) -> Analysis:
    """Queues the analysis of a finished match, or returns the one asked for before.
    Refused, saying why: a live match (it would tell a player what the computer thinks
    mid-game), no right to, or past a limit (per user at once and a day, in total)."""
    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise Refused(gettext("There is no such match."))
        if match.status != Match.Status.FINISHED:
            raise Refused(gettext("A match is analysed once it is over: not while it is played."))
        if not may_request(match, user):
            raise Refused(gettext("Only the players of a private match can have it analysed."))
        found = Analysis.objects.filter(match=match).first()
        if found is not None:
            return found
        if not match.result or not match.moves.exists():
            raise Refused(gettext("This match has no moves to analyse."))
        _check_limits(user, now)
        log = matchlog.of(match)
        try:
            with transaction.atomic():
                analysis = Analysis.objects.create(
                    match=match,
                    requested_by=user,
                    iterations=budget(match.game),
                    total=log.ply + 1,
                )
        except IntegrityError:  # asked for at the same moment elsewhere
            return Analysis.objects.get(match=match)
        events.announce(events.analysis_requested, analysis)
    return analysis


def _check_limits(user, now) -> None:
    """The user's limits, counted under their row's lock: two requests at once for two
    matches count one after the other. The total is counted without a lock (a request
    racing another may pass it by one)."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    mine = Analysis.objects.filter(requested_by=user)
    waiting = mine.filter(status__in=WAITING).count()
    if waiting >= settings.ANALYSES_AT_ONCE:
        raise Refused(
            ngettext(
                "You have %(count)d analysis under way: ask for the next one when it is done.",
                "You have %(count)d analyses under way: ask for the next one when one is done.",
                waiting,
            )
            % {"count": waiting}
        )
    today = mine.filter(created_at__gte=now - timedelta(days=1)).count()
    if today >= settings.ANALYSES_PER_DAY:
        raise Refused(
            gettext("You asked for %(count)d analyses in a day, the most there are: try tomorrow.")
            % {"count": today}
        )
    queued = Analysis.objects.filter(status__in=WAITING).count()
    if queued >= settings.ANALYSIS_QUEUE:
        raise Refused(
            gettext(
                "The computer has %(count)d matches to analyse already: try again in a few minutes."
            )
            % {"count": queued}
        )


def analysis_take(*, analysis_id: int, now=None) -> Analysis | None:
    """A worker takes the analysis: None when it is done, or running in a worker that
    stored a position within ``ANALYSIS_LOST_SECONDS`` (then that worker keeps it)."""
    now = now or timezone.now()
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().filter(pk=analysis_id).first()
        if analysis is None or analysis.status in (Analysis.Status.DONE, Analysis.Status.FAILED):
            return None
        lost = now - timedelta(seconds=settings.ANALYSIS_LOST_SECONDS)
        if analysis.status == Analysis.Status.RUNNING and analysis.touched_at > lost:
            return None
        analysis.status, analysis.touched_at = Analysis.Status.RUNNING, now
        analysis.save(update_fields=["status", "touched_at"])
    return analysis


def analysis_store(*, analysis_id: int, index: int, position: dict, now=None) -> bool:
    """Stores the estimate of position ``index`` if it is the next one; returns whether it
    did (False: another worker took the analysis over). The last one ends it."""
    now = now or timezone.now()
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().get(pk=analysis_id)
        if analysis.status != Analysis.Status.RUNNING or analysis.done != index:
            return False
        analysis.positions = [*analysis.positions, position]
        analysis.touched_at = now
        if analysis.done == analysis.total:
            analysis.status, analysis.finished_at = Analysis.Status.DONE, now
        analysis.save(update_fields=["positions", "touched_at", "status", "finished_at"])
        events.announce(events.analysis_progressed, analysis)
    return True


def analysis_fail(*, analysis_id: int) -> None:
    """Marks an analysis its worker could not finish (an error: it would fail again)."""
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().get(pk=analysis_id)
        analysis.status = Analysis.Status.FAILED
        analysis.save(update_fields=["status"])
        events.announce(events.analysis_progressed, analysis)


def lost_analyses(now=None) -> list[int]:
    """Analyses a worker should be doing and is not: queued, or running but silent for
    ``ANALYSIS_LOST_SECONDS`` (their worker stopped): what the sweep queues again."""
    now = now or timezone.now()
    lost = now - timedelta(seconds=settings.ANALYSIS_LOST_SECONDS)
    waiting = Q(status=Analysis.Status.QUEUED) | Q(
        status=Analysis.Status.RUNNING, touched_at__lte=lost
    )
    return list(Analysis.objects.filter(waiting).order_by("pk").values_list("pk", flat=True))
