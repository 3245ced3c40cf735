"""A guest's entry from the nickname form and their way back (the rejoin link): used by the
accounts' pages and by a match's page, which lets a visitor join as a guest. Apart from the
views so the match page reaches neither the account pages nor what they list (API tokens)."""

from __future__ import annotations

from django.contrib.auth import login
from django.urls import reverse

from accounts import services
from accounts.forms import GuestForm

BACKEND = "django.contrib.auth.backends.ModelBackend"


def guest_login(request, form: GuestForm) -> bool:
    """Logs in a new guest from a valid ``form``; False (with the reason on the form) if not."""
    if not form.is_valid():
        return False
    try:
        user = services.guest_create(nickname=form.cleaned_data["nickname"])
    except services.NameTaken as error:
        form.add_error("nickname", str(error))
        return False
    login(request, user, backend=BACKEND)
    return True


def rejoin_url(request) -> str | None:
    """The logged-in guest's own rejoin link (None for anyone else): shown only to them."""
    if not request.user.is_authenticated or not request.user.is_guest:
        return None
    key = services.rejoin_key(request.user)
    return request.build_absolute_uri(reverse("rejoin", args=[key]))
