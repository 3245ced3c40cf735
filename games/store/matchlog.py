"""One match's log, read once per process and grown by each new ply: what every reader of
the move log (the move list, the API's codes, the replay, records) takes from it.

A match is its setup plus its ordered entries (docs/rules.md §1, §7). For each ply the log
keeps the entry and who played it, its words in the move list (``games.boards.Words``, put
in a viewer's language only when shown), its code and the code the others see while the
match runs (the engine's ``public_code``), and the turns the move list groups them into.
It keeps the latest position, and one position every ``CHECKPOINT`` plies, from which
``state_at`` plays forward: any ply's position without keeping all of them.

The logs are kept per process in memory, bounded in bytes (``MATCH_LOG_BYTES``): a log
holds plain data (strings, numbers, the entries' JSON, a few positions), weighed by its
pickled size times what Python objects take beyond it.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_noop

from games.boards import Words
from games.memory import LRU
from games.registry import Game, IllegalMove, get_game
from games.rules import entry_notation, play_entry

CHECKPOINT = 32  # plies between the positions kept for ``state_at``
# Python objects take about three times their pickled size (measured with tracemalloc by
# tests/web/test_match_log_memory.py).
IN_MEMORY = 3
# How a leave reads in the list (games.rules.LEAVE_NOTATION, whose pure engines know no
# translations), in words the catalogues translate.
LEAVE_WORDS = {
    "resigned": gettext_noop("resigned"),
    "time": gettext_noop("lost on time"),
    "abandoned": gettext_noop("left (abandoned)"),
}


@dataclass(frozen=True, slots=True)
class Ply:
    seat: int
    entry: dict
    words: Words | str
    code: str | None  # None: a leave, which is not a move and has no code
    public: str | None  # what the other seats see of the code while the match runs; None: the code


@dataclass(frozen=True)
class Log:
    """The plies so far (shared: callers must not change anything in it)."""

    game: Game
    setup: Any
    plies: tuple[Ply, ...]
    state: Any  # the position after the last ply
    view: dict  # the spectators' view of ``state``
    # The move list's turns: {"seat", "first", "last", "texts", "separator"} (1-based plies).
    turns: tuple[dict, ...]
    checkpoints: tuple[Any, ...]  # the position after ply CHECKPOINT * (i + 1)
    size: int  # bytes, pickled

    @property
    def ply(self) -> int:
        return len(self.plies)

    def state_at(self, ply: int):
        """The position after the first ``ply`` plies (0: the setup)."""
        if ply == self.ply:
            return self.state
        kept = min(ply // CHECKPOINT, len(self.checkpoints))
        state = self.checkpoints[kept - 1] if kept else self.setup
        for p in self.plies[kept * CHECKPOINT : ply]:
            state = play_entry(self.game.engine, state, p.seat, p.entry)
        return state


def start(game: Game, players: int, seed: int, options: dict | None) -> Log:
    """The log of a match that has not moved: its setup."""
    setup = game.engine.setup(players=players, seed=seed, options=options or None)
    view = game.engine.view(setup, None)
    return Log(game, setup, (), setup, view, (), (), 0)


def extended(log: Log, seat: int, entry: dict, state=None, view: dict | None = None) -> Log:
    """``log`` with one more ply: ``seat`` played ``entry``. ``state`` and ``view``: the
    position after it and the spectators' view of it, when the caller has them (the move
    service just played it). Raises IllegalMove when the rules refuse the entry."""
    game = log.game
    engine, before = game.engine, log.view
    if state is None:
        state = play_entry(engine, log.state, seat, entry)
    leave = entry.get("type") == "leave"  # a dict: the rules took it
    after = engine.view(state, None) if view is None else view
    if leave:
        words = Words(LEAVE_WORDS.get(entry.get("reason"), entry_notation(engine, state, entry)))
        code = public = None
    else:
        words = game.board.describe(entry, before, after)
        code, public = engine.encode(log.state, entry), engine.public_code(log.state, entry)
    return _grown(log, Ply(seat, entry, words, code, public), state, after, leave)


def _unplayable(log: Log, seat: int, entry: dict) -> Log:
    """A ply the rules refuse in a position written by hand (tests, repairs): the position
    stays, and the notation names the move."""
    words = log.game.engine.notation(log.state, entry)
    return _grown(log, Ply(seat, entry, words, None, None), log.state, log.view, False)


def _grown(log: Log, ply: Ply, state, view: dict, leave: bool) -> Log:
    number = log.ply + 1
    turns = list(log.turns)
    last = turns[-1] if turns else None
    if last and last["seat"] == ply.seat and not last["separator"]:
        turns[-1] = {**last, "last": number, "texts": [*last["texts"], ply.words]}
    else:
        turns.append({"seat": ply.seat, "first": number, "last": number, "texts": [ply.words]})
        turns[-1]["separator"] = None
    if log.game.separator and not leave:
        turns[-1]["separator"] = log.game.separator(log.view, view)
    size = log.size + len(pickle.dumps(ply, pickle.HIGHEST_PROTOCOL))
    checkpoints = log.checkpoints
    if number % CHECKPOINT == 0:
        checkpoints = (*checkpoints, state)
        size += len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return replace(
        log,
        plies=(*log.plies, ply),
        state=state,
        view=view,
        turns=tuple(turns),
        checkpoints=checkpoints,
        size=size,
    )


def _weight(log: Log) -> int:
    """About the bytes ``log`` holds in memory: its pickled size (the latest position and
    its view about the size of a kept one) times ``IN_MEMORY``."""
    latest = log.size // (len(log.checkpoints) + 1) if log.checkpoints else 0
    return IN_MEMORY * (log.size + 2 * latest + 1024)


_logs = LRU(max_entries=10_000, max_weight=settings.MATCH_LOG_BYTES, weigh=_weight)


def of(match, latest: tuple | None = None) -> Log:
    """The log of ``match`` up to its ply, read from the database only for the plies this
    process has not seen.

    ``latest``: ``(seat, entry, state, view)`` of the match's last ply (``view``: the
    spectators' view of ``state``), from the move service that just played it; when that
    ply is the only one the log lacks, it is added without reading the move back, playing
    it again or viewing the position again."""
    key = (match.pk, match.invite)
    log = _logs.get(key)
    if log is None or log.ply > match.ply:
        log = start(get_game(match.game), match.players, match.seed, match.options)
    if log.ply == match.ply:
        return log
    if latest is not None and log.ply == match.ply - 1:
        seat, entry, state, view = latest
        log = extended(log, seat, entry, state, view)
    else:
        log = _read(match, log)
    _logs.put(key, log)
    return log


def _read(match, log: Log) -> Log:
    """``log`` grown by the plies of ``match`` recorded since, up to ``match``'s own ply: a
    move recorded after ``match`` was read waits for the next read, so a reader's moves
    and its position (``match.state``) are always of the same ply."""
    rows = match.moves.filter(ply__gte=log.ply, ply__lt=match.ply).order_by("ply")
    for ply, seat, entry in rows.values_list("ply", "seat", "move"):
        if ply != log.ply:  # a hole cannot happen; read it all again rather than guess
            if not log.ply:
                break
            return _read(match, start(log.game, match.players, match.seed, match.options))
        try:
            log = extended(log, seat, entry)
        except IllegalMove:
            log = _unplayable(log, seat, entry)
    return log


def remember(match, log: Log) -> None:
    """Keeps ``log``, read by the caller for ``match`` (an import replays its record)."""
    _logs.put((match.pk, match.invite), log)


def weight() -> int:
    """The bytes the logs of this process hold, as weighed."""
    return _logs.weight
