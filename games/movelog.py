"""The move list in words: one entry per turn, for the live page and the replay.

Each game's board module may say how a move reads (``describe(move, before, after)``
from two spectator views, so nothing secret can show) and where the list needs a
separator (``separator(before, after)``, e.g. Triangulum's parts). A turn is the run of
consecutive moves of one seat, so the power companies' reveal, place and declarations
read as one entry. The log is kept per match in memory and grows by the new moves only:
rendering it on every move must not replay the whole match. Its words are
``games.boards.Words``, put in the viewer's language only when a row is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

from games.boards import Words
from games.memory import LRU
from games.registry import IllegalMove, get_game
from games.rules import entry_notation, play_entry


@dataclass(frozen=True)
class Log:
    ply: int
    state: object
    entries: tuple[dict, ...]


_logs = LRU(max_entries=2000)
# How a leave reads in the list (games.rules.LEAVE_NOTATION, whose pure engines know no
# translations), in words the catalogues translate.
LEAVE_WORDS = {
    "resigned": gettext_noop("resigned"),
    "time": gettext_noop("lost on time"),
    "abandoned": gettext_noop("left (abandoned)"),
}


def entries(match, latest: tuple | None = None) -> tuple[dict, ...]:
    """Every turn of ``match`` so far: ``{"seat", "first", "last", "texts", "separator"}``
    (``first``/``last`` are 1-based plies; ``separator`` a heading shown after the turn).
    Shared: callers must not change them.

    ``latest``: ``(seat, entry, state, view)`` of the match's last ply (``view``: the
    spectators' view of ``state``), from the move service that just played it; when that
    ply is the only one the log lacks, it is added without reading the move back, playing
    it again or viewing the position again."""
    key = (match.pk, match.invite)
    log = _logs.get(key)
    if log is None or log.ply > match.ply:
        game = get_game(match.game)
        state = game.engine.setup(
            players=match.players, seed=match.seed, options=match.options or None
        )
        log = Log(0, state, ())
    if log.ply < match.ply:
        log = _extend(match, log, latest if log.ply == match.ply - 1 else None)
        _logs.put(key, log)
    return log.entries


def _extend(match, log: Log, latest: tuple | None) -> Log:
    game = get_game(match.game)
    engine, board = game.engine, game.board
    separator = game.separator
    state, items = log.state, list(log.entries)
    ply = log.ply
    # One spectator view per move: each move's "after" is the next one's "before" (views
    # of large boards cost more than the rest of a move's entry).
    after = engine.view(state, None)
    if latest is None:
        played = [
            (r.seat, r.move, None, None)
            for r in match.moves.filter(ply__gte=log.ply).order_by("ply")
        ]
    else:
        played = [latest]
    for seat, move, known, seen in played:
        before = after
        leave = move.get("type") == "leave"
        legal = True
        if known is not None:
            state = known
        elif leave:
            state = play_entry(engine, state, seat, move)
        else:
            try:
                state = engine.apply(state, seat, move)
            except IllegalMove:  # a position written by hand (tests, repairs): words only
                legal = False
        after = seen if seen is not None else engine.view(state, None)
        if leave:
            text = Words(LEAVE_WORDS.get(move.get("reason"), entry_notation(engine, state, move)))
        elif legal:
            text = board.describe(move, before, after)
        else:  # the position did not change, and its notation names the move
            text = engine.notation(state, move)
        ply += 1
        last = items[-1] if items else None
        if last and last["seat"] == seat and not last["separator"]:
            items[-1] = {**last, "last": ply, "texts": [*last["texts"], text]}
        else:
            items.append({"seat": seat, "first": ply, "last": ply, "texts": [text]})
            items[-1]["separator"] = None
        if separator and not leave:
            items[-1]["separator"] = separator(before, after)
    return Log(ply, state, tuple(items))


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
