"""The move list in words: one entry per turn, for the live page and the replay.

Each game's board module may say how a move reads (``describe(move, before, after)``
from two spectator views, so nothing secret can show) and where the list needs a
separator (``separator(before, after)``, e.g. Triangulum's parts). A turn is the run of
consecutive moves of one seat, so the power companies' reveal, place and declarations
read as one entry. The turns come from the match's log (``games.store.matchlog``), which grows
by the new moves only: rendering the list on every move must not replay the whole match.
Its words are ``games.boards.Words``, put in the viewer's language only when a row is shown.
"""

from __future__ import annotations

from games.store import matchlog


def entries(match, latest: tuple | None = None) -> tuple[dict, ...]:
    """Every turn of ``match`` so far: ``{"seat", "first", "last", "texts", "separator"}``
    (``first``/``last`` are 1-based plies; ``separator`` a heading shown after the turn),
    from its log (``games.store.matchlog``; ``latest`` as there). Shared: callers must not change
    them."""
    return matchlog.of(match, latest).turns


def rows(match, seats: list[dict], current: int | None = None) -> list[dict]:
    """The entries as the templates show them: number, who, colour, words, and which one
    holds ply ``current`` (the replay's position; None: the last one)."""
    return rows_of(entries(match), seats, current)


def rows_of(
    items: tuple[dict, ...], seats: list[dict], current: int | None = None, since: int | None = None
) -> list[dict]:
    """``rows`` of the entries ``items``; with ``since``, only the turns from the one that
    holds that ply on (what a page showing it lacks), numbered as in the whole list."""
    by_index = {s["index"]: s for s in seats}
    now = items[-1]["last"] if current is None and items else current
    start = 0
    if since is not None:
        start = len(items)
        while start and items[start - 1]["last"] >= since:
            start -= 1
    return [
        {
            "number": n,
            "seat": e["seat"],
            "name": by_index[e["seat"]]["name"],
            "colour": by_index[e["seat"]]["colour"],
            "text": _words(e),
            "first": e["first"],
            "last": e["last"],
            "current": now is not None and e["first"] <= now <= e["last"],
            "separator": str(e["separator"]) if e["separator"] else None,
        }
        for n, e in enumerate(items[start:], start=start + 1)
    ]


def last_turn_text(items: tuple[dict, ...], seats: list[dict], to_move: list[int]) -> str | None:
    """What just happened, in words: the last turn (of the entries ``items``) of a seat that
    is not moving now (a turn of several moves under way shows on the board itself)."""
    for e in reversed(items):
        if e["seat"] not in to_move:
            name = next(s["name"] for s in seats if s["index"] == e["seat"])
            return f"{name}: {_words(e)}."
    return None


def _words(entry: dict) -> str:
    return ", ".join(words for words in map(str, entry["texts"]) if words)
