"""Filters that put the table's stored words into the viewer's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, gettext_noop

from games.clock_words import control_label as _control_label
from games.rules import LEAVE_NOTATION

register = template.Library()

#: The games' outcome keys (their engines' ``reason``), as the lists show them in brackets.
REASON_KEYS = (
    gettext_noop("active plugs"),
    gettext_noop("voltage"),
    gettext_noop("draw"),
    gettext_noop("connected"),
    gettext_noop("posts"),
    gettext_noop("energy"),
    gettext_noop("cards"),
    gettext_noop("quiet"),
    gettext_noop("bee surrounded"),
    gettext_noop("move limit"),
    gettext_noop("parties"),
)


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
    return gettext(reason) if reason in REASON_KEYS else reason
