"""The msgids of the Jinja2 board fragments that take parameters.

A fragment says ``{{ _("Round %(round)s of %(rounds)s", round=…) }}``; Django's makemessages
reads Jinja files as Django templates and finds only ``_("…")`` without parameters, so the
parameterised ones are marked here (README, "Languages"). Nothing imports this module.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

FRAGMENT_WORDS = [
    # templates/jinja2/games/_replay.html
    gettext_noop("Position after move %(ply)s of %(last)s."),
    # games/hive/board.html
    gettext_noop("Round <strong>%(round)s</strong> of %(rounds)s"),
    gettext_noop("%(seat)s to move"),
    gettext_noop("%(seat)s must set the bee this move"),
    gettext_noop("%(seat)s: pieces in hand"),
    gettext_noop("%(left)s in hand"),
    gettext_noop("Hive board: round %(round)s of %(rounds)s"),
    ngettext_lazy("%(num)s move", "%(num)s moves", 1),
    ngettext_lazy(
        "Bee: <strong>%(num)s</strong> free field", "Bee: <strong>%(num)s</strong> free fields", 1
    ),
    # games/powerdrain/board.html
    gettext_noop("%(placed)s/16 placed"),
    gettext_noop("Place plug at %(at)s"),
    gettext_noop("Active plugs %(a)s : %(b)s · total voltage %(c)s : %(d)s"),
]
