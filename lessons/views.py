"""The lessons' pages: every game's lesson with the learner's stars, one lesson on the
real board, a move (answered with the new board and panel), going to a step."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from config.throttle import MOVE_POSTS
from games.registry import GAMES, get_game
from lessons import rendering, services, steps
from lessons.models import Progress


def _game(slug: str):
    if slug not in GAMES:
        raise Http404("No such game.")
    return get_game(slug)


def index(request):
    """Every game's lesson and the learner's stars in it."""
    who = services.owner(request, create=False)
    rows = {p.game: p for p in Progress.objects.filter(**who)} if who else {}
    games = []
    for slug, lesson in steps.lessons():
        game, progress = get_game(slug), rows.get(slug)
        stars = sum(progress.stars.values()) if progress else 0
        done = len(progress.stars) if progress else 0
        games.append(
            {
                "game": game,
                "steps": len(lesson.steps),
                "done": done,
                "stars": stars,
                "intro": lesson.intro,
            }
        )
    return render(request, "lessons/index.html", {"games": games})


def lesson(request, slug: str):
    game = _game(slug)
    progress = services.progress_of(request, slug)
    context = rendering.live_context(progress)
    return render(
        request,
        "lessons/lesson.html",
        {**context, "game": game, "board_css": game.stylesheet, "board_script": game.script},
    )


@require_POST
def move(request, slug: str):
    """Plays the learner's move; htmx gets the new board and panel, a plain form a redirect."""
    _game(slug)
    progress = services.progress_of(request, slug)
    who = f"user:{request.user.pk}" if request.user.is_authenticated else progress.visitor
    if not MOVE_POSTS.take(f"lesson:{who}"):  # the match's budget of posted moves
        message, status = gettext("Too many moves: slow down a little."), 429
    else:
        message, status = services.play(progress, request.POST.get("move", "")).message, 200
    if not request.htmx:
        return redirect("lessons:lesson", slug=slug)
    return HttpResponse(rendering.live_html(request, progress, message), status=status)


@require_POST
def step(request, slug: str, index: int):
    """Starts step ``index`` of the lesson afresh (again, or the next one)."""
    _game(slug)
    progress = services.progress_of(request, slug)
    try:
        services.go_to(progress, index)
    except ValueError as error:  # a step not open yet: the lesson stays where it is
        messages.error(request, str(error))
    return redirect("lessons:lesson", slug=slug)
