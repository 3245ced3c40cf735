"""Time controls in the viewer's language: ``games.clocks`` is a pure module (no Django), so
its labels are put into words here, where pages and fragments render them."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.clocks import TimeControl


def control_label(control: TimeControl) -> str:
    """``TimeControl.label`` in the active language: "5 min + 3 s", "3 days per turn",
    "Untimed"."""
    if control.kind == "fischer":
        return gettext("%(minutes)d min + %(seconds)d s") % {
            "minutes": control.base_ms // 60_000,
            "seconds": control.increment_ms // 1000,
        }
    if control.kind == "days":
        return ngettext("%(count)d day per turn", "%(count)d days per turn", control.days) % {
            "count": control.days
        }
    return gettext("Untimed")
