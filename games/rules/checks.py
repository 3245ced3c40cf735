"""Shared input checks for engines: turn untrusted JSON into typed values or IllegalMove."""

from __future__ import annotations

from typing import Any

from games.rules import IllegalMove


def require_keys(move: Any, allowed: dict[str, set[str]]) -> str:
    """Returns the move's type after checking it is a dict with exactly the keys its type allows.

    ``allowed`` maps each move type to the keys (besides ``type``) it must carry.
    """
    if not isinstance(move, dict):
        raise IllegalMove("A move must be a JSON object.")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in allowed:
        raise IllegalMove(f"Unknown move type {kind!r}; expected one of {sorted(allowed)}.")
    keys = set(move) - {"type"}
    missing = allowed[kind] - keys
    extra = keys - allowed[kind]
    if missing:
        raise IllegalMove(f"A {kind!r} move needs {sorted(missing)}.")
    if extra:
        raise IllegalMove(f"A {kind!r} move does not take {sorted(extra)}.")
    return kind


def int_list(value: Any, length: int, what: str, low: int, high: int) -> tuple[int, ...]:
    """Returns ``value`` as a tuple of ``length`` ints each in ``low..high``."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != length
        or any(type(v) is not int for v in value)
    ):
        raise IllegalMove(f"{what} must be a list of {length} whole numbers.")
    if any(v < low or v > high for v in value):
        raise IllegalMove(f"{what} {list(value)} is off the board.")
    return tuple(value)


def option_dict(options, allowed: set[str], game: str) -> dict:
    """A copy of a setup's options; ValueError for keys the game does not know."""
    options = dict(options or {})
    unknown = set(options) - allowed
    if unknown:
        raise ValueError(f"Unknown {game} options {sorted(unknown)}.")
    return options
