"""Playing a lesson's steps on the real engine: each game's ``LESSON`` (its
``games/<package>/lesson.py``, pure data of ``games.teaching``), a step's position, and
what a learner's move does to it. No database: the services keep the progress."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext

from games.bots import choose_move
from games.registry import IllegalMove, all_games, get_engine, get_game
from games.teaching import Lesson, Step


@cache
def lesson_of(slug: str) -> Lesson:
    """The lesson of the game ``slug`` (KeyError for an unknown game); every declared game
    has one (tests/lessons/test_lessons.py)."""
    package = get_game(slug).directory.name
    return importlib.import_module(f"games.{package}.lesson").LESSON


def lessons() -> list[tuple[str, Lesson]]:
    """Every game's slug and lesson, in lobby order."""
    return [(game.slug, lesson_of(game.slug)) for game in all_games()]


def start(slug: str, step: Step):
    """The step's position: its setup, then its scripted line (each move checked)."""
    engine = get_engine(slug)
    state = engine.setup(step.players, step.seed, step.options)
    for seat, move in step.line:
        state = engine.apply(state, seat, move)
    return state


@dataclass(frozen=True)
class Tried:
    """What one learner move did: ``state`` the position after it (and the scripted
    replies), ``result`` one of "done", "on" (the task goes on), "missed" (a legal move
    that misses the task) or "refused" (the engine refused it; the position is unchanged),
    ``message`` the sentence saying why, in the active language."""

    state: object
    result: str
    message: str = ""


def attempt(slug: str, step: Step, state, replied: int, move) -> tuple[Tried, int]:
    """Plays the learner's ``move`` on ``state`` and then, while the learner is not to move,
    the replies the step scripts from ``replied`` on (then the Easy computer's, where the
    step says so); returns what it did and how many replies have been played."""
    engine = get_engine(slug)
    before = engine.view(state, step.seat)
    try:
        after_state = engine.apply(state, step.seat, move)
    except IllegalMove as error:
        return Tried(state, "refused", gettext(str(error))), replied
    after = engine.view(after_state, step.seat)
    reached = step.goal(before, move, after)
    if reached is False:
        return Tried(after_state, "missed", str(step.miss)), replied
    if reached:
        return Tried(after_state, "done"), replied
    while (movers := engine.to_move(after_state)) and step.seat not in movers:
        if replied < len(step.replies):
            seat, reply = step.replies[replied]
        elif step.easy:
            seat = movers[0]
            view = engine.view(after_state, seat)
            reply = choose_move(slug, view, seat, level="easy", seed=step.seed + replied)
        else:
            break
        after_state = engine.apply(after_state, seat, reply)
        replied += 1
    if step.seat not in engine.to_move(after_state):  # nothing left to do: the task failed
        return Tried(after_state, "missed", str(step.miss)), replied
    return Tried(after_state, "on"), replied


def stars(tries: int) -> int:
    """Stars for a step done at the ``tries``-th try: 3 at the first, 2 at the second, 1."""
    return max(1, 4 - tries)
