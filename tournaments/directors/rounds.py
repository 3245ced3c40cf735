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
from tournaments.directors.tables import forfeited, seat
from tournaments.models import Entry, Pairing, Round, Tournament

log = logging.getLogger(__name__)

#: The tables one step of the worker seats, each a match made (0.1–0.2 s each:
#: bench/tournament_start.py), so that no step holds the tournament's lock for long.
TABLES_PER_STEP = 8


def round_pause_ms() -> int:
    """Real time: the pause between a round's end and the next round, so every player sees
    the standings and the countdown before their next match opens."""
    return int(settings.TOURNAMENT_ROUND_PAUSE_SECONDS * 1000)


class RoundsDirector(Director):
    def plan(self, tournament: Tournament, number: int, entries: list[Entry]) -> formats.Pairing:
        """Round ``number``'s tables and byes."""
        raise NotImplementedError

    def step(self, tournament: Tournament, now: int) -> list[Pairing]:
        if any(not p.bye for p in unseated(tournament)):
            return self.seat_tables(tournament, now)
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
                # Every match of every round has ended (a correspondence round's may still
                # be played after the next began).
                if not tournament.pairings.filter(places__isnull=True).exclude(match=None).exists():
                    finish(tournament, now)
                return []
            if not ended and not (current.deadline is not None and now >= current.deadline):
                return []
            if tournament.control.realtime:  # it has ended: a real-time round has no deadline
                due = current.ended_at + round_pause_ms()
                if now < due:
                    tournament.next_step_at = due
                    return []
        return self.make_round(tournament, tournament.current_round + 1, now)

    def terminate(self, tournament: Tournament, now: int) -> None:
        """The round in play is its last, as lichess cuts a Swiss's rounds to those begun:
        its tables not seated yet are not played, the matches begun are played out and
        count, and it has finished once they have ended (docs/rules.md §8, "The end")."""
        if tournament.status != Tournament.Status.STARTED:
            return super().terminate(tournament, now)
        tournament.rounds = tournament.current_round
        planned = [p.pk for p in unseated(tournament) if not p.bye]
        Pairing.objects.filter(pk__in=planned).delete()
        self.step(tournament, now)  # the last round's: no step is due any more

    def make_round(self, tournament: Tournament, number: int, now: int) -> list[Pairing]:
        """Plans round ``number`` (its tables, each a pairing still without its match, and
        its byes) and seats its first ``TABLES_PER_STEP`` tables; ``seat_tables`` the rest."""
        entries = list(tournament.entries.all())
        planned = self.plan(tournament, number, entries)
        deadline = None if tournament.control.realtime else now + tournament.round_days * DAY_MS
        try:
            with transaction.atomic():
                Round.objects.create(
                    tournament=tournament, number=number, started_at=now, deadline=deadline
                )
        except IntegrityError:  # another worker made it: the row lock makes this unreachable
            log.error("tournament %s: round %s twice", tournament.pk, number)  # pragma: no mutate
            return []
        tournament.current_round = number
        seats = [t.seats for t in planned.tables] + [(key,) for key in planned.byes]
        Pairing.objects.bulk_create(
            Pairing(
                tournament=tournament,
                round=number,
                table=table,
                seats=[int(k) for k in keys],
                created_at=now,
            )
            for table, keys in enumerate(seats, start=1)
        )
        return self.seat_tables(tournament, now)

    def seat_tables(self, tournament: Tournament, now: int) -> list[Pairing]:
        """Seats the next ``TABLES_PER_STEP`` tables of the current round planned without
        their match yet (a table of a player who withdrew since is forfeited). While some
        are left the next step is due at once, so a round of 250 tables is made by the
        worker in steps, each its own transaction, that the page shows as they come."""
        playing = {
            str(user_id)
            for user_id in tournament.entries.filter(withdrawn=False).values_list(
                "user_id", flat=True
            )
        }
        waiting = [p for p in unseated(tournament) if not p.bye]
        made = []
        for pairing in waiting[:TABLES_PER_STEP]:
            if {str(u) for u in pairing.seats} <= playing:
                seat(tournament, pairing, now)
                made.append(pairing)
            else:  # a round robin's table of a player who withdrew after the start
                forfeited(tournament, pairing, playing)
        current = tournament.round_set.get(number=tournament.current_round)
        tournament.next_step_at = now if len(waiting) > TABLES_PER_STEP else current.deadline
        return [p for p in made if p.match_id]


def unseated(tournament: Tournament):
    """The current round's pairings without a match nor a result: its byes, and the tables
    still to be seated."""
    return tournament.pairings.filter(
        round=tournament.current_round, match=None, places__isnull=True
    ).order_by("table")
