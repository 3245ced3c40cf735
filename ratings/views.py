"""The leaderboards: one per game, players by what their rating is sure of (docs/rules.md
§7.6)."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext_noop

from games.registry import GAMES
from ratings import selectors

WHO = {
    "all": gettext_noop("Everybody"),
    "people": gettext_noop("People"),
    "programs": gettext_noop("Programs"),
}


def index(request):
    return redirect("ratings:leaderboard", slug=next(iter(GAMES)))


def leaderboard(request, slug: str):
    if slug not in GAMES:
        raise Http404("No such game.")
    who = request.GET.get("who", "all")
    if who not in WHO:
        who = "all"
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "slug": slug,
            "game": selectors.game_name(slug),
            "games": [(s, selectors.game_name(s)) for s in GAMES],
            "who": who,
            "choices": WHO.items(),
            "rows": selectors.leaderboard(slug, who),
            "unsettled": selectors.unsettled(slug, who),
            "min_games": selectors.LEADERBOARD_GAMES,
            "min_opponents": selectors.LEADERBOARD_OPPONENTS,
        },
    )
