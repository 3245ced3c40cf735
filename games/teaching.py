"""What a game's lesson is made of (``games/<package>/lesson.py`` declares ``LESSON``): pure
data the lessons app plays, so a game teaches itself without knowing that app. A step is
a position (the setup's options and a scripted line of moves), one sentence of rule, a
task and its check; the check reads only the learner's own view, as the board does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: ``goal(before, move, after)`` on the learner's views around one of their moves: True
#: when the task is done, None when the move is fine but the task goes on (a turn of
#: several moves), False when it misses the task (the step is tried again).
Goal = Callable[[dict, dict, dict], bool | None]


@dataclass(frozen=True)
class Step:
    """One position with one task.

    - ``key``: stable name (progress and tests refer to it).
    - ``teaches``: the docs/rules.md sections of the game it teaches (a test holds that
      every section has a step).
    - ``rule``, ``task``, ``miss``: the rule in one sentence, what to do, and why a legal
      move that does not do it misses (``gettext_lazy``).
    - ``options``, ``seed``, ``players``: the engine's setup; ``line``: scripted
      ``(seat, move)`` pairs played from it before the learner moves; ``seat``: the
      learner's.
    - ``replies``: the other seats' scripted ``(seat, move)`` pairs, played in order
      whenever the learner is not to move during the step; ``easy``: when they run out, the
      Easy computer answers (seeded by the step, so its answers are the same every time).
    - ``solution``: the learner's moves that do the task (the tests play them); ``wrong``:
      a move the board offers that misses it, or that the engine refuses.
    - ``secret``: the step shows what this seat knows and the others cannot see.
    """

    key: str
    teaches: tuple[str, ...]
    rule: str
    task: str
    miss: str
    goal: Goal
    solution: tuple[dict, ...]
    wrong: dict | None = None
    options: dict | None = None
    seed: int = 1
    players: int = 2
    line: tuple[tuple[int, dict], ...] = ()
    seat: int = 0
    replies: tuple[tuple[int, dict], ...] = ()
    easy: bool = False
    secret: bool = False


@dataclass(frozen=True)
class Lesson:
    """A game's lesson, in Board Game Arena's order: the theme and goal first (``intro``),
    then the steps from general to specific, a strategy tip last (``tip``)."""

    intro: str
    steps: tuple[Step, ...]
    tip: str
    #: Engine refusals the steps may meet, marked (``gettext_noop``) so they read in German.
    refusals: tuple[str, ...] = ()
