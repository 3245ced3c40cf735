"""Filters that put the table's stored words into the viewer's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from games.clock_words import control_label as _control_label
from games.rules import LEAVE_NOTATION

register = template.Library()


@register.filter
def control_label(control) -> str:
    """A match's or challenge's time control in words ("3 days per turn")."""
    return _control_label(control)


@register.filter
def reason_text(reason: str, game: str) -> str:
    """An outcome reason as the lists show it: a leave as the move list says it ("resigned"),
    a game's own reason by its short key ("active plugs"; the result line of the board words
    it in full)."""
    if reason in LEAVE_NOTATION:
        return gettext(LEAVE_NOTATION[reason])
    return reason
