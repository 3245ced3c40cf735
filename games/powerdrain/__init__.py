"""Powerdrain at the table: the rules engine (``games.rules.powerdrain``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.powerdrain import board
from games.registry import Game
from games.rules.powerdrain.bot import KNOWLEDGE
from games.rules.powerdrain.engine import ENGINE
from games.rules.powerdrain.twin import twin

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
    directory=Path(__file__).parent,
)
