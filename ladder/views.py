"""The ladder page of each game (standings, recent matches, the scheduler's queue; it
refreshes itself) and the program profile's toggle."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.errors import Refused
from games.registry import GAMES, get_game
from ladder import selectors, services


def index(request):
    return redirect("ladder:page", slug=next(iter(GAMES)))


def page(request, slug: str):
    if slug not in GAMES:
        raise Http404("No such game.")
    rows = selectors.standings(slug)
    return render(
        request,
        "ladder/page.html",
        {
            "slug": slug,
            "game": get_game(slug).name,
            "games": [(s, get_game(s).name) for s in GAMES],
            "rows": rows,
            "programs": any(row["entry"] for row in rows),
            "queue": selectors.queue(slug),
            "running": selectors.running(slug),
            "refresh_seconds": settings.LADDER_REFRESH_SECONDS,
            "per_day": settings.LADDER_MATCHES_PER_DAY,
            "picture": {"w": selectors.PICTURE_W, "h": selectors.PICTURE_H},
        },
    )


def _back(request):
    return redirect("profile", username=request.user.username)


@login_required
@require_POST
def join(request, slug: str):
    """The profile's toggle: the logged-in program's account joins ``slug``'s ladder."""
    try:
        services.ladder_join(user=request.user, game=slug, owner=request.POST.get("owner"))
    except Refused as refused:
        messages.error(request, str(refused))
    else:
        messages.info(
            request,
            gettext("On the ladder once its two check matches against Easy end cleanly."),
        )
    return _back(request)


@login_required
@require_POST
def leave(request, slug: str):
    try:
        services.ladder_leave(user=request.user, game=slug)
    except Refused as refused:
        messages.error(request, str(refused))
    return _back(request)
