"""HTTP side of a match: the page, the POST fallback for moves, resign and joining."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.forms import GuestForm
from accounts.guests import guest_login, rejoin_url
from config.throttle import MOVE_POSTS
from games import features, guard, presence, rematches, services
from games.clock_words import control_label
from games.computer import only_bots
from games.live.rematch_html import rematch_html
from games.live.rendering import board_html, cached_board_html
from games.models import Match
from games.registry import get_game


def match_id_of(public_id: str) -> int:
    """The match's internal id from its public one (404 when there is none)."""
    match_id = Match.objects.filter(public_id=public_id).values_list("pk", flat=True).first()
    if match_id is None:
        raise Http404("No such match.")
    return match_id


def old_link(request, match_id: int, rest: str = ""):
    """A link from before public ids (``/m/<number>/…``): an open match's page moved to its
    public id; a private match cannot be found by its number (404), nor can a counter
    find anything but open matches."""
    match = get_object_or_404(Match, pk=match_id, private=False)
    url = match.get_absolute_url() + rest
    if request.META.get("QUERY_STRING"):
        url += "?" + request.META["QUERY_STRING"]
    status = 302 if request.method in ("GET", "HEAD") else 307  # a POST stays a POST
    return HttpResponseRedirect(url, status=status)


def match_page(request, public_id: str):
    match = get_object_or_404(Match.objects.with_players(), public_id=public_id)
    seat = match.seat_of(request.user)
    context = {
        "match": match,
        "seat": seat,
        "board_html": cached_board_html(match, seat),
        # The invite is the key to a private match: shown to its players only.
        "invite_url": request.build_absolute_uri(reverse("games:join", args=[match.invite]))
        if seat is not None
        else None,
        # A guest's way back to this seat from another browser: shown to that guest only.
        "rejoin_url": rejoin_url(request) if seat is not None else None,
        "custom_options": custom_options(match),
        "origin": features.match_origin(match),
        # Shown once the match is over; a running one's page holds them until it ends.
        "finished_parts": features.finished_parts(request, match)
        if match.status != Match.Status.WAITING
        else [],
        "board_css": get_game(match.game).stylesheet,
        "board_script": get_game(match.game).script,
        "sync_seconds": settings.SYNC_SECONDS,
        "server_now": services.server_now(),
        "claim_ms": services.ABSENCE_MS,
        "bot_seats": _bot_seats(match, request.user),
        "presence_html": presence.presence_html(match.pk, match.public_id),
        "rematch_html": rematch_html(match.pk, request.user, oob=False),
        # A spectator of the computer against itself sets their own pace (static/js/pace.js).
        "watch_pace_ms": int(settings.BOT_PACE_SECONDS * 1000)
        if seat is None and match.status != Match.Status.FINISHED and only_bots(match)
        else None,
        **features.page_extras("match", request, match),
    }
    return render(request, "games/match.html", context)


def _bot_seats(match: Match, user) -> list[dict]:
    """The empty seats the match's creator may give to the computer, with their roles."""
    if match.status != Match.Status.WAITING or match.created_by_id != user.pk:
        return []
    roles = get_game(match.game).board.SEATS
    return [
        {"index": s.index, "role": gettext(roles[s.index]["name"])}
        for s in match.seat_list()
        if s.user_id is None
    ]


def presence_poll(request, public_id: str):
    """Who of the match's players has a page open (the match page asks every few seconds)."""
    return HttpResponse(presence.presence_html(match_id_of(public_id), public_id))


@require_POST
def seat_bot(request, public_id: str):
    """The creator gives an empty seat to the computer (power companies' 3rd and 4th seats)."""
    match_id = match_id_of(public_id)
    seat = guard.whole_number(request.POST.get("seat", ""), low=0, high=7)
    try:
        services.match_seat_bot(
            match_id=match_id,
            user=request.user if request.user.is_authenticated else None,
            seat=-1 if seat is None else seat,
            level=request.POST.get("level", ""),
        )
    except services.Refused as error:
        messages.error(request, str(error))
    return redirect("games:match", public_id=public_id)


def custom_options(match: Match) -> list[tuple[str, str]]:
    """The public options the match was set up with, as (name, JSON) for everyone to read.
    Services store no others (docs/rules.md §7.1); the filter keeps a hidden part written
    some other way (a shell, a fixture) off every page all the same."""
    public = get_game(match.game).public_options
    return [(n, json.dumps(v)) for n, v in sorted(match.options.items()) if n in public]


@require_POST
def move_post(request, public_id: str):
    """Plays a move when the WebSocket is down; answers with the mover's fresh fragment.

    Throttled per player (or address) like the socket's frames, so it is no way around them.
    """
    match_id = match_id_of(public_id)
    message, status = None, 200
    who = f"user:{request.user.pk}" if request.user.is_authenticated else client_address(request)
    if not MOVE_POSTS.take(who):
        message, status = "Too many moves: slow down a little.", 429
    else:
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
        return HttpResponse(board_html(match, match.seat_of(request.user), message), status=status)
    if message:
        messages.error(request, message)
    return redirect("games:match", public_id=public_id)


def client_address(request) -> str:
    return f"address:{request.META.get('REMOTE_ADDR', '')}"


@require_POST
def resign(request, public_id: str):
    match_id = match_id_of(public_id)
    try:
        services.match_resign(match_id=match_id, user=request.user)
    except services.Refused as error:
        if request.htmx:
            match = get_object_or_404(Match, pk=match_id)
            return HttpResponse(board_html(match, match.seat_of(request.user), str(error)))
        messages.error(request, str(error))
    if request.htmx:
        return HttpResponse(status=204)  # the socket pushes the finished board to everyone
    return redirect("games:match", public_id=public_id)


@require_POST
def rematch(request, public_id: str):
    """Offers a rematch, or accepts the one offered (games/rematches.py). Once everyone has
    accepted, the new match opens: this page goes there, the others by their sockets."""
    match_id = match_id_of(public_id)
    try:
        offer = rematches.rematch_offer(match_id=match_id, user=request.user)
    except services.Refused as error:
        return _rematch_refused(request, public_id, error)
    if offer.new_match_id is None:  # the offer waits for the others: its pages show it live
        if request.htmx:
            return HttpResponse(status=204)
        return redirect("games:match", public_id=public_id)
    url = offer.new_match.get_absolute_url()
    if request.htmx:
        return HttpResponse(headers={"HX-Redirect": url})
    return redirect(url)


@require_POST
def rematch_decline(request, public_id: str):
    """Declines the rematch offered (its maker: withdraws it)."""
    try:
        rematches.rematch_decline(match_id=match_id_of(public_id), user=request.user)
    except services.Refused as error:
        return _rematch_refused(request, public_id, error)
    if request.htmx:
        return HttpResponse(status=204)
    return redirect("games:match", public_id=public_id)


def _rematch_refused(request, public_id: str, error: Exception):
    if request.htmx:  # said under the match's buttons, where the player asked
        html = format_html('<p id="rematch-error" class="message" role="alert">{}</p>', str(error))
        headers = {"HX-Retarget": "#rematch-error", "HX-Reswap": "outerHTML"}
        return HttpResponse(html, headers=headers)
    messages.error(request, str(error))
    return redirect("games:match", public_id=public_id)


@require_POST
def cancel(request, public_id: str):
    match_id = match_id_of(public_id)
    try:
        services.match_cancel(match_id=match_id, user=request.user)
    except services.Refused as error:
        messages.error(request, str(error))
        return redirect("games:match", public_id=public_id)
    messages.info(request, gettext("The match is cancelled."))
    return redirect("lobby:home")


def join(request, invite: str):
    """The invite link: a page naming the match; joining is a POST from it, never this GET."""
    match = get_object_or_404(Match.objects.with_players(), invite=invite)
    return _join_page(request, match, invite)


def join_open(request, public_id: str):
    """The same page for an open match, reached from the lobby list (private ones: 404)."""
    match = get_object_or_404(Match.objects.with_players(), public_id=public_id, private=False)
    return _join_page(request, match, None)


def _join_page(request, match: Match, invite: str | None):
    """GET shows the game, players, seats, privacy and custom setup; POST takes a seat (a
    visitor without an account gives a nickname in the same form and plays as a guest).

    A full or finished match says so before anyone is asked for a nickname.
    """
    if match.seat_of(request.user) is not None:
        return redirect(match)
    form = GuestForm(request.POST or None) if not request.user.is_authenticated else None
    error = None
    joinable = request.method == "POST" and match.status == Match.Status.WAITING
    if joinable and (form is None or guest_login(request, form)):
        try:
            services.match_join(match_id=match.pk, user=request.user, invite=invite)
        except services.Refused as refused:
            error = str(refused)
        else:
            return redirect(match)
    match = Match.objects.with_players().get(pk=match.pk)  # seats may have changed meanwhile
    context = {
        "match": match,
        "seats": match.seat_list(),
        "custom_options": custom_options(match),
        "time_control": control_label(match.control),
        "form": form,
        "error": error,
        "next": request.path,
        **features.page_extras("join", request, match),
    }
    return render(request, "games/join.html", context, status=400 if error else 200)
