"""Hive, Software Challenge 2020 at the table: the rules engine (``games.rules.hive``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.hive import board
from games.registry import Game
from games.rules.hive.bot import KNOWLEDGE
from games.rules.hive.engine import ENGINE

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
    directory=Path(__file__).parent,
)
