"""The club pages: the list, the create form, a club's page (members, join requests for its
leader, tournaments, leaderboard) and its buttons (join or ask, leave, accept, decline).
Thin: the services decide, the selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs import selectors, services
from games import services as match_services
from games.errors import Refused


def club_list(request):
    context = {"clubs": selectors.all_clubs()}
    if request.user.is_authenticated:
        context["mine"] = selectors.clubs_of(request.user)
    return render(request, "clubs/list.html", context)


@login_required
def club_new(request):
    values = request.POST.dict() if request.method == "POST" else {"open": "1"}
    if request.method == "POST":
        try:
            club = services.club_create(
                leader=request.user,
                name=values.get("name", ""),
                description=values.get("description", ""),
                open=values.get("open") == "1",
                now=match_services.server_now(),
            )
        except Refused as refused:
            messages.error(request, str(refused))
        else:
            return redirect(club.get_absolute_url())
    return render(request, "clubs/new.html", {"values": values})


def club_detail(request, slug: str):
    club = selectors.club(slug)
    if club is None:
        raise Http404
    user = request.user
    leads = user.is_authenticated and club.leader_id == user.pk
    context = {
        "club": club,
        "members": selectors.members(club),
        "tournaments": selectors.tournaments(club),
        "boards": selectors.leaderboard(club),
        "is_member": user.is_authenticated and selectors.is_member(club.pk, user),
        "has_requested": user.is_authenticated and selectors.has_requested(club, user),
        "leads": leads,
        "requests": selectors.requests(club) if leads else [],
    }
    return render(request, "clubs/detail.html", context)


def _act(request, slug: str, action, done: str | None = None):
    try:
        said = action(match_services.server_now())
    except Refused as refused:
        messages.error(request, str(refused))
    else:
        if said == "requested":
            messages.info(request, gettext("Your request waits for the club's leader."))
        elif done:
            messages.info(request, done)
    if selectors.club(slug) is None:
        raise Http404
    return redirect("clubs:detail", slug)


@login_required
@require_POST
def join(request, slug: str):
    return _act(
        request,
        slug,
        lambda now: services.club_join(
            slug=slug, user=request.user, message=request.POST.get("message", ""), now=now
        ),
    )


@login_required
@require_POST
def leave(request, slug: str):
    return _act(
        request, slug, lambda now: services.club_leave(slug=slug, user=request.user, now=now)
    )


@login_required
@require_POST
def accept(request, slug: str, username: str):
    return _act(
        request,
        slug,
        lambda now: services.request_accept(
            slug=slug, leader=request.user, username=username, now=now
        ),
        gettext("%(name)s is a member now.") % {"name": username},
    )


@login_required
@require_POST
def decline(request, slug: str, username: str):
    return _act(
        request,
        slug,
        lambda now: services.request_decline(
            slug=slug, leader=request.user, username=username, now=now
        ),
    )
