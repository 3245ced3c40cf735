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

from games import written_sql
from games.memory import LRU
from games.models import Match
from games.registry import get_engine

REMEMBERED_BY = {"sqlite"}

# A position takes up to 13 times its JSON text in memory (High Voltage's; tracemalloc,
# **one-off**): a kept one is weighed as 16 texts, and all of them at most 32 MiB.
_kept = LRU(  # (match id, game) -> (the text written, its engine position)
    max_entries=2_000, max_weight=32 * 2**20, weigh=lambda kept: 16 * len(kept[0])
)


@functools.cache
def _row_sql() -> str:
    """The match row with its ``state`` as text (``state_text``), not decoded. Written out:
    a queryset took twice as long to build and run as this raw query (about 330 against
    170 µs, **one-off**), and an ``annotate`` or ``extra`` for the text 100 µs more, which
    is more than the decoding saves on a small position."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in Match._meta.concrete_fields if f.name != "state")
    table, state = quote(Match._meta.db_table), quote(Match._meta.get_field("state").column)
    return f"SELECT {columns}, {state} AS state_text FROM {table} WHERE {quote(Match._meta.pk.column)} = %s"


def locked(match_id: int) -> tuple[Match, Any]:
    """The match row, locked for the caller's transaction, and its engine position. (SQLite
    has no row locks: its transactions' writes take turns on the whole database, and Django
    leaves ``select_for_update`` out there too.)"""
    if connection.vendor not in REMEMBERED_BY:
        match = Match.objects.select_for_update().get(pk=match_id)
        return match, get_engine(match.game).from_json(match.state)
    match = next(iter(Match.objects.raw(_row_sql(), [match_id])), None)
    if match is None:
        raise Match.DoesNotExist(f"No match {match_id}.")
    kept = _kept.get((match.pk, match.game))
    if kept is not None and kept[0] == match.state_text:
        return match, kept[1]
    match.state = json.loads(match.state_text)
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
