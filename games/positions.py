"""The engine position each running match had when this process last wrote it, kept with
the JSON text written, so the next move on the match decodes nothing: Django's decoding of
the row's ``state`` and the engine's ``from_json`` were about a twentieth of a move's CPU.

The move service reads the row with the text of its ``state`` (``locked``) and takes the
kept position only when that text is the one kept, character for character: whoever wrote
the row since (another process, a rolled-back move, a test by hand) wrote another text, and
the row is decoded as before. Only on SQLite (``REMEMBERED_BY``): PostgreSQL's jsonb gives
back its own normalised text, never the one written, so there the row is read and decoded
as before. Engine positions are never changed in place (the match log relies on it too), so
one kept object serves every later read.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.db import connection

from games.memory import LRU
from games.models import Match
from games.registry import get_engine
from games.store import written_sql

REMEMBERED_BY = {"sqlite"}

# A position takes up to 13 times its JSON text in memory (High Voltage's; tracemalloc,
# **one-off**): a kept one is weighed as 16 texts, and all of them at most 32 MiB.
_kept = LRU(  # (match id, game) -> (the text written, its engine position)
    max_entries=2_000, max_weight=32 * 2**20, weigh=lambda kept: 16 * len(kept[0])
)


@functools.cache
def _row(vendor: str) -> tuple[str, written_sql.Columns]:
    """The match row's query and columns: where positions are kept, with its ``state`` as
    the text written (last), not decoded; elsewhere whole, locked for the transaction.
    Written out: Django built a ``get`` about as long as SQLite ran it, and a raw queryset
    still took a twentieth of a move (``bench/render.py`` under a sampler, **one-off**)."""
    quote = connection.ops.quote_name
    meta = Match._meta
    where = f"FROM {quote(meta.db_table)} m WHERE m.{quote(meta.pk.column)} = %s"
    if vendor not in REMEMBERED_BY:
        columns = written_sql.Columns(Match, "m")
        return f"SELECT {columns.sql} {where} FOR UPDATE", columns
    columns = written_sql.Columns(
        Match, "m", [f for f in meta.concrete_fields if f.name != "state"]
    )
    return f"SELECT {columns.sql}, m.{quote(meta.get_field('state').column)} {where}", columns


def locked(match_id: int) -> tuple[Match, Any]:
    """The match row, locked for the caller's transaction, and its engine position. (SQLite
    has no row locks: its transactions' writes take turns on the whole database, and Django
    leaves ``select_for_update`` out there too.)"""
    sql, columns = _row(connection.vendor)
    rows = written_sql.fetch(sql, [match_id])
    if not rows:
        raise Match.DoesNotExist(f"No match {match_id}.")
    if connection.vendor not in REMEMBERED_BY:
        match = columns.instance(rows[0])
        return match, get_engine(match.game).from_json(match.state)
    match, text = columns.instance(rows[0][:-1]), rows[0][-1]
    kept = _kept.get((match.pk, match.game))
    if kept is not None and kept[0] == text:
        return match, kept[1]
    match.state = json.loads(text)
    return match, get_engine(match.game).from_json(match.state)


def save(match: Match, state, fields: list[str]) -> None:
    """Saves ``fields`` of ``match`` and its position ``state`` (the caller holds the row
    lock), and keeps ``state`` with the text written for the next move. Where the text is
    kept it is encoded once, here, and written as it is: the row holds exactly that text."""
    engine = get_engine(match.game)
    data = engine.to_json(state)
    if connection.vendor in REMEMBERED_BY:
        # The text Django's JSONField would write (json.dumps with its default encoder).
        text = json.dumps(data)
        written_sql.update(match, fields, state=text)
        _kept.put((match.pk, match.game), (text, state))
    else:
        match.state = data
        written_sql.update(match, [*fields, "state"])
    match.state = data
