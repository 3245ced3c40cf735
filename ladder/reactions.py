"""The ladder hears of matches: a reaction to ``events.match_finished`` (connected in
``LadderConfig.ready``). A ladder match that ended may pause a program that did not answer
in time, or end its checks."""

from __future__ import annotations

from games.models import Match
from ladder import services


def on_finished(match: Match, **_signal) -> None:
    services.match_over(match)
