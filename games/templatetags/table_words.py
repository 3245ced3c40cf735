"""Filters that put the table's stored words into the viewer's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from games.clock_words import control_label as _control_label
from games.registry import get_game
from games.rules import LEAVE_NOTATION

register = template.Library()


@register.filter
def control_label(control) -> str:
    """A match's or challenge's time control in words ("3 days per turn")."""
    return _control_label(control)


@register.filter
def reason_text(reason: str, game: str) -> str:
    """An outcome reason as the lists show it: a leave as the move list says it ("resigned"),
    a game's own reason as the game words it ("by connection")."""
    if reason in LEAVE_NOTATION:
        return gettext(LEAVE_NOTATION[reason])
    try:
        return get_game(game).reason_text(reason)
    except KeyError:
        return reason
