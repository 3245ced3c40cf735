"""High Voltage, 24×24 pylons at the table: the rules engine (``games.high_voltage.engine``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.declaration import Game
from games.high_voltage import board
from games.high_voltage.bot import KNOWLEDGE
from games.high_voltage.engine import ENGINE

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
    clock_presets=((10, 5), (15, 10), (25, 15)),
    words=(
        gettext_noop(
            "High Voltage field, 24 by 24: %(placed)s pylons, Blue span %(blue)s, Red span %(red)s"
        ),
        gettext_noop("%(placed)s/%(max)s pylons"),
        gettext_noop("%(seat)s: kept the field."),
    ),
    directory=Path(__file__).parent,
)
