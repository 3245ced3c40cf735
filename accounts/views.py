"""Sign up, guest entry, a guest's way back and into an account, log out, email settings
(log in is Django's own view)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts import services, tasks
from accounts.forms import EmailSettingsForm, GuestForm, SignupForm
from accounts.guests import BACKEND, guest_login, rejoin_url
from accounts.models import User
from api.tokens import tokens_of
from config.throttle import Limit
from games import selectors

# Verification mails per member and per address an hour: asking for them relays nothing.
VERIFY_MAILS = Limit("verify-mail", lambda: 3, lambda: 3600)
SIGNUPS = Limit("signup", lambda: settings.SIGNUPS_PER_ADDRESS_PER_HOUR, lambda: 3600)


def ask_to_verify(request, user: User) -> None:
    """Enqueues the mail with the link that verifies ``user``'s address (the worker sends it),
    and says so; or says why not."""
    if not user.email or user.email_verified:
        return
    keys = (f"user:{user.pk}", f"email:{user.email.lower()}")
    within = [VERIFY_MAILS.take(key) for key in keys]  # each key counts this one
    if not all(within):
        messages.error(
            request, gettext("Too many verification emails: please try again in an hour.")
        )
        return
    tasks.verification_mail(user.pk, user.email)
    messages.info(
        request,
        gettext("We sent a link to %(email)s: open it to get turn emails there.")
        % {"email": user.email},
    )


def _next_url(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return "/"


def made_here(request, form) -> bool:
    """Counts one account made from the request's address; False, with the reason on the
    ``form``, when the address made ``SIGNUPS_PER_ADDRESS_PER_HOUR`` this hour already (a
    second account is how a rating is farmed)."""
    if SIGNUPS.take(request.META.get("REMOTE_ADDR", "") or "unknown"):
        return True
    form.add_error(
        None, gettext("Too many accounts were made from your address this hour: try again later.")
    )
    return False


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and made_here(request, form):
        user = form.save()
        login(request, user, backend=BACKEND)
        ask_to_verify(request, user)
        return redirect(_next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


def guest(request):
    """Plays as a guest: a nickname is enough (used by friends following an invite link)."""
    form = GuestForm(request.POST or None)
    if request.method == "POST" and guest_login(request, form):
        return redirect(_next_url(request))
    return render(request, "accounts/guest.html", {"form": form, "next": _next_url(request)})


def rejoin(request, key: str):
    """A guest's way back: GET asks, only the POST logs in, so a link another site shows
    (or loads) cannot log a visitor in as someone else."""
    guest = services.guest_for_rejoin_key(key)
    if guest is None:
        raise Http404("This rejoin link is not valid.")
    if request.method == "POST":
        login(request, guest, backend=BACKEND)
        running = selectors.matches_for_user(guest).filter(status__in=services.RUNNING)
        latest = running.order_by("-created_at").first()
        if latest is not None:
            return redirect(latest)
        return redirect("profile", username=guest.username)
    context = {"guest": guest, "running": services.running_match_count(guest)}
    return render(request, "accounts/rejoin.html", context)


@login_required
def make_account(request):
    """Turns the logged-in guest into a member with a username and password."""
    if not request.user.is_guest:
        return redirect("profile", username=request.user.username)
    form = SignupForm(request.POST or None, guest=request.user)
    if request.method == "POST" and form.is_valid() and made_here(request, form):
        user = services.guest_make_member(
            request.user,
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data["email"],
        )
        update_session_auth_hash(request, user)  # the new password must not log them out
        messages.success(request, gettext("Your account is ready; your matches are kept."))
        ask_to_verify(request, user)
        return redirect("profile", username=user.username)
    return render(request, "accounts/make_account.html", {"form": form})


class LogoutView(auth_views.LogoutView):
    """GET asks first: a guest learns how many running matches they would leave and gets
    their rejoin link; only the POST logs out (Django's own)."""

    http_method_names = ["get", "post", "options"]

    def get(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect("lobby:home")
        context = {
            "running": services.running_match_count(request.user),
            "rejoin_url": rejoin_url(request),
        }
        return render(request, "accounts/logout.html", context)


def profile(request, username: str):
    """A player's record per game and their recent matches; to themselves also their
    settings (or, for a guest, their rejoin link and the way to an account)."""
    return _profile(request, get_object_or_404(User, username=username))


@login_required
@require_POST
def email_settings(request):
    """Stores the email address and the correspondence-email opt-out from the profile page."""
    form = EmailSettingsForm(request.POST)
    before = request.user.email
    if form.is_valid():
        try:
            services.email_settings_update(
                request.user,
                email=form.cleaned_data["email"],
                notices=form.cleaned_data["email_notices"],
            )
        except services.NotAllowed as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, gettext("Email settings saved."))
            if request.user.email != before:
                ask_to_verify(request, request.user)
            return redirect("profile", username=request.user.username)
    return _profile(request, request.user, settings_form=form, status=400)


@login_required
@require_POST
def email_verify_resend(request):
    """Sends the verification link of the member's unverified address again."""
    ask_to_verify(request, request.user)
    return redirect("profile", username=request.user.username)


def email_verify(request, token: str):
    """The link of a verification mail: GET asks, only the POST verifies, so a mail
    scanner that follows links proves nothing in its owner's stead."""
    if request.method == "POST":
        user = services.verify_email(token)
        if user is None:
            return render(request, "accounts/verify_email.html", {"invalid": True}, status=400)
        messages.success(
            request,
            gettext("%(email)s is verified: turn emails go there now.") % {"email": user.email},
        )
        if request.user == user:
            return redirect("profile", username=user.username)
        return redirect("lobby:home")
    return render(request, "accounts/verify_email.html", {"invalid": False})


def _profile(request, player: User, settings_form=None, status=200):
    own = request.user == player
    if own and settings_form is None and not player.is_guest:
        initial = {"email": player.email, "email_notices": player.email_notices}
        settings_form = EmailSettingsForm(initial=initial)
    stats = selectors.player_stats(player, seen_by=request.user)
    totals = selectors.stats_totals(stats)
    # A private match is listed only to its own players (this one and their opponents).
    recent = selectors.matches_for_user(player, seen_by=request.user)
    recent = list(recent.order_by("-created_at")[:15])
    for match in recent:  # the rows say how each ended for this player
        match.owner_result = match.result_for(player)
    context = {
        "player": player,
        "own": own,
        "settings_form": settings_form,
        "rejoin_url": rejoin_url(request) if own else None,
        "stats": stats,
        "totals": totals,
        "recent": recent,
        # A member's own API tokens (docs/api.md): names, made, last used, revoked.
        "api_tokens": tokens_of(player) if own and not player.is_guest else None,
    }
    return render(request, "accounts/profile.html", context, status=status)
