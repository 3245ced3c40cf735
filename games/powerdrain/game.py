"""Powerdrain at the table: the rules engine (``games.powerdrain.engine``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.declaration import Game
from games.powerdrain import board
from games.powerdrain.bot import KNOWLEDGE
from games.powerdrain.engine import ENGINE
from games.powerdrain.twin import twin

GAME = Game(
    engine=ENGINE,
    description=_(
        "Place plugs on a charged 5×5 grid; touching plugs of the other polarity drain each other."
    ),
    board=board,
    reasons={"active plugs": _("on active plugs"), "voltage": _("on total voltage")},
    options=tuple(board.OPTIONS),
    public_options=frozenset({"rows", "cols", "draft"}),
    twin=twin,
    bot=KNOWLEDGE,
    clock_presets=((1, 0), (3, 2), (5, 3)),
    words=(
        gettext_noop("%(placed)s/16 placed"),
        gettext_noop("Place plug at %(at)s"),
        gettext_noop("Active plugs %(a)s : %(b)s · total voltage %(c)s : %(d)s"),
    ),
    directory=Path(__file__).parent,
)
