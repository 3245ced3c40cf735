"""Challenges on the web: the form on a player's profile, the header bar every member's page
polls (``CHALLENGE_POLL_SECONDS``), a challenge's own page, and its buttons."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from challenges import selectors, services
from challenges.models import DECLINE_CHOICES, Challenge
from games.errors import Refused
from games.registry import GAMES, get_game
from lobby.forms import CreateMatchForm

#: An accepted challenge sends its challenger's open page to the match within this long.
OPEN_MATCH_WITHIN = timedelta(minutes=2)
#: A notice (declined, canceled, expired) goes by itself after this long, as seen.
NOTICE_SECONDS = 8


def _back(request, default: str) -> str:
    target = request.POST.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return default


def terms_from_form(data) -> dict:
    """The terms of a challenge from the profile's form, with the lobby's New match fields
    (game, players, seat, time control, ``opt_<name>`` options) plus rated and the computer
    level of the seats beyond two; Refused with the form's first error."""
    form = CreateMatchForm(data)
    if not form.is_valid() or form.cleaned_data["game"] not in GAMES:
        fields = ("players", "seat", "time_control")
        errors = [e for field in fields for e in form.errors.get(field, [])]
        raise Refused(errors[0] if errors else gettext("Choose a game to play."))
    slug = form.cleaned_data["game"]
    options = {
        option["name"]: True
        for option in get_game(slug).options
        if option.get("type") == "bool" and data.get(f"opt_{option['name']}")
    }
    return {
        "game": slug,
        "options": options,
        "players": form.cleaned_data["players"] or get_game(slug).engine.min_players,
        "seat": form.cleaned_data["seat"],
        "time_control": form.cleaned_data["time_control"],
        "rated": data.get("rated") == "1",
        "fill_level": data.get("level", "medium"),
    }


@login_required
@require_POST
def create(request, username: str):
    player = reverse("profile", args=[username])
    try:
        challenge = services.challenge_create(
            challenger=request.user, challenged=username, **terms_from_form(request.POST)
        )
    except Refused as error:
        messages.error(request, str(error))
        return redirect(player)
    messages.success(
        request,
        gettext("Challenge sent to %(name)s: it waits for their answer at the top of your pages.")
        % {"name": challenge.challenged.display_name},
    )
    return redirect(player)


def bar(request):
    """The header's challenges, polled: 204 (nothing to swap) while what it shows is the
    same as the page's (``v``); an accepted challenge of the asker's sends their page to the
    match (``HX-Redirect``), once."""
    user = request.user
    if not user.is_authenticated or user.is_guest:
        return HttpResponse(status=204)
    now = services.match_services.server_now()
    state = selectors.bar(user, now)
    if state.outgoing:
        services.page_open(user, now)
    if state.opened is not None:
        services.challenge_seen(challenge_id=state.opened.public_id, user=user)
        # Only a page open while it was accepted goes there: not one opened hours later
        # (the match is in "My matches" anyway).
        if state.opened.answered_at >= selectors.when(now) - OPEN_MATCH_WITHIN:
            response = HttpResponse(status=200)
            response["HX-Redirect"] = state.opened.match.get_absolute_url()
            return response
        state = selectors.bar(user, now)
    if request.GET.get("v") == state.digest():
        return HttpResponse(status=204)
    current = request.htmx.current_url_abs_path if request.htmx else None
    return render(request, "challenges/_bar.html", bar_context(state, current or "/"))


def bar_context(state: selectors.Bar, next_url: str) -> dict:
    return {
        "bar": state,
        "now": state.now,
        "next": next_url,
        "poll_seconds": settings.CHALLENGE_POLL_SECONDS,
        "notice_seconds": NOTICE_SECONDS,
        "reasons": DECLINE_CHOICES,
    }


def detail(request, challenge_id: str):
    """A challenge's own page (its ``url`` in the API): the terms and, to its two players,
    the buttons; once accepted, the match."""
    challenge = get_object_or_404(
        Challenge.objects.select_related("challenger", "challenged", "match"),
        public_id=challenge_id,
    )
    mine = request.user.is_authenticated and request.user.pk in (
        challenge.challenger_id,
        challenge.challenged_id,
    )
    if not mine:
        raise Http404("There is no such challenge.")
    if challenge.match is not None:
        return redirect(challenge.match)
    return render(
        request,
        "challenges/detail.html",
        {"c": challenge, "reasons": DECLINE_CHOICES, "next": request.get_full_path()},
    )


@login_required
@require_POST
def accept(request, challenge_id: str):
    try:
        match = services.challenge_accept(challenge_id=challenge_id, user=request.user)
    except Refused as error:
        messages.error(request, str(error))
        return redirect(_back(request, "/"))
    return redirect(match)


@login_required
@require_POST
def decline(request, challenge_id: str):
    try:
        services.challenge_decline(
            challenge_id=challenge_id,
            user=request.user,
            reason=request.POST.get("reason") or "generic",
        )
    except Refused as error:
        messages.error(request, str(error))
    return redirect(_back(request, "/"))


@login_required
@require_POST
def cancel(request, challenge_id: str):
    try:
        services.challenge_cancel(challenge_id=challenge_id, user=request.user)
    except Refused as error:
        messages.error(request, str(error))
    return redirect(_back(request, "/"))


@login_required
@require_POST
def seen(request, challenge_id: str):
    """The OK of a notice, or the notice going by itself (htmx: it is removed in place)."""
    services.challenge_seen(challenge_id=challenge_id, user=request.user)
    if request.htmx:
        return HttpResponse("")
    return redirect(_back(request, "/"))


@login_required
@require_POST
def accept_setting(request):
    """The profile's "Others may challenge me" setting."""
    try:
        services.accept_challenges_update(request.user, accept=request.POST.get("accept") == "1")
    except Refused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("Challenge setting saved."))
    return redirect("profile", username=request.user.username)
