"""The Swiss (docs/rules.md §8.3): a fixed number of rounds, each paired from the results so
far; players join and withdraw until half its rounds are played."""

from __future__ import annotations

from django.utils.translation import gettext

from games.clocks import TimeControl
from games.errors import Refused
from tournaments import formats, selectors
from tournaments.directors.base import refuse_round_days
from tournaments.directors.rounds import RoundsDirector
from tournaments.models import Entry, Tournament

MAX_ROUNDS = 20


def refuse_rounds(rounds: int) -> int:
    if not (type(rounds) is int and 1 <= rounds <= MAX_ROUNDS):
        raise Refused(gettext("A Swiss has 1 to %(most)d rounds.") % {"most": MAX_ROUNDS})
    return rounds


class Swiss(RoundsDirector):
    format = Tournament.Format.SWISS

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
        rounds = refuse_rounds(rounds)
        return {
            "rounds": rounds,
            "encounter": 2,
            "minutes": 0,
            "round_days": refuse_round_days(control, round_days),
        }

    def joinable_until(self, tournament: Tournament) -> int:
        """Until half its rounds are played (a late joiner gets half-point byes for the
        rounds they missed)."""
        return tournament.rounds // 2

    def refuses_return(self, tournament: Tournament, entry: Entry) -> str | None:
        if entry.missed >= 2:
            return gettext("You were withdrawn for missing two first moves.")
        return None

    def refuses_withdrawal(self, tournament: Tournament) -> str | None:
        if tournament.current_round > self.joinable_until(tournament):
            return gettext("Past half its rounds, nobody withdraws from a Swiss.")
        return None

    def recorded(self, entry: Entry, lost: bool, now: int) -> None:
        if lost and entry.missed >= 2:
            entry.withdrawn = True

    def plan(self, tournament: Tournament, number: int, entries: list[Entry]) -> formats.Pairing:
        return formats.swiss_pairing(
            selectors.entrants(tournament, entries),
            selectors.results(tournament),
            number,
            selectors.full_byes(tournament),
            table_size=tournament.table_size,
        )
