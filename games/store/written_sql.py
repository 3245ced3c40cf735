"""The move's statements, written out: the reads of the match's row and seats
(``Columns``), and its two writes, an INSERT of the move and an UPDATE of the match.

Django builds each statement again on every ``create`` and ``save(update_fields=…)``:
about 0.3 ms a move apiece, most of it spent building SQL (``bench/render.py`` under a
profiler, **one-off**). Here the statement of a model and set of columns is written once per
process, and every value goes through its field's ``pre_save`` and ``get_db_prep_save``, as
in Django's own save, so the rows are the same. Neither model has a save signal receiver
or its own ``save`` to skip. Likewise a row read becomes an instance through the converters
Django's compiler applies (SQLite's booleans and dates, JSON), so it is the ORM's object.
"""

from __future__ import annotations

import functools

from django.db import DatabaseError, connection
from django.db.models import Model


class Columns:
    """A model's ``fields`` (default: all) in a written-out SELECT under table ``alias``:
    their SQL, and how a row's values become an instance, as the ORM would make it (the
    fields left out are deferred)."""

    def __init__(self, model: type[Model], alias: str, fields=None):
        self.model = model
        fields = list(model._meta.concrete_fields if fields is None else fields)
        quote = connection.ops.quote_name
        self.sql = ", ".join(f"{alias}.{quote(f.column)}" for f in fields)
        self.names = [f.attname for f in fields]
        self.converters = [
            [(convert, col) for convert in _converters_of(col)]
            for field in fields
            for col in [field.get_col(alias)]
        ]

    def __len__(self) -> int:
        return len(self.names)

    def instance(self, values) -> Model:
        converted = []
        for value, converters in zip(values, self.converters, strict=True):
            for convert, col in converters:
                value = convert(value, col, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, self.names, converted)


def _converters_of(col) -> list:
    """The backend's converters, then the field's: the order of Django's compiler."""
    return connection.ops.get_db_converters(col) + col.get_db_converters(connection)


def fetch(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@functools.cache
def _update_sql(model: type[Model], columns: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(column)} = %s" for column in columns)
    return (
        f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {quote(model._meta.pk.column)} = %s"
    )


@functools.cache
def _insert_sql(model: type[Model]) -> str:
    quote = connection.ops.quote_name
    fields = _insert_fields(model)
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join("%s" for _ in fields)
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"


def _insert_fields(model: type[Model]) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def update(instance: Model, fields: list[str], **texts: str) -> None:
    """``instance.save(update_fields=fields)``, and ``texts``: columns written as the text
    given (a JSON text already encoded). Raises as Django does when no row was updated."""
    meta = instance._meta
    chosen = [meta.get_field(name) for name in fields]
    columns = tuple(f.column for f in chosen) + tuple(meta.get_field(n).column for n in texts)
    values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in chosen]
    with connection.cursor() as cursor:
        cursor.execute(
            _update_sql(type(instance), columns), [*values, *texts.values(), instance.pk]
        )
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")


def insert(instance: Model) -> None:
    """``instance.save()`` of a new row whose primary key the caller does not need."""
    fields = _insert_fields(type(instance))
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(type(instance)), values)
