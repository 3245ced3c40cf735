"""The Hive (Software Challenge 2020) rules engine: pure, deterministic, no Django (docs/rules.md §1, §4)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.hive import codes
from games.rules.hive.grid import ADJACENT, CELLS, INDEX, coord, label
from games.rules.hive.moves import (
    BEE,
    KINDS,
    START_RESERVE,
    destinations,
    kind,
    liftable,
    owner,
    placement_fields,
)

MOVES_EACH = 30  # the game ends once each player has made 30 moves (skips count)
BEE_BY = 4  # the bee must be set by the player's 4th move
BLOCKED_FIELDS = 3
COLOURS = ("red", "blue")
MOVE_KEYS = {"set": {"piece", "to"}, "drag": {"from", "to"}, "skip": set()}


@dataclass(frozen=True)
class State:
    """One position. Only ``blocked``, ``stacks`` and ``moves`` are stored in JSON; the
    rest follows from them (pieces never leave the board) and is kept for speed."""

    blocked: tuple[int, ...]  # sorted field numbers of the blocked fields
    blk: bytes  # per field: 1 if blocked
    stacks: tuple[tuple[int, ...], ...]  # per field: piece codes bottom to top
    moves: tuple[int, int]  # moves made by each seat, skips included
    reserves: tuple[tuple[int, ...], tuple[int, ...]]  # pieces in hand per seat, KINDS order
    bees: tuple[int, int]  # field of each seat's bee, -1 while in hand
    result: tuple[tuple[int, ...], str] | None  # (winners, reason) once over
    # The latest move as (from, to) field numbers: (-1, to) a set, (-1, -1) a skip;
    # None before the first move. Stored in JSON only for the board's highlight.
    last: tuple[int, int] | None = None
    left: tuple[tuple[int, str], ...] = ()  # (seat, reason) of the seat that left

    @property
    def turn(self) -> int:
        return (self.moves[0] + self.moves[1]) % 2


def _make(blocked, stacks, moves, last=None) -> State:
    """Builds a State from its stored parts, deriving reserves, bees and the result."""
    blk = bytearray(CELLS)
    for i in blocked:
        blk[i] = 1
    reserves = [list(START_RESERVE), list(START_RESERVE)]
    bees = [-1, -1]
    for i, stack in enumerate(stacks):
        for piece in stack:
            reserves[owner(piece)][kind(piece)] -= 1
            if kind(piece) == BEE:
                bees[owner(piece)] = i
    state = State(
        blocked=tuple(sorted(blocked)),
        blk=bytes(blk),
        stacks=tuple(stacks),
        moves=(moves[0], moves[1]),
        reserves=(tuple(reserves[0]), tuple(reserves[1])),
        bees=(bees[0], bees[1]),
        result=None,
        last=last,
    )
    return _with_result(state)


def free_around(state: State, seat: int) -> int:
    """Free fields next to ``seat``'s bee (neither occupied, blocked nor off the board); 0 in hand."""
    bee = state.bees[seat]
    if bee < 0:
        return 0
    stacks, blk = state.stacks, state.blk
    return sum(1 for n in ADJACENT[bee] if not stacks[n] and not blk[n])


def _with_result(state: State) -> State:
    """Sets ``result`` if a bee is surrounded or both seats have made their 30 moves."""
    surrounded = [state.bees[s] >= 0 and free_around(state, s) == 0 for s in (0, 1)]
    result = None
    if surrounded[0] and surrounded[1]:
        result = ((), "both bees surrounded")
    elif surrounded[0] or surrounded[1]:
        result = ((1 if surrounded[0] else 0,), "bee surrounded")
    elif min(state.moves) >= MOVES_EACH:
        free = [free_around(state, 0), free_around(state, 1)]
        winners = () if free[0] == free[1] else ((0,) if free[0] > free[1] else (1,))
        result = (winners, "move limit")
    if result is None:
        return state
    return State(
        state.blocked,
        state.blk,
        state.stacks,
        state.moves,
        state.reserves,
        state.bees,
        result,
        state.last,
    )


def _must_set_bee(state: State, seat: int) -> bool:
    """From the player's 4th move on, a player without a bee on the board may only set it."""
    return state.bees[seat] < 0 and state.moves[seat] >= BEE_BY - 1


def _settable_kinds(state: State, seat: int) -> list[int]:
    if _must_set_bee(state, seat):
        return [BEE]
    return [k for k in range(len(KINDS)) if state.reserves[seat][k] > 0]


def _placement_fields(state: State, seat: int) -> list[int]:
    first = sum(state.reserves[seat]) == sum(START_RESERVE)
    return placement_fields(state.stacks, state.blk, seat, first)


def _drags(state: State, seat: int):
    """(from, to) for every legal drag of ``seat``: only once its bee is set."""
    if state.bees[seat] < 0:
        return
    stacks, blk = state.stacks, state.blk
    free = None
    for a in range(CELLS):
        stack = stacks[a]
        if stack and owner(stack[-1]) == seat:
            if free is None:
                free = liftable(stacks)
            if free[a]:
                for b in destinations(stacks, blk, a):
                    yield a, b


def _field(value, what: str) -> int:
    q, r, s = int_list(value, 3, what, -5, 5)
    if q + r + s != 0:
        raise IllegalMove(f"{what} [{q}, {r}, {s}] is not a field: q + r + s must be 0.")
    if (q, r, s) not in INDEX:
        raise IllegalMove(f"{what} [{q}, {r}, {s}] is off the board.")
    return INDEX[(q, r, s)]


def _check_blocked(value) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) != BLOCKED_FIELDS:
        raise ValueError(f"blocked must list exactly {BLOCKED_FIELDS} fields [q, r, s].")
    fields = []
    for item in value:
        try:
            fields.append(_field(item, "A blocked field"))
        except IllegalMove as error:
            raise ValueError(str(error)) from None
    if len(set(fields)) != len(fields):
        raise ValueError("The blocked fields must be distinct.")
    return tuple(fields)


def _last_view(last: tuple[int, int] | None) -> dict | None:
    """The latest move for the board: {"type", "from", "to"} with fields as [q, r, s]."""
    if last is None:
        return None
    a, b = last
    if b < 0:
        return {"type": "skip", "from": None, "to": None}
    return {
        "type": "drag" if a >= 0 else "set",
        "from": coord(a) if a >= 0 else None,
        "to": coord(b),
    }


def _last_from_json(data: dict | None) -> tuple[int, int] | None:
    """Reads ``_last_view``'s form back; absent in hand-written positions and older records."""
    if data is None:
        return None
    if data["type"] == "skip":
        return (-1, -1)
    start = INDEX[tuple(data["from"])] if data["from"] is not None else -1
    return (start, INDEX[tuple(data["to"])])


class HiveEngine(EngineBase):
    slug = "hive"
    name = "Hive (Software Challenge 2020)"
    min_players = 2
    max_players = 2
    code_examples = codes.EXAMPLES

    def write_code(self, state, move: dict) -> str:
        """The move's code (docs/rules.md §1.4; the format is in ``codes.py``)."""
        return codes.write(state, move)

    def read_code(self, state, code: str) -> dict | None:
        return codes.read(state, code)

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """The empty board with three blocked fields; ``{"blocked": [[q, r, s] ×3]}`` fixes them."""
        if players != 2:
            raise ValueError("Hive is for exactly two players.")
        options = option_dict(options, {"blocked"}, "Hive")
        if "blocked" in options:
            blocked = _check_blocked(options["blocked"])
        else:
            blocked = tuple(random.Random(seed).sample(range(CELLS), BLOCKED_FIELDS))
        return _make(blocked, ((),) * CELLS, (0, 0))

    def to_move(self, state: State) -> list[int]:
        return [] if state.result is not None else [state.turn]

    def legal_moves(self, state: State, seat: int):
        """Yields every set and drag ``seat`` may make, or only a skip when there is none."""
        if seat not in self.to_move(state):
            return
        any_move = False
        kinds = _settable_kinds(state, seat)
        if kinds:
            for i in _placement_fields(state, seat):
                for k in kinds:
                    any_move = True
                    yield {"type": "set", "piece": KINDS[k], "to": coord(i)}
        for a, b in _drags(state, seat):
            any_move = True
            yield {"type": "drag", "from": coord(a), "to": coord(b)}
        if not any_move:
            yield {"type": "skip"}

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat``'s move; raises IllegalMove for anything the rules refuse."""
        kind_ = require_keys(move, MOVE_KEYS)
        if type(seat) is not int or seat not in self.to_move(state):
            raise IllegalMove("The game is over." if state.result else "It is not your turn.")
        if kind_ == "set":
            return self._set(state, seat, move)
        if kind_ == "drag":
            return self._drag(state, seat, move)
        if next(iter(self._non_skip(state, seat)), None) is not None:
            raise IllegalMove("You may only skip when you can neither set nor move a piece.")
        return self._advance(state, seat, state.stacks, (-1, -1))

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason."""
        check_leave(seat, reason, 2, state.left, state.result is not None)
        return replace(state, left=((seat, reason),), result=((1 - seat,), reason))

    def _non_skip(self, state: State, seat: int):
        if _settable_kinds(state, seat) and _placement_fields(state, seat):
            yield True
        for _ in _drags(state, seat):
            yield True
            return

    def _set(self, state: State, seat: int, move) -> State:
        piece = move["piece"]
        if not isinstance(piece, str) or piece not in KINDS:
            raise IllegalMove(f"Unknown piece {piece!r}; expected one of {list(KINDS)}.")
        to = _field(move["to"], "The target field")
        k = KINDS.index(piece)
        if state.reserves[seat][k] == 0:
            raise IllegalMove(f"You have no {piece} left to set.")
        if _must_set_bee(state, seat) and k != BEE:
            raise IllegalMove("Your bee must be set by your 4th move: set the BEE now.")
        if state.blk[to]:
            raise IllegalMove(f"{label(to)} is blocked.")
        if state.stacks[to]:
            raise IllegalMove(f"{label(to)} is not free.")
        if to not in _placement_fields(state, seat):
            if sum(state.reserves[seat]) == sum(START_RESERVE):
                raise IllegalMove("Your first piece must touch the piece already on the board.")
            raise IllegalMove(
                "A new piece must touch one of your own pieces and none of your opponent's."
            )
        stacks = list(state.stacks)
        stacks[to] = (seat << 3 | k,)
        return self._advance(state, seat, tuple(stacks), (-1, to))

    def _drag(self, state: State, seat: int, move) -> State:
        a = _field(move["from"], "The starting field")
        b = _field(move["to"], "The target field")
        stack = state.stacks[a]
        if not stack or owner(stack[-1]) != seat:
            raise IllegalMove(f"There is no piece of yours on top at {label(a)}.")
        if state.bees[seat] < 0:
            raise IllegalMove("You may move pieces only after setting your bee.")
        if not liftable(state.stacks)[a]:
            raise IllegalMove("Lifting that piece would split the hive.")
        if b not in destinations(state.stacks, state.blk, a):
            raise IllegalMove(
                f"The {KINDS[kind(stack[-1])]} on {label(a)} cannot move to {label(b)}."
            )
        stacks = list(state.stacks)
        stacks[a] = stack[:-1]
        stacks[b] = (*stacks[b], stack[-1])
        return self._advance(state, seat, tuple(stacks), (a, b))

    def _advance(self, state: State, seat: int, stacks, last: tuple[int, int]) -> State:
        moves = list(state.moves)
        moves[seat] += 1
        if stacks is state.stacks:
            reserves, bees = state.reserves, state.bees
            new = State(
                state.blocked, state.blk, stacks, (moves[0], moves[1]), reserves, bees, None, last
            )
            return _with_result(new)
        return _make(state.blocked, stacks, moves, last)

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public in Hive, so every seat and spectators see the same."""
        board = []
        for i, stack in enumerate(state.stacks):
            if stack:
                board.append(
                    {
                        "field": coord(i),
                        "stack": [
                            {
                                "seat": owner(p),
                                "colour": COLOURS[owner(p)],
                                "piece": KINDS[kind(p)],
                            }
                            for p in stack
                        ],
                    }
                )
        free = [free_around(state, s) if state.bees[s] >= 0 else None for s in (0, 1)]
        made = sum(state.moves)
        return {
            "players": 2,
            "to_move": self.to_move(state),
            "outcome": self.outcome(state),
            "scores": [free_around(state, 0), free_around(state, 1)],
            "colours": list(COLOURS),
            "radius": 5,
            "board": board,
            "blocked": [coord(i) for i in state.blocked],
            "reserves": [
                {KINDS[k]: state.reserves[s][k] for k in range(len(KINDS))} for s in (0, 1)
            ],
            "moves_made": list(state.moves),
            "round": min(made // 2 + 1, MOVES_EACH),
            "rounds": MOVES_EACH,
            "bees": [coord(b) if b >= 0 else None for b in state.bees],
            "free_around_bee": free,
            "must_set_bee": [_must_set_bee(state, s) for s in (0, 1)],
            "last": _last_view(state.last),
            "left": [list(entry) for entry in state.left],
        }

    def outcome(self, state: State) -> dict | None:
        if state.result is None:
            return None
        winners, reason = state.result
        return {
            "winners": list(winners),
            "scores": [free_around(state, 0), free_around(state, 1)],
            "reason": reason,
        }

    def to_json(self, state: State) -> dict:
        return {
            "blocked": [coord(i) for i in state.blocked],
            "board": [
                [coord(i), [[owner(p), KINDS[kind(p)]] for p in stack]]
                for i, stack in enumerate(state.stacks)
                if stack
            ],
            "moves": list(state.moves),
            "last": _last_view(state.last),
            "left": [list(entry) for entry in state.left],
        }

    def from_json(self, data: dict) -> State:
        stacks = [()] * CELLS
        for field, stack in data["board"]:
            stacks[INDEX[tuple(field)]] = tuple(seat << 3 | KINDS.index(k) for seat, k in stack)
        blocked = tuple(INDEX[tuple(f)] for f in data["blocked"])
        state = _make(blocked, stacks, data["moves"], _last_from_json(data.get("last")))
        for seat, reason in data.get("left", ()):
            state = self.leave(state, seat, reason)
        return state

    def notation(self, state: State, move: dict) -> str:
        """ "set ANT (1,-2,1)", "BEETLE (0,0,0)→(1,-1,0)" (the piece on top before the drag), "skip"."""
        if move.get("type") == "skip":
            return "skip"

        def field(c) -> str:
            return "(" + ",".join(str(v) for v in c) + ")"

        if move.get("type") == "set":
            return f"set {move['piece']} {field(move['to'])}"
        text = f"{field(move['from'])}→{field(move['to'])}"
        start = INDEX.get(tuple(move["from"]))
        if start is not None and state.stacks[start]:
            text = f"{KINDS[kind(state.stacks[start][-1])]} {text}"
        return text


ENGINE = HiveEngine()

__all__ = ["ENGINE", "HiveEngine", "State"]
