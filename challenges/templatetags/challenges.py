"""The challenge parts of other pages: the header bar (every member's page) and the profile's
challenge form or setting."""

from __future__ import annotations

from django import template

from challenges import selectors, services
from challenges.views import bar_context
from games.bots.levels import LEVELS
from lobby import catalogue

register = template.Library()


@register.inclusion_tag("challenges/_bar.html", takes_context=True)
def challenge_bar(context):
    """The header's challenges, as the poll (``challenges.views.bar``) renders them later."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or user.is_guest:
        return {"bar": None}
    now = services.match_services.server_now()
    state = selectors.bar(user, now)
    if state.outgoing:
        services.page_open(user, now)
    return {**bar_context(state, request.get_full_path()), "request": request}


@register.inclusion_tag("challenges/_profile.html", takes_context=True)
def challenge_panel(context, player):
    """On ``player``'s profile: to another member, the form that challenges them (or why it
    cannot); to ``player`` themselves, the setting that lets others challenge them."""
    request = context.get("request")
    viewer = request.user
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "player": player,
        "viewer": viewer,
        "own": viewer == player,
        "games": catalogue.games() if viewer != player else [],
        "levels": LEVELS,
    }
