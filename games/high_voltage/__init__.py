"""High Voltage, 24×24 pylons at the table: the rules engine (``games.rules.high_voltage``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.high_voltage import board
from games.registry import Game
from games.rules.high_voltage.bot import KNOWLEDGE
from games.rules.high_voltage.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    description=_(
        "Set pylons on a 24×24 field; posts a knight's move apart link up unless another line "
        "is in the way. Join your two sides first."
    ),
    board=board,
    reasons={"connected": _("by connection"), "posts": _("on score after 200 pylons")},
    has_script=True,
    public_options=frozenset({"swamps"}),
    bot=KNOWLEDGE,
    directory=Path(__file__).parent,
)
