"""A member's API tokens on their profile page: make one (shown once), revoke one; a program's
choice of public hints."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from api.services import public_hints_update
from api.tokens import TokenRefused, token_create, token_revoke


@login_required
@require_POST
def token_new(request):
    """Makes a token and shows it on a page of its own, this once: it is stored hashed, and
    never put in a message (messages may travel in a cookie)."""
    try:
        token, plain = token_create(request.user, request.POST.get("name", ""))
    except TokenRefused as refused:
        messages.error(request, str(refused))
        return redirect("profile", username=request.user.username)
    response = render(request, "api/token_created.html", {"token": token, "plain": plain})
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_remove(request, token_id: int):
    if token_revoke(request.user, token_id):
        messages.info(request, gettext("The token is revoked: it works no more."))
    return redirect("profile", username=request.user.username)


@login_required
@require_POST
def hints_setting(request):
    """A program's hints shown to everyone on its finished matches, or to its owner only."""
    public_hints_update(request.user, public=request.POST.get("public") == "1")
    return redirect("profile", username=request.user.username)
