"""Plain text from people and programs, cleaned one way for chat lines and move hints.

Control characters and bidirectional marks (overrides, isolates, the marks) are removed,
since they would turn the rest of a page's line around; runs of white space become one
space and the ends are trimmed. What is left is stored as said and escaped wherever shown.
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _

from games.errors import Refused

MAX_HINT = 300  # characters of a move's hint, after cleaning
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_SPACE = re.compile(r"\s+")
_BREAKS = "\t\n\r\v\f"


def clean(text: str) -> str:
    """``text`` on one line: control characters and bidi marks out, white space runs one
    space, trimmed (possibly empty)."""
    kept = "".join(
        " " if ch in _BREAKS else ch
        for ch in text
        if ch in _BREAKS or (unicodedata.category(ch) not in ("Cc", "Cs") and ch not in _BIDI)
    )
    return _SPACE.sub(" ", kept).strip()


def clean_hint(text) -> str:
    """A move's hint as stored: the cleaned text, "" when there is none (no field, or
    nothing left after cleaning). Refused when it is not text or longer than ``MAX_HINT``."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise Refused(_("A hint is plain text."))
    hint = clean(text)
    if len(hint) > MAX_HINT:
        raise Refused(
            _("A hint holds at most %(count)d characters; this one has %(length)d.")
            % {"count": MAX_HINT, "length": len(hint)}
        )
    return hint
