"""The formats played in rounds (round robin, Swiss): the next round once the one before
has ended (real time: after a pause) or reached its deadline (correspondence), the close
after the last. Each format plans its rounds' tables (``plan``)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction

from games.clocks import DAY_MS
from tournaments import formats
from tournaments.directors.base import Director, finish
from tournaments.directors.tables import forfeited, make_table
from tournaments.models import Entry, Pairing, Round, Tournament

log = logging.getLogger(__name__)


def round_pause_ms() -> int:
    """Real time: the pause between a round's end and the next round, so every player sees
    the standings and the countdown before their next match opens."""
    return int(settings.TOURNAMENT_ROUND_PAUSE_SECONDS * 1000)


class RoundsDirector(Director):
    def plan(self, tournament: Tournament, number: int, entries: list[Entry]) -> formats.Pairing:
        """Round ``number``'s tables and byes."""
        raise NotImplementedError

    def step(self, tournament: Tournament, now: int) -> list[Pairing]:
        current = tournament.round_set.filter(number=tournament.current_round).first()
        if current is not None:
            open_tables = tournament.pairings.filter(
                round=current.number, places__isnull=True
            ).exclude(match=None)
            ended = not open_tables.exists()
            if ended and current.ended_at is None:
                current.ended_at = now
                current.save(update_fields=["ended_at"])
            if tournament.current_round >= tournament.rounds:
                tournament.next_step_at = None  # only its matches' ends close it now
                if (
                    ended
                    and not tournament.pairings.filter(places__isnull=True)
                    .exclude(match=None)
                    .exists()
                ):
                    finish(tournament, now)
                return []
            if not ended and not (current.deadline is not None and now >= current.deadline):
                return []
            if ended and tournament.control.realtime:
                due = current.ended_at + round_pause_ms()
                if now < due:
                    tournament.next_step_at = due
                    return []
        return self.make_round(tournament, tournament.current_round + 1, now)

    def make_round(self, tournament: Tournament, number: int, now: int) -> list[Pairing]:
        entries = list(tournament.entries.all())
        planned = self.plan(tournament, number, entries)
        deadline = None if tournament.control.realtime else now + tournament.round_days * DAY_MS
        try:
            with transaction.atomic():
                Round.objects.create(
                    tournament=tournament, number=number, started_at=now, deadline=deadline
                )
        except IntegrityError:  # another worker made it: the row lock makes this unreachable
            log.error("round %s of tournament %s made twice", number, tournament.pk)
            return []
        tournament.current_round = number
        tournament.next_step_at = deadline
        playing = {str(e.user_id) for e in entries if not e.withdrawn}
        made = []
        table = 0
        for planned_table in planned.tables:
            table += 1
            if set(planned_table.seats) <= playing:
                made.append(make_table(tournament, number, table, planned_table.seats, now))
            else:  # a round robin's table of a player who withdrew after the start
                forfeited(tournament, number, table, planned_table.seats, playing, now)
        for key in planned.byes:
            table += 1
            Pairing.objects.create(
                tournament=tournament, round=number, table=table, seats=[int(key)], created_at=now
            )
        return [p for p in made if p.match_id]
