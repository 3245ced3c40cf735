"""What board layouts share: a game's layout module (``Game.board``) offers ``SEATS`` (name
and colour per seat) and ``context(view, seat, legal) -> dict`` of layout values for the
package's Jinja2 template ``board.html``, which gets ``board`` (that dict), ``view`` and
``seats`` (the players strip, the same for every viewer), and ``describe(move, before,
after)``, the move list's words for a move from the spectator views around it. It sees only the viewer's
``view``, so it cannot leak what that viewer may not know. Clickable elements carry
``data-move`` (see ``static/js/match.js``).
"""

from __future__ import annotations

import contextlib
import json
import threading

from django.utils import translation

_translated: dict[tuple[str | None, str], str] = {}
_laying_out = threading.local()  # .language: the active language while a layout is made


@contextlib.contextmanager
def laid_out_in(language: str):
    """Layouts made inside say their words in ``language``, the active one (the caller's
    ``translation.get_language()``), without asking Django for it on every word: its
    lookup through asgiref's context-local storage took longer than the translation."""
    before = getattr(_laying_out, "language", None)
    _laying_out.language = language
    try:
        yield
    finally:
        _laying_out.language = before


def language() -> str:
    """The active language, at no cost inside ``laid_out_in``."""
    return getattr(_laying_out, "language", None) or translation.get_language()


def gettext(message: str) -> str:
    """``gettext`` remembered per language: a board layout says the same few words (piece
    and seat names, "on") dozens of times per render, and the catalogues do not change
    while the server runs. Only for msgids written in the code (the words are few)."""
    key = (language(), message)
    text = _translated.get(key)
    if text is None:
        text = _translated[key] = translation.gettext(message)
    return text


class Words:
    """Words put in the viewer's language when they are shown (``str()``), not when they are
    made: a match's move list is kept in memory and shared by viewers of every language,
    so ``describe`` returns these. ``text`` is an English msgid marked with ``gettext_noop``
    (so ``makemessages`` finds it), or ``ngettext_lazy(singular, plural, "count")`` whose
    form the parameter ``count`` picks, made once at import: each such call builds a class
    of about 33 KiB, which a kept move list must not hold per move. ``%(name)s`` in it is
    filled after translating from ``params``: strings, numbers or Words themselves (a
    piece's or seat's name). So a move's words are plain data: a msgid, its parameters.
    """

    __slots__ = ("params", "text")

    def __init__(self, text, **params):
        self.text, self.params = text, params

    def __str__(self) -> str:
        text = translation.gettext(self.text) if isinstance(self.text, str) else self.text
        params = {k: str(v) if isinstance(v, Words) else v for k, v in self.params.items()}
        return text % params if params else str(text)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


class Joined(Words):
    """Several words (Words or strings) joined by ``between``, each in the viewer's language."""

    def __init__(self, parts: list, between: str = ", "):
        super().__init__("", parts=tuple(parts), between=between)

    def __str__(self) -> str:
        return self.params["between"].join(str(part) for part in self.params["parts"])


def move_attr(move: dict) -> str:
    """The JSON a clickable board element carries in ``data-move``."""
    return json.dumps(move, separators=(",", ":"))
