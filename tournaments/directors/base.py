"""What every director does, and what a format changes. A director holds no state: it is
handed the locked tournament (``tournaments.services`` holds the lock and announces after
commit) and the moment ``now`` in server milliseconds."""

from __future__ import annotations

from django.utils.translation import gettext

from games.clocks import TimeControl
from games.errors import Refused
from tournaments.models import Entry, Pairing, Tournament


def finish(tournament: Tournament, now: int) -> None:
    """``tournament`` is over: no step is due any more."""
    tournament.status = Tournament.Status.FINISHED
    tournament.next_step_at = None
    tournament.ends_at = min(tournament.ends_at or now, now)


class Director:
    format: str
    #: Whether a player may pause (and the API's withdraw is a pause while it runs).
    pauses = False

    def terms(
        self,
        *,
        rounds: int,
        encounter: int,
        minutes: int,
        control: TimeControl,
        round_days: int,
        table_size: int,
    ) -> dict:
        """The format's own terms of a new tournament, as its fields; Refused, saying why."""
        raise NotImplementedError

    def joinable_until(self, tournament: Tournament) -> int:
        """The last round a player may still join before (0: only before the start)."""
        return 0

    def takes_players(self, tournament: Tournament, now: int) -> bool:
        """Whether the running ``tournament`` takes new players at ``now``."""
        return tournament.current_round <= self.joinable_until(tournament)

    def refuses_return(self, tournament: Tournament, entry: Entry) -> str | None:
        """Why a withdrawn ``entry`` may not come back to the running ``tournament``."""
        return None

    def refuses_withdrawal(self, tournament: Tournament) -> str | None:
        """Why nobody may withdraw from the running ``tournament`` now."""
        return None

    def entering(self, tournament: Tournament, entry: Entry, now: int) -> None:
        """``entry`` (not saved yet) joins the running ``tournament``."""

    def joined(self, tournament: Tournament, now: int) -> list[Pairing]:
        """After a player joined the running ``tournament``: the pairings made."""
        return []

    def recorded(self, entry: Entry, lost: bool, now: int) -> None:
        """``entry``'s match ended (``lost``: by a missed first move); saved by the caller."""

    def start(self, tournament: Tournament, entries: list[Entry], now: int) -> None:
        """The format's part of the start, once ``entries`` are seeded and saved."""

    def terminate(self, tournament: Tournament, now: int) -> None:
        """Its creator ends ``tournament`` at once: nobody is paired any more."""
        finish(tournament, now)

    def step(self, tournament: Tournament, now: int) -> list[Pairing]:
        """The steps of the running ``tournament`` due at ``now``; the pairings made."""
        raise NotImplementedError


def refuse_round_days(control: TimeControl, round_days: int) -> int:
    """A correspondence round's days (0 in real time)."""
    if control.realtime:
        return 0
    if not (type(round_days) is int and 1 <= round_days <= 30):
        raise Refused(gettext("A correspondence round lasts 1 to 30 days."))
    return round_days
