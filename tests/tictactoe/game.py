"""Tic-tac-toe at the table: the rules engine (``tests.tictactoe.engine``), its board and words."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.declaration import Game
from tests.tictactoe import board
from tests.tictactoe.bot import KNOWLEDGE
from tests.tictactoe.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    description=_("Three in a row on a 3×3 grid."),
    board=board,
    reasons={"three in a row": _("with three in a row"), "full board": _("on a full board")},
    bot=KNOWLEDGE,
    clock_presets=((1, 0),),
    words=(gettext_noop("%(seat)s marks"),),
    directory=Path(__file__).parent,
)
