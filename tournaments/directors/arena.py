"""The Arena (docs/rules.md §8.4): a fixed duration in which whoever finishes a match waits
and is paired again at once with another waiting player; players join while it runs, and
pause. When its clock runs out it pairs nobody more, and it has finished once every match
begun before then has ended and counted."""

from __future__ import annotations

from django.db.models import Max
from django.utils.translation import gettext

from games.clocks import TimeControl
from games.errors import Refused
from tournaments import formats, selectors
from tournaments.directors.base import Director, finish
from tournaments.directors.tables import make_table
from tournaments.models import Entry, Pairing, Tournament

MINUTES = (10, 20, 30, 45, 60, 90, 120, 180)


def playing(tournament: Tournament, user_id: int) -> bool:
    """Whether ``user_id`` is at a table of ``tournament`` now."""
    return any(
        user_id in p.seats
        for p in tournament.pairings.filter(places__isnull=True, match__isnull=False).only("seats")
    )


class Arena(Director):
    format = Tournament.Format.ARENA
    pauses = True

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
        if minutes not in MINUTES:
            raise Refused(
                gettext("An Arena lasts %(choices)s minutes.")
                % {"choices": ", ".join(str(m) for m in MINUTES)}
            )
        if not control.realtime:
            raise Refused(gettext("An Arena is played in real time."))
        return {"rounds": 0, "encounter": 2, "minutes": minutes, "round_days": 0}

    def takes_players(self, tournament: Tournament, now: int) -> bool:
        return now < tournament.ends_at

    def entering(self, tournament: Tournament, entry: Entry, now: int) -> None:
        entry.waiting_since = None if playing(tournament, entry.user_id) else now

    def joined(self, tournament: Tournament, now: int) -> list[Pairing]:
        return self.pair(tournament, now)

    def come_back(self, tournament: Tournament, entry: Entry, now: int) -> None:
        """``entry`` comes back from a pause, paired at once. Whether they wait is kept
        through the pause: ``waiting_since`` is cleared when their match is made and set when
        it ends (``recorded``), so one who paused at a table waits once it has ended."""
        entry.paused = False
        entry.save(update_fields=["paused"])
        if tournament.status == Tournament.Status.STARTED:
            self.pair(tournament, now)

    def recorded(self, entry: Entry, lost: bool, now: int) -> None:
        if lost:
            entry.paused = True  # not paired again until they come back
        if not entry.withdrawn:
            entry.waiting_since = now

    def start(self, tournament: Tournament, entries: list[Entry], now: int) -> None:
        for entry in entries:
            entry.waiting_since = now
        Entry.objects.bulk_update(entries, ["waiting_since"])
        tournament.ends_at = now + tournament.minutes * 60_000
        tournament.next_step_at = tournament.ends_at

    def step(self, tournament: Tournament, now: int) -> list[Pairing]:
        if now >= tournament.ends_at:
            tournament.next_step_at = None  # its time is up: only its matches' ends remain
            if not tournament.pairings.filter(places__isnull=True).exclude(match=None).exists():
                finish(tournament, now)
            return []
        return self.pair(tournament, now)

    def terminate(self, tournament: Tournament, now: int) -> None:
        if tournament.status != Tournament.Status.STARTED:
            return super().terminate(tournament, now)
        tournament.ends_at = min(tournament.ends_at, now)
        self.step(tournament, now)

    def pair(self, tournament: Tournament, now: int) -> list[Pairing]:
        """Pairs whoever waits in the running ``tournament``, at once, until the end."""
        if now >= tournament.ends_at:
            return []
        entries = list(tournament.entries.all())
        waiting = [
            e for e in entries if e.waiting_since is not None and not e.paused and not e.withdrawn
        ]
        if len(waiting) < tournament.table_size:
            return []
        ranks = {s.key: s.rank for s in selectors.ranking(tournament, entries)}
        last: dict[str, tuple[str, ...]] = {}
        for pairing in tournament.pairings.exclude(match=None).order_by("table"):
            for user_id in pairing.seats:
                last[str(user_id)] = tuple(str(u) for u in pairing.seats if u != user_id)
        # Players at a table now are free soon: while any is, two who just met wait for them.
        at_tables = sum(
            1 for e in entries if e.waiting_since is None and not e.paused and not e.withdrawn
        )
        planned = formats.arena_pairing(
            selectors.entrants(tournament, waiting),
            ranks,
            last,
            table_size=tournament.table_size,
            playing=at_tables,
        )
        table = (tournament.pairings.aggregate(n=Max("table"))["n"] or 0) + 1
        made = []
        by_key = {str(e.user_id): e for e in waiting}
        for planned_table in planned.tables:
            pairing = make_table(tournament, 0, table, planned_table.seats, now)
            made.append(pairing)
            table += 1
            for index, key in enumerate(planned_table.seats):
                entry = by_key[key]
                if pairing.match_id:
                    entry.waiting_since = None  # playing
                elif pairing.forfeit[index]:
                    entry.paused = True  # the services refused them a seat (their limits)
                entry.save(update_fields=["waiting_since", "paused"])
        return [p for p in made if p.match_id]
