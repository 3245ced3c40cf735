"""The lesson offered where a newcomer meets a game: the invite page (games.features
``page_context["join"]``), for a player who has never sat at this game nor done its
lesson."""

from __future__ import annotations

from django.urls import reverse

from games.models import Seat
from lessons import services


def join_page(request, match) -> dict:
    """``lesson_url`` for the invite page of ``match``, or nothing for a player who knows
    the game (a seat at it before, or its lesson done)."""
    user = request.user
    if user.is_authenticated and Seat.objects.filter(user=user, match__game=match.game).exists():
        return {}
    if services.finished_any(request, match.game):
        return {}
    return {"lesson_url": reverse("lessons:lesson", args=[match.game])}
