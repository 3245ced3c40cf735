"""Triangulum at the table: the rules engine (``games.rules.triangulum``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.registry import Game
from games.rules.triangulum.bot import KNOWLEDGE
from games.rules.triangulum.engine import ENGINE
from games.rules.triangulum.twin import twin
from games.triangulum import board

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
    directory=Path(__file__).parent,
)
