"""Triangulum at the table: the rules engine (``games.triangulum.engine``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext_lazy

from games.declaration import Game
from games.triangulum import board
from games.triangulum.bot import KNOWLEDGE
from games.triangulum.engine import ENGINE
from games.triangulum.twin import twin

GAME = Game(
    engine=ENGINE,
    description=_(
        "Set points openly and in secret on a 46×29 grid, then close triangles of your own "
        "points for area, until the hidden points are revealed and spoil or save them."
    ),
    board=board,
    reasons={"parties": _("on match points")},
    has_script=True,
    lists_legal_moves=False,
    twin=twin,
    bot=KNOWLEDGE,
    separator=board.separator,
    clock_presets=((20, 10), (30, 15), (45, 20)),
    words=(
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
    ),
    directory=Path(__file__).parent,
)
