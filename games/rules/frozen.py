"""Moves made once and listed by every position that has them (docs/rules.md §1.2).

Building hundreds of fresh dicts per position was most of the protocol's cost (``legal_moves``
of High Voltage lists about 450). An engine may instead list the same move objects each
time: a ``FrozenMove`` is a dict equal to the plain move (and JSON-encoded, pickled and
copied as one), but refuses to change, so no caller can alter the move the next caller
gets; ``dict(move)`` is a plain copy. ``FrozenMove.spot`` is the engine's own note of what
the move means (a section, a cell), so its ``apply`` need not parse the move again.
"""

from __future__ import annotations

from typing import Any


def _refuse(self, *args, **kwargs):
    raise TypeError("A listed move is shared and cannot be changed; change a copy (dict(move)).")


class FrozenList(list):
    """A list value of a frozen move (a cell, rotations): equal to the plain list."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return list, (list(self),)


class FrozenMove(dict):
    """A move shared between positions: a dict that refuses every change."""

    __slots__ = ("spot",)
    __setitem__ = __delitem__ = __ior__ = _refuse
    setdefault = update = pop = popitem = clear = _refuse

    def __reduce__(self):
        return dict, (dict(self),)


_fill = dict.update


def frozen(move: dict[str, Any], spot: Any = None, kind: type = FrozenMove) -> FrozenMove:
    """The shared form of ``move`` (its list values frozen too), noting ``spot``; ``kind``
    is a subclass an engine gives its own moves, so it knows them from another game's."""
    made = kind()
    _fill(made, {k: FrozenList(v) if type(v) is list else v for k, v in move.items()})
    made.spot = spot
    return made
