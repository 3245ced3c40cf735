"""The writers of lesson progress: whose it is, a learner's move, going to a step. A row
is locked while a move is played on it, so two tabs cannot both count one try."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from games import guard
from games.registry import get_engine
from lessons import steps
from lessons.models import Progress

VISITOR_KEY = "lesson_visitor"


def owner(request, *, create: bool) -> dict | None:
    """Who the progress belongs to, as the row's filter: the user (a member or a guest),
    else the visitor's token in their session (made when ``create``; else None if none)."""
    if request.user.is_authenticated:
        return {"user": request.user}
    token = request.session.get(VISITOR_KEY)
    if token is None and create:
        token = request.session[VISITOR_KEY] = secrets.token_hex(16)
    return {"visitor": token} if token else None


def progress_of(request, slug: str) -> Progress:
    """The learner's progress in ``slug``'s lesson, made at the first step if new."""
    progress, _ = Progress.objects.get_or_create(**owner(request, create=True), game=slug)
    return progress


def finished_any(request, slug: str) -> bool:
    """Whether this learner has done every step of ``slug``'s lesson."""
    who = owner(request, create=False)
    if who is None:
        return False
    row = Progress.objects.filter(**who, game=slug).first()
    return row is not None and all(s.key in row.stars for s in steps.lesson_of(slug).steps)


def position(progress: Progress):
    """The engine state the current step shows."""
    step = steps.lesson_of(progress.game).steps[progress.step]
    if progress.position is None:
        return steps.start(progress.game, step)
    return get_engine(progress.game).from_json(progress.position)


def play(progress: Progress, raw: str) -> steps.Tried:
    """Plays the learner's move (JSON text) at the current step: a refusal or a miss
    counts a try (a miss starts the step again), a done step earns its stars."""
    try:
        move = guard.loads(raw or "", max_bytes=settings.MAX_FRAME_BYTES, what="That move")
    except guard.BadJSON as error:
        return steps.Tried(None, "refused", str(error))
    if not isinstance(move, dict):
        return steps.Tried(None, "refused", gettext("That move must be a JSON object."))
    with transaction.atomic():
        row = Progress.objects.select_for_update().get(pk=progress.pk)
        lesson = steps.lesson_of(row.game)
        step = lesson.steps[row.step]
        if row.solved:
            return steps.Tried(None, "refused", gettext("This step is done: go on to the next."))
        tried, replied = steps.attempt(row.game, step, position(row), row.replied, move)
        if tried.result == "refused":
            row.tries += 1
        elif tried.result == "missed":
            row.tries += 1
            row.position, row.replied, row.moves = None, 0, 0
        else:
            row.position = get_engine(row.game).to_json(tried.state)
            row.replied, row.moves = replied, row.moves + 1
            if tried.result == "done":
                row.solved = True
                row.stars = {
                    **row.stars,
                    step.key: max(row.stars.get(step.key, 0), steps.stars(row.tries)),
                }
        row.save()
    progress.refresh_from_db()
    return tried


def go_to(progress: Progress, index: int) -> None:
    """Starts step ``index`` afresh (any step up to the first not yet done)."""
    lesson = steps.lesson_of(progress.game)
    done = [s.key in progress.stars for s in lesson.steps]
    reachable = done.index(False) if False in done else len(done) - 1
    if not 0 <= index <= reachable:
        raise ValueError(gettext("That step is not open yet."))
    Progress.objects.filter(pk=progress.pk).update(
        step=index, position=None, replied=0, moves=0, tries=1, solved=False
    )
    progress.refresh_from_db()
