"""Sign up, guest entry (log in and out are Django's own views)."""

from django.contrib.auth import login
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from accounts.forms import GuestForm, SignupForm
from accounts.models import User
from accounts.services import NameTaken, guest_create
from games import selectors


def _next_url(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return "/"


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


def guest(request):
    """Plays as a guest: a nickname is enough (used by friends following an invite link)."""
    form = GuestForm(request.POST or None)
    if request.method == "POST" and guest_login(request, form):
        return redirect(_next_url(request))
    return render(request, "accounts/guest.html", {"form": form, "next": _next_url(request)})


def guest_login(request, form: GuestForm) -> bool:
    """Logs in a new guest from a valid ``form``; False (with the reason on the form) if not."""
    if not form.is_valid():
        return False
    try:
        user = guest_create(nickname=form.cleaned_data["nickname"])
    except NameTaken as error:
        form.add_error("nickname", str(error))
        return False
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return True


def profile(request, username: str):
    """A player's record per game and their recent matches."""
    player = get_object_or_404(User, username=username)
    stats = selectors.player_stats(player)
    totals = {k: sum(row[k] for row in stats) for k in ("played", "won", "lost", "drawn")}
    return render(
        request,
        "accounts/profile.html",
        {
            "player": player,
            "stats": stats,
            "totals": totals,
            "recent": selectors.matches_for_user(player).order_by("-created_at")[:15],
        },
    )
