"""The writers of analyses: asking for one (rights and limits), a worker claiming a slice of
one, each position stored, the end. Each announces after commit (analysis/events.py).

A match is analysed once: its row is unique per match, and every write takes the row's lock
and checks what it expects. A worker claims a slice (a run of positions, with a lease) under
that lock and stores a position only while its claim holds and the position is not stored:
two workers split one match's positions, each done once; a lost worker's claim lapses and
the next worker does those positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from analysis import events
from analysis.estimate import ITERATIONS
from analysis.models import Analysis
from games.errors import Refused
from games.models import Match
from games.store import matchlog

WAITING = (Analysis.Status.QUEUED, Analysis.Status.RUNNING)
QUEUE_LOCK = 4_927_001  # the advisory lock's key: the analyses' queue


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
    matches count one after the other; the total under the queue's lock, so two users'
    requests at once never pass it either."""
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
    _lock_the_queue()
    queued = Analysis.objects.filter(status__in=WAITING).count()
    if queued >= settings.ANALYSIS_QUEUE:
        raise Refused(
            gettext(
                "The computer has %(count)d matches to analyse already: try again in a few minutes."
            )
            % {"count": queued}
        )


@dataclass(frozen=True)
class Slice:
    """Positions ``start`` up to ``end`` of an analysis, claimed by the worker ``token``."""

    analysis: Analysis
    start: int
    end: int
    token: str


def slice_take(*, token: str, now=None) -> Slice | None:
    """Claims the next slice for worker ``token``: of the analysis whose requester was served
    least recently, the first positions neither stored nor held by a live claim, at most
    ``ANALYSIS_SLICE_POSITIONS``. None: no work free. Each candidate is claimed under its
    own row lock, in a transaction of its own (one lock at a time: no deadlock)."""
    now = now or timezone.now()
    for analysis_id in _in_turn():
        with transaction.atomic():
            analysis = (
                Analysis.objects.select_for_update().filter(pk=analysis_id, status__in=WAITING)
            ).first()
            if analysis is None:
                continue
            free = _free_range(analysis, now.timestamp())
            if free is None:
                continue
            lease = now.timestamp() + settings.ANALYSIS_LOST_SECONDS
            analysis.claims = [
                *_live(analysis.claims, now.timestamp()),
                {"from": free[0], "to": free[1], "by": token, "until": lease},
            ]
            analysis.status, analysis.served_at, analysis.touched_at = (
                Analysis.Status.RUNNING,
                now,
                now,
            )
            analysis.save(update_fields=["claims", "status", "served_at", "touched_at"])
        return Slice(analysis, free[0], free[1], token)
    return None


def _in_turn() -> list[int]:
    """The analyses under way in the order the lane serves them: the requester served least
    recently first (one member's long match and another's short one take turns), then
    that requester's analysis served least recently, then the oldest."""
    rows = list(
        Analysis.objects.filter(status__in=WAITING).values("pk", "requested_by_id", "served_at")
    )
    never = timezone.now() - timedelta(days=3650)
    last: dict = {}
    for row in rows:
        served = row["served_at"] or never
        last[row["requested_by_id"]] = max(last.get(row["requested_by_id"], never), served)
    rows.sort(key=lambda r: (last[r["requested_by_id"]], r["served_at"] or never, r["pk"]))
    return [r["pk"] for r in rows]


def _live(claims: list[dict], now: float) -> list[dict]:
    return [c for c in claims if c["until"] > now]


def _free_range(analysis: Analysis, now: float) -> tuple[int, int] | None:
    """The first run of positions neither stored nor under a live claim (a claim whose
    worker was lost lapses after ``ANALYSIS_LOST_SECONDS``)."""
    held = {i for c in _live(analysis.claims, now) for i in range(c["from"], c["to"])}
    positions = analysis.positions

    def free(i: int) -> bool:
        return i not in held and (i >= len(positions) or positions[i] is None)

    start = next((i for i in range(analysis.total) if free(i)), None)
    if start is None:
        return None
    end = start + 1
    while end < analysis.total and end - start < settings.ANALYSIS_SLICE_POSITIONS and free(end):
        end += 1
    return start, end


def analysis_store(*, analysis_id: int, index: int, position: dict, token: str, now=None) -> bool:
    """Stores the estimate of position ``index`` if worker ``token`` still holds it and it is
    not stored yet, and renews that worker's lease; returns whether it did (False: the
    claim lapsed and another worker has it). The last one stored ends the analysis."""
    now = now or timezone.now()
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().get(pk=analysis_id)
        mine = next(
            (c for c in analysis.claims if c["by"] == token and c["from"] <= index < c["to"]),
            None,
        )
        positions = analysis.positions + [None] * (index + 1 - len(analysis.positions))
        if analysis.status != Analysis.Status.RUNNING or mine is None or positions[index]:
            return False
        positions[index] = position
        _fill_leaves(positions)
        mine["until"] = now.timestamp() + settings.ANALYSIS_LOST_SECONDS
        analysis.positions, analysis.touched_at = positions, now
        if analysis.done == analysis.total:
            analysis.status, analysis.finished_at, analysis.claims = (
                Analysis.Status.DONE,
                now,
                [],
            )
        analysis.save(update_fields=["positions", "claims", "touched_at", "status", "finished_at"])
        events.announce(events.analysis_progressed, analysis)
    return True


def _fill_leaves(positions: list) -> None:
    """A leave keeps the chances before it: a slice that began at a leave stored it without
    them (``None``), and they are filled in once the position before it is stored."""
    for i in range(1, len(positions)):
        here, before = positions[i], positions[i - 1]
        waiting = here and here.get("leave") and here["chances"] is None
        if waiting and before and before["chances"] is not None:
            here["chances"] = list(before["chances"])


def slice_release(*, analysis_id: int, token: str) -> None:
    """Worker ``token`` is done with its slice: the positions it did not reach are free."""
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().filter(pk=analysis_id).first()
        if analysis is None:
            return
        analysis.claims = [c for c in analysis.claims if c["by"] != token]
        analysis.save(update_fields=["claims"])


def _lock_the_queue() -> None:
    """The lock the total of analyses under way is counted under, held to the transaction's
    end: on PostgreSQL an advisory lock (a new row is no row to lock); SQLite writes one
    transaction at a time anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [QUEUE_LOCK])


def analysis_fail(*, analysis_id: int) -> None:
    """Marks an analysis its worker could not finish (an error: it would fail again)."""
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().get(pk=analysis_id)
        analysis.status = Analysis.Status.FAILED
        analysis.save(update_fields=["status"])
        events.announce(events.analysis_progressed, analysis)


def under_way() -> bool:
    """Whether any analysis waits for its slices (queued, or running: a worker lost midway
    leaves a claim that lapses): the sweep then queues the lane's slices again."""
    return Analysis.objects.filter(status__in=WAITING).exists()
