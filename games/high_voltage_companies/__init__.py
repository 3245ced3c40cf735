"""High Voltage, power companies at the table: the rules engine (``games.rules.high_voltage_companies``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.high_voltage_companies import board
from games.registry import Game
from games.rules.high_voltage_companies.bot import KNOWLEDGE
from games.rules.high_voltage_companies.engine import ENGINE
from games.rules.high_voltage_companies.twin import twin

GAME = Game(
    engine=ENGINE,
    description=_(
        "Secretly run one of four power companies: reveal, turn and swap line cards to close "
        "power lines through your colour."
    ),
    board=board,
    reasons={
        "energy": _("as the energy chips ran out"),
        "cards": _("after the last card was placed"),
        "quiet": _("after a quiet round"),
    },
    has_script=True,
    lists_legal_moves=False,
    public_options=frozenset({"rotations", "first"}),
    twin=twin,
    bot=KNOWLEDGE,
    first_seat=None,  # a random seat starts (docs/rules.md §3.1)
    directory=Path(__file__).parent,
)
