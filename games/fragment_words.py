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
    # games/high_voltage/board.html
    gettext_noop(
        "High Voltage field, 24 by 24: %(placed)s pylons, Blue span %(blue)s, Red span %(red)s"
    ),
    gettext_noop("%(placed)s/%(max)s pylons"),
    gettext_noop("%(seat)s: kept the field."),
    # games/high_voltage_companies/board.html
    gettext_noop("Yellow"),
    gettext_noop("Green"),
    gettext_noop("%(company)s company track"),
    gettext_noop("%(company)s company: %(points)s points"),
    ngettext_lazy(
        "You closed %(num)s power line: declare to score it.",
        "You closed %(num)s power lines: declare to score them.",
        1,
    ),
    gettext_noop("Declare %(from)s → %(to)s"),
    gettext_noop("%(cards)s cards"),
    ngettext_lazy("%(num)s point chip", "%(num)s point chips", 1),
    gettext_noop("%(name)s revealed a card and is placing it."),
    gettext_noop("%(name)s may declare lines or end the turn."),
    gettext_noop("%(name)s is choosing an action."),
    gettext_noop("The game ended because %(reason)s."),
    ngettext_lazy("%(num)s action chip left", "%(num)s action chips left", 1),
    # games/triangulum/board.html
    gettext_noop("%(seat)s starts"),
    gettext_noop("Round %(round)s · turn %(turn)s/%(turns)s"),
    gettext_noop("%(seat)s area towards %(target)s"),
    ngettext_lazy("secret", "secrets", 1),
    gettext_noop("Part %(part)s is over (%(reason)s): Blue %(blue)s : Red %(red)s"),
    gettext_noop("%(seat)s scores %(points)s"),
    gettext_noop("Part %(part)s begins, %(seat)s starts."),
    gettext_noop("Match over after %(parts)s parts — Blue %(blue)s : Red %(red)s."),
    gettext_noop("Triangulum board, part %(part)s: Blue area %(blue)s, Red area %(red)s"),
    gettext_noop("%(seat)s started"),
    ngettext_lazy("%(num)s turn", "%(num)s turns", 1),
]
