"""A match's seats with their users, read by a written-out query.

Every move reads its match's seats (who may move, the players' strip of each audience's
board). Django built the ``select_related("user")`` query on every call, about 1.5 ms of a
move, 25 times what SQLite took to run it (``bench/render.py``; **one-off** timing of the
two). The SQL here is written once per process from the models' fields, and the rows
become the objects the ORM gives (``written_sql.Columns``): a seat with its user and its
match cached.
"""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model

from games.store.written_sql import Columns, fetch


@functools.cache
def _plan(Seat: type[Model]) -> tuple[str, Columns, Columns]:  # noqa: N803
    quote = connection.ops.quote_name
    User = get_user_model()  # noqa: N806
    seats, users = Columns(Seat, "s"), Columns(User, "u")
    sql = (
        f"SELECT {seats.sql}, {users.sql} FROM {quote(Seat._meta.db_table)} s"
        f" LEFT JOIN {quote(User._meta.db_table)} u"
        f" ON u.{quote(User._meta.pk.column)} = s.{quote(Seat.user.field.column)}"
        f" WHERE s.{quote(Seat.match.field.column)} = %s ORDER BY s.{quote('index')}"
    )
    return sql, seats, users


def seats_with_users(match: Model) -> list[Model]:
    """``match``'s seats in order, each with its user (or None) and ``match`` cached. (The
    seat model comes from the match: games.models imports this module, so this one does
    not import it.)"""
    Seat = match.seats.model  # noqa: N806
    sql, seats, users = _plan(Seat)
    found = []
    for row in fetch(sql, [match.pk]):
        seat = seats.instance(row[: len(seats)])
        user = users.instance(row[len(seats) :]) if seat.user_id is not None else None
        Seat.user.field.set_cached_value(seat, user)
        Seat.match.field.set_cached_value(seat, match)
        found.append(seat)
    return found
