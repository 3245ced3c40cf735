"""The protocol every rules engine shares (docs/rules.md §1); each engine is in its game's
package (``games/<game>/engine.py``).

Nothing here or in an engine imports Django or Channels, reads a clock or touches a file or
the network: an engine is a deterministic function of its seed, options and moves
(``tests/engines/test_purity.py`` holds this).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Protocol

Move = dict[str, Any]

# Move codes (docs/rules.md §1.4): short text that names one move and may stand in a URL path.
MAX_CODE_LENGTH = 64
CODE_ALPHABET = "A-Z a-z 0-9 . _ ~ -"
CODE_PATTERN = re.compile(r"[A-Za-z0-9._~-]+")

# Why a seat left a match (docs/rules.md §7).
LEAVE_REASONS = ("resigned", "time", "abandoned")
# How a leave entry reads in a move list.
LEAVE_NOTATION = {"resigned": "resigned", "time": "lost on time", "abandoned": "left (abandoned)"}


class IllegalMove(ValueError):
    """A move the rules refuse; the message is written for the player."""


class Engine(Protocol):
    slug: str
    name: str
    min_players: int
    max_players: int

    def setup(self, players: int, seed: int, options: dict | None = None) -> Any: ...
    def to_move(self, state: Any) -> list[int]: ...
    def legal_moves(self, state: Any, seat: int) -> Iterable[Move]: ...
    def apply(self, state: Any, seat: int, move: Move) -> Any: ...
    def leave(self, state: Any, seat: int, reason: str) -> Any: ...
    def view(self, state: Any, seat: int | None) -> dict: ...
    def outcome(self, state: Any) -> dict | None: ...
    def to_json(self, state: Any) -> dict: ...
    def from_json(self, data: dict) -> Any: ...
    def notation(self, state: Any, move: Move) -> str: ...
    def random_move(self, state: Any, seat: int, rng) -> Move: ...
    def is_legal(self, state: Any, seat: int, move: Move) -> bool: ...
    def replay_view(self, state: Any) -> dict: ...
    def encode(self, state: Any, move: Move) -> str: ...
    def decode(self, state: Any, code: str) -> Move: ...
    def public_code(self, state: Any, move: Move) -> str | None: ...


class EngineBase:
    """Defaults that every engine may keep: sampling a move, the replay's view, move codes.

    For move codes an engine names its ``codes`` module (the game's format: its ``write``,
    ``read`` and ``EXAMPLES``), or writes the two hooks ``write_code`` and ``read_code`` and
    sets ``code_examples`` itself; ``encode`` and ``decode`` here add the checks every game
    shares.
    """

    codes: Any = None  # the game's move-code module, if it has one

    @property
    def code_examples(self) -> str:
        """How this game's codes look, quoted in decode's refusals."""
        return self.codes.EXAMPLES if self.codes is not None else ""

    def random_move(self, state: Any, seat: int, rng) -> Move:
        """Returns a uniformly random legal move (engines with huge move spaces override it)."""
        return rng.choice(list(self.legal_moves(state, seat)))

    def is_legal(self, state: Any, seat: int, move: Move) -> bool:
        """Whether ``legal_moves`` lists ``move`` (engines with huge move spaces override it)."""
        return move in list(self.legal_moves(state, seat))

    def replay_view(self, state: Any) -> dict:
        """What a replay of a finished match shows at ``state``: a spectator's view by default."""
        return self.view(state, None)

    def write_code(self, state: Any, move: Move) -> str:
        """The code of a well-formed ``move`` at ``state`` (the game's format); may raise."""
        if self.codes is None:
            raise NotImplementedError
        return self.codes.write(state, move)

    def read_code(self, state: Any, code: str) -> Move | None:
        """The move a code's text names (its form only, not the rules), or None if none."""
        if self.codes is None:
            raise NotImplementedError
        return self.codes.read(state, code)

    def encode(self, state: Any, move: Move) -> str:
        """The move's code at ``state``, the position before it (docs/rules.md §1.4).

        Checks the move's form, not the rules: IllegalMove for anything that is not a
        move of this game, since only a move reads back from its code.
        """
        try:
            code = self.write_code(state, move)
            named = self._read(state, code) if isinstance(code, str) else None
            same = named is not None and _key(named) == _key(move)
        except IllegalMove:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError):
            same = False
        if not same:
            raise IllegalMove(f"{_short(move)} is not a {self.name} move, so it has no code.")
        return code

    def public_code(self, state: Any, move: Move) -> str | None:
        """The code the other seats and spectators see of ``move`` while the match runs, where
        its own code carries a secret (docs/api.md, "Secrets"); None when it hides nothing,
        as in every game without secret moves."""
        return None

    def decode(self, state: Any, code: Any) -> Move:
        """The legal move of the seat to move whose code is ``code`` (docs/rules.md §1.4).

        Equal to the move ``legal_moves`` lists. IllegalMove, saying why, for a code that
        is not a string, too long, written with other characters, names no move, names a
        move the rules refuse now, or is not written the way ``encode`` writes it.
        """
        if not isinstance(code, str):
            raise IllegalMove(f"A move code is a string, not {type(code).__name__}.")
        if len(code) > MAX_CODE_LENGTH:
            raise IllegalMove(
                f"A move code has at most {MAX_CODE_LENGTH} characters; this one has {len(code)}."
            )
        if not CODE_PATTERN.fullmatch(code):
            raise IllegalMove(
                f"The move code {code!r} may use only the characters {CODE_ALPHABET} "
                "and is never empty."
            )
        move = self._read(state, code)
        if move is None:
            raise IllegalMove(
                f"No legal move has the code {code!r}; {self.name} codes look like "
                f"{self.code_examples}."
            )
        seats = self.to_move(state)
        if not seats:
            raise IllegalMove(f"No legal move has the code {code!r}: the game is over.")
        try:
            self.apply(state, seats[0], move)
        except IllegalMove as refusal:
            raise IllegalMove(
                f"No legal move has the code {code!r}: it names "
                f"{self.notation(state, move)!r}, which the rules refuse now: {refusal}"
            ) from None
        written = self.encode(state, move)
        if written != code:
            raise IllegalMove(
                f"No legal move has the code {code!r}; the move it reads as is written {written!r}."
            )
        return move

    def _read(self, state: Any, code: str) -> Move | None:
        """``read_code`` within the length and alphabet every code keeps."""
        if len(code) > MAX_CODE_LENGTH or not CODE_PATTERN.fullmatch(code):
            return None
        return self.read_code(state, code)


def _key(move: Any) -> str:
    """A move as JSON text: tells ``true`` from ``1``, as ``apply`` does."""
    return json.dumps(move, sort_keys=True, default=repr)


def _short(move: Any) -> str:
    try:
        text = repr(move)
    except RecursionError:
        return "That"
    return text if len(text) <= 80 else text[:77] + "..."


def check_leave(seat: Any, reason: Any, players: int, left, over: bool) -> None:
    """Raises IllegalMove unless ``seat`` may leave now for ``reason`` (docs/rules.md §7).

    ``left`` is the (seat, reason) pairs of the seats that already left; ``over`` whether
    the game has ended. Any seat still in a running game may leave, its turn or not.
    """
    if not isinstance(reason, str) or reason not in LEAVE_REASONS:
        raise IllegalMove(
            f"Unknown reason for leaving {reason!r}; expected one of {LEAVE_REASONS}."
        )
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalMove("There is no such seat in this game.")
    if over:
        raise IllegalMove("The game is over.")
    if any(s == seat for s, _ in left):
        raise IllegalMove("That player has already left the game.")


def play_entry(engine: Engine, state: Any, seat: int, entry: Any) -> Any:
    """Plays one entry of a match's move log by ``seat``: a leave or a move.

    A match is its setup plus its ordered entries, and leaving is one of them
    (``{"type": "leave", "reason": ...}``), so every replay goes through here.
    """
    if isinstance(entry, dict) and entry.get("type") == "leave":
        if set(entry) != {"type", "reason"}:
            raise IllegalMove('A leave entry is {"type": "leave", "reason": ...} and nothing more.')
        return engine.leave(state, seat, entry["reason"])
    return engine.apply(state, seat, entry)


def entry_notation(engine: Engine, state: Any, entry: Move) -> str:
    """How one log entry reads in a move list: the engine's notation, or the leave's words."""
    if entry.get("type") == "leave":
        return LEAVE_NOTATION[entry["reason"]]
    return engine.notation(state, entry)
