"""The msgids of the Jinja2 board fragments that take parameters.

A fragment says ``{{ _("Round %(round)s of %(rounds)s", round=…) }}``; Django's makemessages
reads Jinja files as Django templates and finds only ``_("…")`` without parameters, so the
parameterised ones are marked here, and each board's in its game's declaration (``Game.words``).
Nothing imports this module.
"""

from django.utils.translation import gettext_noop

FRAGMENT_WORDS = [
    # templates/jinja2/games/_replay.html
    gettext_noop("Position after move %(ply)s of %(last)s."),
]
