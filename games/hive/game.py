"""Hive, Software Challenge 2020 at the table: the rules engine (``games.hive.engine``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext_lazy

from games.declaration import Game
from games.hive import board
from games.hive.bot import KNOWLEDGE
from games.hive.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    description=_(
        "Set and move insects on a hexagonal board with bramble-blocked fields; "
        "surround the opposing bee before 30 moves each run out."
    ),
    board=board,
    reasons={
        "bee surrounded": _("by surrounding the bee"),
        "move limit": _("on free fields around the bees"),
    },
    public_options=frozenset({"blocked"}),
    bot=KNOWLEDGE,
    clock_presets=((5, 3), (10, 5), (15, 10)),
    words=(
        gettext_noop("Round <strong>%(round)s</strong> of %(rounds)s"),
        gettext_noop("%(seat)s to move"),
        gettext_noop("%(seat)s must set the bee this move"),
        gettext_noop("%(seat)s: pieces in hand"),
        gettext_noop("%(left)s in hand"),
        gettext_noop("Hive board: round %(round)s of %(rounds)s"),
        ngettext_lazy("%(num)s move", "%(num)s moves", 1),
        ngettext_lazy(
            "Bee: <strong>%(num)s</strong> free field",
            "Bee: <strong>%(num)s</strong> free fields",
            1,
        ),
    ),
    directory=Path(__file__).parent,
)
