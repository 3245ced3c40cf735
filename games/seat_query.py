"""A match's seats with their users, read by a written-out query.

Every move reads its match's seats (who may move, the players' strip of each audience's
board). Django built the ``select_related("user")`` query on every call, about 1.5 ms of a
move, 25 times what SQLite took to run it (``bench/render.py``; **one-off** timing of the
two). The SQL here is written once per process from the models' fields, and each value
goes through the converters Django itself would apply (SQLite's booleans and dates), so
the objects are the ones the ORM gives: a seat with its user and its match cached.
"""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model


@functools.cache
def _plan(Seat: type[Model]) -> tuple[str, list, list, list, list]:  # noqa: N803
    """The query, and per model the attribute names and converters of its columns."""
    quote = connection.ops.quote_name
    user_model = get_user_model()
    seat_fields, user_fields = Seat._meta.concrete_fields, user_model._meta.concrete_fields
    columns = [f"s.{quote(f.column)}" for f in seat_fields]
    columns += [f"u.{quote(f.column)}" for f in user_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {quote(Seat._meta.db_table)} s"
        f" LEFT JOIN {quote(user_model._meta.db_table)} u"
        f" ON u.{quote(user_model._meta.pk.column)} = s.{quote(Seat.user.field.column)}"
        f" WHERE s.{quote(Seat.match.field.column)} = %s ORDER BY s.{quote('index')}"
    )

    def converters(fields, alias):
        return [
            (field.attname, [(c, col) for c in _converters_of(col)])
            for field in fields
            for col in [field.get_col(alias)]
        ]

    seat_columns = converters(seat_fields, "s")
    user_columns = converters(user_fields, "u")
    return (
        sql,
        seat_columns,
        user_columns,
        [n for n, _ in seat_columns],
        [n for n, _ in user_columns],
    )


def _converters_of(col) -> list:
    """The backend's converters, then the field's: the order of Django's compiler."""
    return connection.ops.get_db_converters(col) + col.get_db_converters(connection)


def _converted(values, columns) -> list:
    out = []
    for value, (_, converters) in zip(values, columns, strict=True):
        for convert, col in converters:
            value = convert(value, col, connection)
        out.append(value)
    return out


def seats_with_users(match: Model) -> list[Model]:
    """``match``'s seats in order, each with its user (or None) and ``match`` cached. (The
    seat model comes from the match: games.models calls this, so this cannot import it.)"""
    Seat = match.seats.model  # noqa: N806
    sql, seat_columns, user_columns, seat_names, user_names = _plan(Seat)
    user_model = get_user_model()
    with connection.cursor() as cursor:
        cursor.execute(sql, [match.pk])
        rows = cursor.fetchall()
    seats = []
    split = len(seat_columns)
    for row in rows:
        seat = Seat.from_db(connection.alias, seat_names, _converted(row[:split], seat_columns))
        user = None
        if seat.user_id is not None:
            values = _converted(row[split:], user_columns)
            user = user_model.from_db(connection.alias, user_names, values)
        Seat.user.field.set_cached_value(seat, user)
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    return seats
