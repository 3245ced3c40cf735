"""Untrusted JSON in, bounded values out: one guard for forms, frames, moves and imports.

``json.loads`` alone lets through what later costs the server dearly or crashes it:
nesting deep enough to exhaust the recursion limit (a 500, or a dead socket handler),
``NaN``/``Infinity`` where numbers are expected, and texts of any size. Every piece of
JSON a visitor sends goes through ``loads`` with a size limit fitting its use.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 16  # the deepest real input (a record's moves) nests 5 levels
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class BadJSON(ValueError):
    """Input refused before or while parsing; the message is written for the sender."""


def _refuse_constant(name: str):
    raise BadJSON(f"{name} is not a number this table accepts.")


def loads(text: str | bytes, *, max_bytes: int, what: str = "The input"):
    """Parses ``text`` after checking its size and nesting; raises BadJSON with a clear reason."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise BadJSON(f"{what} is too large (at most {max_bytes} bytes).")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON(f"{what} is not UTF-8 text.") from None
    elif len(text) > max_bytes or len(text.encode("utf-8", "replace")) > max_bytes:
        raise BadJSON(f"{what} is too large (at most {max_bytes} bytes).")
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise BadJSON(f"{what} is nested too deeply (at most {MAX_DEPTH} levels).")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except BadJSON:
        raise
    except ValueError:  # also int strings beyond Python's digit limit
        raise BadJSON(f"{what} is not valid JSON.") from None


def whole_number(value, *, low: int, high: int) -> int | None:
    """``value`` as an int within ``low..high`` if it is one (an int, or digits as text), else None.

    Floats, booleans and text such as "1.0" or "²" are refused rather than rounded.
    """
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if type(value) is not int or not low <= value <= high:
        return None
    return value


class TokenBucket:
    """Allows ``burst`` frames at once and ``rate`` per second after that (one per socket)."""

    def __init__(self, rate: float, burst: int, clock):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = float(burst), clock()
        self.refused = 0  # frames refused since the last one taken: a socket answers the first

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            self.refused += 1
            return False
        self.tokens -= 1
        self.refused = 0
        return True
