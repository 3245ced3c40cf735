"""Lobby pages: the games, their rules, and creating a match."""

import secrets

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import guard, selectors, services
from games.registry import GAMES
from lobby import catalogue
from lobby.forms import CreateMatchForm
from ratings.selectors import nearest_level


def home(request):
    user = request.user
    # Live matches first: a match that starts between the two reads is then missing from
    # both lists until the next refresh, instead of shown in both.
    live = list(selectors.matches_live()[:20])
    started = {m.pk for m in live}
    waiting = [m for m in selectors.matches_open(exclude_user=user)[:20] if m.pk not in started]
    return render(
        request,
        "lobby/home.html",
        {
            "games": catalogue.games(),
            "open_matches": waiting,
            "live_matches": live,
            "my_matches": selectors.my_matches(user, now=services.server_now())
            if user.is_authenticated
            else [],
            "refresh_seconds": settings.LOBBY_REFRESH_SECONDS,
        },
    )


def rules(request, slug: str):
    if slug not in GAMES:
        raise Http404("No such game.")
    return render(
        request,
        "lobby/rules.html",
        {"game": catalogue.game(slug), "rules": catalogue.rules_html(slug)},
    )


@login_required
@require_POST
def create(request):
    form = CreateMatchForm(request.POST)
    if not form.is_valid() or form.cleaned_data["game"] not in GAMES:
        fields = ("players", "seat", "time_control", "opponent")
        errors = [e for field in fields for e in form.errors.get(field, [])]
        messages.error(request, errors[0] if errors else gettext("Choose a game to play."))
        return redirect("lobby:home")
    slug = form.cleaned_data["game"]
    game = catalogue.game(slug)
    options = {}
    for option in game["options"]:
        value = request.POST.get(f"opt_{option['name']}")
        if option["type"] == "bool" and value:
            options[option["name"]] = True
    custom = request.POST.get("options_json", "").strip()
    if custom:
        try:
            extra = guard.loads(
                custom, max_bytes=settings.MAX_OPTIONS_BYTES, what="The custom setup"
            )
        except guard.BadJSON as error:
            messages.error(request, str(error))
            return redirect("lobby:home")
        if not isinstance(extra, dict):
            messages.error(
                request, gettext('The custom setup must be a JSON object, e.g. {"draft": true}.')
            )
            return redirect("lobby:home")
        options.update(extra)
    players = form.cleaned_data["players"] or game["min_players"]
    if form.cleaned_data["opponent"] == "nearest":  # the level nearest the creator's rating
        form.cleaned_data["opponent"] = nearest_level(request.user, slug)
    seat = form.cleaned_data["seat"]
    if seat is None and form.cleaned_data["opponent"] != "people":
        seat = secrets.randbelow(players)  # against the computer: a random seat now
    bots = form.bots(players, seat)
    try:
        match = services.match_create(
            game=slug,
            creator=request.user,
            options=options,
            seat=seat,
            players=players,
            private=form.cleaned_data["private"],
            time_control=form.cleaned_data["time_control"],
            bots=bots,
            rated=form.cleaned_data["rated"],
        )
    except services.Refused as error:
        messages.error(request, str(error))
        return redirect("lobby:home")
    return redirect(match)


def history(request):
    """Finished matches, newest first, filterable by game and player, 25 a page; imported
    records (those their importer listed) only with ``?imported=1``."""
    game = request.GET.get("game", "")
    player = request.GET.get("player", "").strip()
    imported = request.GET.get("imported") == "1"
    matches = selectors.matches_finished(
        game=game if game in GAMES else None, player=player, imported=imported
    )
    page = Paginator(matches, 25).get_page(request.GET.get("page"))
    return render(
        request,
        "lobby/history.html",
        {
            "page": page,
            "games": catalogue.games(),
            "game": game,
            "unknown_game": game and game not in GAMES,
            "player": player,
            "imported": imported,
        },
    )


def watch(request):
    """Live matches with how many spectators are watching each."""
    return render(
        request,
        "lobby/watch.html",
        {
            "matches": selectors.matches_watchable()[:100],
            "refresh_seconds": settings.LOBBY_REFRESH_SECONDS,
        },
    )
