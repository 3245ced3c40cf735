"""The lesson's board: the game's own SVG (``games.live.rendering.game_board_html``) laid out
from the learner's seat view with the moves play offers, in the match page's ``#board``
wrapper, so the match page's script (static/js/match.js) and the board's own script turn
clicks and keys into moves exactly as in a match."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from games import boards
from games.live.rendering import game_board_html
from games.registry import get_engine, get_game
from lessons import services, steps
from lessons.models import Progress


def live_context(progress: Progress, message: str = "") -> dict:
    """What ``lessons/_board.html`` (``#board`` for the learner's current step, with
    ``message`` above it: why a move was refused or missed the task) and
    ``lessons/_panel.html`` (the step's rule and task, the steps' stars) show."""
    game, engine = get_game(progress.game), get_engine(progress.game)
    lesson = steps.lesson_of(progress.game)
    step = lesson.steps[progress.step]
    state = services.position(progress)
    seat = step.seat
    view = engine.view(state, seat)
    if progress.solved:  # the task is done: the board shows it, and offers nothing more
        view = {**view, "to_move": []}
    moving = seat in view["to_move"]
    legal = list(engine.legal_moves(state, seat)) if moving and game.lists_legal_moves else []
    layout = game.board
    seats = [
        {
            "index": i,
            "name": gettext("You") if i == seat else gettext("Opponent"),
            "role": gettext(layout.SEATS[i]["name"]),
            "colour": layout.SEATS[i]["colour"],
            "score": view["scores"][i] if view.get("scores") else None,
            "to_move": i in view["to_move"],
            "you": i == seat,
            "left": None,
        }
        for i in range(step.players)
    ]
    language = translation.get_language()
    with boards.laid_out_in(language):
        public_layout = getattr(layout, "public_layout", None)
        if public_layout is None:
            board = layout.context(view, seat, legal)
        else:
            board = layout.context(view, seat, legal, public_layout(engine.view(state, None)))
    html = game_board_html(progress.game, view, board, seats, None)
    done = [s.key in progress.stars for s in lesson.steps]
    return {
        "slug": progress.game,
        "game_html": html,
        "moving": moving,
        "message": message,
        "progress": progress,
        "lesson": lesson,
        "step": step,
        "number": progress.step + 1,
        "rows": [
            {
                "index": i,
                "key": s.key,
                "stars": progress.stars.get(s.key, 0),
                "open": i == 0 or done[i - 1] or done[i],
                "current": i == progress.step,
            }
            for i, s in enumerate(lesson.steps)
        ],
        "last": progress.step == len(lesson.steps) - 1,
        "finished": all(done),
        "stars": progress.stars.get(step.key, 0),
    }


def live_html(request, progress: Progress, message: str = "") -> str:
    """The answer to a move: the new board, and the step's panel and the list of steps (their
    forms with the request's CSRF token) swapped in out of band."""
    context = live_context(progress, message)
    board = render_to_string("lessons/_board.html", context, request)
    oob = {**context, "oob": True}
    panel = render_to_string("lessons/_panel.html", oob, request)
    return board + panel + render_to_string("lessons/_steps.html", oob, request)
