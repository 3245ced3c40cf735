"""HTTP side of a match: the page, the POST fallback for moves, resign and invites."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.models import Match
from games.registry import get_game
from games.rendering import board_html, cached_board_html


def match_page(request, match_id: int):
    match = get_object_or_404(Match.objects.with_players(), pk=match_id)
    seat = match.seat_of(request.user)
    context = {
        "match": match,
        "seat": seat,
        "board_html": cached_board_html(match, seat),
        "invite_url": request.build_absolute_uri(f"/m/join/{match.invite}/"),
        "board_css": get_game(match.game).stylesheet,
        "board_script": get_game(match.game).script,
        "sync_seconds": settings.SYNC_SECONDS,
    }
    return render(request, "games/match.html", context)


@require_POST
def move_post(request, match_id: int):
    """Plays a move when the WebSocket is down; answers with the mover's fresh fragment."""
    get_object_or_404(Match, pk=match_id)
    message = None
    try:
        services.move_play(
            match_id=match_id,
            user=request.user,
            ply=request.POST.get("ply"),
            move=request.POST.get("move"),
        )
    except services.Refused as error:
        message = str(error)
    match = Match.objects.get(pk=match_id)
    if request.htmx:
        return HttpResponse(board_html(match, match.seat_of(request.user), message))
    if message:
        messages.error(request, message)
    return redirect("games:match", match_id=match_id)


@require_POST
def resign(request, match_id: int):
    get_object_or_404(Match, pk=match_id)
    try:
        services.match_resign(match_id=match_id, user=request.user)
    except services.Refused as error:
        if request.htmx:
            match = get_object_or_404(Match, pk=match_id)
            return HttpResponse(board_html(match, match.seat_of(request.user), str(error)))
        messages.error(request, str(error))
    if request.htmx:
        return HttpResponse(status=204)  # the socket pushes the finished board to everyone
    return redirect("games:match", match_id=match_id)


def join(request, invite: str):
    """The invite link: sign in or pick a guest nickname, then take a seat."""
    match = get_object_or_404(Match.objects.with_players(), invite=invite)
    if not request.user.is_authenticated:
        return render(request, "games/join.html", {"match": match, "next": request.path})
    try:
        services.match_join(match_id=match.pk, user=request.user)
    except services.Refused as error:
        messages.info(request, str(error))
    return redirect("games:match", match_id=match.pk)


@require_POST
def join_open(request, match_id: int):
    """Joins an open match from the lobby list."""
    if not request.user.is_authenticated:
        return redirect(f"/accounts/guest/?next=/m/{match_id}/")
    try:
        services.match_join(match_id=match_id, user=request.user)
    except services.Refused as error:
        messages.error(request, str(error))
    return redirect("games:match", match_id=match_id)
