"""High Voltage, power companies at the table: the rules engine (``games.high_voltage_companies.engine``) and its board."""

from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext_lazy

from games.declaration import Game
from games.high_voltage_companies import board
from games.high_voltage_companies.bot import KNOWLEDGE
from games.high_voltage_companies.engine import ENGINE
from games.high_voltage_companies.twin import twin

GAME = Game(
    engine=ENGINE,
    title=_("High Voltage — power companies"),
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
    clock_presets=((10, 5), (15, 10), (25, 15)),
    words=(
        gettext_noop("Yellow"),
        gettext_noop("Green"),
        gettext_noop("%(company)s company track"),
        gettext_noop("%(company)s company: %(points)s points"),
        ngettext_lazy(
            "You closed %(num)s power line: declare to score it.",
            "You closed %(num)s power lines: declare to score them.",
            1,
        ),
        gettext_noop("Declare %(from)s → %(to)s"),
        gettext_noop("%(cards)s cards"),
        ngettext_lazy("%(num)s point chip", "%(num)s point chips", 1),
        gettext_noop("%(name)s revealed a card and is placing it."),
        gettext_noop("%(name)s may declare lines or end the turn."),
        gettext_noop("%(name)s is choosing an action."),
        gettext_noop("The game ended because %(reason)s."),
        ngettext_lazy("%(num)s action chip left", "%(num)s action chips left", 1),
    ),
    directory=Path(__file__).parent,
)
