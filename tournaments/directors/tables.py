"""A table of a tournament made: its pairing and its match, through the match services as a
challenge's is, or its forfeit when a seat is gone. Every format seats its tables this way."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Max

from accounts.models import User
from games import services as match_services
from games.errors import Refused
from tournaments.models import Pairing, Tournament

log = logging.getLogger(__name__)


def make_table(tournament: Tournament, round: int, table: int, seats, now: int) -> Pairing:
    """A new table's pairing, seated (``seat``)."""
    pairing = Pairing(
        tournament=tournament,
        round=round,
        table=table,
        seats=[int(k) for k in seats],
        created_at=now,
    )
    seat(tournament, pairing, now)
    return pairing


def seat(tournament: Tournament, pairing: Pairing, now: int) -> None:
    """``pairing``'s match, saved with it: the first seat creates it, the others join it,
    and it starts at once. The match is ``scheduled``: the hourly limit on a person's new
    matches does not count it. A player the services still refuse a seat (too many matches
    at once) loses that match by forfeit."""
    user_ids = list(pairing.seats)
    users = {u.pk: u for u in User.objects.filter(pk__in=user_ids)}
    try:
        with transaction.atomic():
            seating = user_ids[0]
            match = match_services.match_create(
                game=tournament.game,
                creator=users[seating],
                options=tournament.options,
                seat=0,
                players=len(user_ids),
                time_control=tournament.control,
                now=now,
                private=tournament.private,
                rated=tournament.rated,
                scheduled=True,
            )
            for seat, user_id in enumerate(user_ids[1:], start=1):
                seating = user_id
                match_services.match_join(
                    match_id=match.pk,
                    user=users[user_id],
                    seat=seat,
                    now=now,
                    invite=match.invite,
                    scheduled=True,
                )
            pairing.match = match
    except Refused as refused:
        log.warning("tournament %s: %s refused a seat: %s", tournament.pk, seating, refused)
        pairing.places = [len(user_ids) if u == seating else 1 for u in user_ids]
        pairing.forfeit = [u == seating for u in user_ids]
        pairing.finished_order = finished_next(tournament)
    pairing.save()


def forfeited(tournament: Tournament, pairing: Pairing, playing: set[str]) -> None:
    """A table with a withdrawn player is not played: each withdrawn seat forfeits (last,
    scoring nothing) and the others share first place, as a club scores the games a player
    who left can no longer play, so that every opponent of theirs scores the same against
    them whether they met before or after (docs/rules.md §8.5). Saved with ``pairing``."""
    gone = [str(user_id) not in playing for user_id in pairing.seats]
    pairing.places = [len(gone) if out else 1 for out in gone]
    pairing.forfeit = gone
    pairing.finished_order = finished_next(tournament)
    pairing.save()


def finished_next(tournament: Tournament) -> int:
    """The place among ``tournament``'s results (``Pairing.finished_order``) of a table whose
    result is written now, a match's end or a forfeit: after every one before. An Arena's
    streaks count its results in this order (docs/rules.md §8.4)."""
    return (tournament.pairings.aggregate(n=Max("finished_order"))["n"] or 0) + 1
