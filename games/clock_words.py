"""Time controls in the viewer's language: ``games.clocks`` is a pure module (no Django), so
its labels are put into words here, where pages and fragments render them."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext

from games import clocks
from games.clocks import BadTimeControl, TimeControl
from games.errors import Refused

#: ``games.clocks``'s refusals, marked for the catalogue.
ERRORS = (
    gettext_noop("Correspondence gives %(days)s days per turn."),
    gettext_noop('A time control is "none", "5+3" (minutes + seconds) or "3d".'),
    gettext_noop(
        "Clocks start at 1 to %(minutes)s minutes, with at most %(seconds)s seconds added per turn."
    ),
    gettext_noop("The table does not offer that time control."),
)


def error_words(error: BadTimeControl) -> str:
    """A refused time control in the active language (one the catalogue does not know, as
    written)."""
    words = gettext(error.words)
    return words % error.params if error.params else words


def offered(control: TimeControl | None) -> TimeControl:
    """``control`` (None: untimed) when the table offers it, else Refused in the active
    language: what a challenge or a tournament may ask for."""
    control = control or TimeControl()
    try:
        if TimeControl.parse(control.code()) != control:
            raise BadTimeControl("The table does not offer that time control.")
    except BadTimeControl as error:
        raise Refused(error_words(error)) from None
    return control


def clock_text(ms: int) -> str:
    """``clocks.clock_text`` in the active language: "2 d 5 h" past a day."""
    seconds = max(0, ms) // 1000
    if seconds >= 86_400:
        return gettext("%(days)s d %(hours)s h") % {
            "days": seconds // 86_400,
            "hours": seconds % 86_400 // 3600,
        }
    return clocks.clock_text(ms)


def control_label(control: TimeControl) -> str:
    """``TimeControl.label`` in the active language: "5 min + 3 s", "3 days per turn",
    "Untimed". A Fischer control's spaces do not break: a line never ends inside it ("3 min"
    over "+ 2 s" on a phone's tournament page)."""
    if control.kind == "fischer":
        said = gettext("%(minutes)d min + %(seconds)d s") % {
            "minutes": control.base_ms // 60_000,
            "seconds": control.increment_ms // 1000,
        }
        return said.replace(" ", "\u00a0")
    if control.kind == "days":
        return ngettext("%(count)d day per turn", "%(count)d days per turn", control.days) % {
            "count": control.days
        }
    return gettext("Untimed")
