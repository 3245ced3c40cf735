"""The round robin (docs/rules.md §8.2): everyone meets everyone on a schedule fixed at the
start; a player may withdraw at any time, and their tables still to come are forfeits."""

from __future__ import annotations

from django.utils.translation import gettext

from games.clocks import TimeControl
from games.errors import Refused
from tournaments import formats
from tournaments.directors.base import refuse_round_days
from tournaments.directors.rounds import RoundsDirector
from tournaments.models import Entry, Tournament

MAX_ENCOUNTER = 6


def schedule(tournament: Tournament) -> list[formats.Pairing]:
    keys = [str(e.user_id) for e in tournament.entries.order_by("seed")]
    return formats.round_robin_schedule(
        keys, table_size=tournament.table_size, matches_per_encounter=tournament.encounter
    )


class RoundRobin(RoundsDirector):
    format = Tournament.Format.ROUND_ROBIN

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
        if table_size == 2 and not (
            type(encounter) is int and 2 <= encounter <= MAX_ENCOUNTER and encounter % 2 == 0
        ):
            raise Refused(
                gettext("An encounter is an even number of matches, 2 to %(most)d.")
                % {"most": MAX_ENCOUNTER}
            )
        return {
            "rounds": 0,  # the schedule's, set at the start
            "encounter": encounter,
            "minutes": 0,
            "round_days": refuse_round_days(control, round_days),
        }

    def start(self, tournament: Tournament, entries: list[Entry], now: int) -> None:
        tournament.rounds = len(schedule(tournament))

    def plan(self, tournament: Tournament, number: int, entries: list[Entry]) -> formats.Pairing:
        return schedule(tournament)[number - 1]
