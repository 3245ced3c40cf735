"""The Hive (Software Challenge 2020) rules engine: pure, deterministic, no Django (docs/rules.md §1, §4).

The bots play thousands of plies a move, so a position computes its moves once: the first
call that needs them (``legal_moves``, ``random_move``, ``apply``) works out the one-hive
rule for every piece at once (``free_pieces``) and every move of the seat to move as small
tuples, and keeps them on the position; ``apply`` then only looks a move up, and a move
updates hands, bees, the fields' neighbour bits (``ring_of``) and the hive's ``euler``
count instead of recounting the board.
"""

from __future__ import annotations

import random
from bisect import insort

from games.hive import codes
from games.hive.grid import BIT, CELLS, COORDS, INDEX, LINKS, OFF, coord, fields_of, label
from games.hive.moves import (
    BEE,
    EULER,
    KINDS,
    POP,
    START_RESERVE,
    Table,
    connected,
    destinations,
    euler,
    free_pieces,
    kind,
    owner,
    placement_fields,
    reach,
    ring_of,
)
from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys

MOVES_EACH = 30  # the game ends once each player has made 30 moves (skips count)
BEE_BY = 4  # the bee must be set by the player's 4th move
BLOCKED_FIELDS = 3
COLOURS = ("red", "blue")
MOVE_KEYS = {"set": {"piece", "to"}, "drag": {"from", "to"}, "skip": set()}
SET, DRAG, SKIP = 0, 1, 2  # the first entry of a move as a tuple (see ``plan``)
KIND_OF = {name: k for k, name in enumerate(KINDS)}
# IN_HAND[hand]: the kinds a hand (counts in KINDS order) still holds.
IN_HAND = Table(lambda hand: tuple(k for k, left in enumerate(hand) if left > 0))


class State:
    """One position, never changed once made (``apply`` returns a new one). Only
    ``blocked``, ``stacks`` and ``moves`` are stored in JSON; the rest follows from them
    (pieces never leave the board) and is kept for speed."""

    __slots__ = (
        "bees",
        "blk",
        "blocked",
        "drawn",
        "euler",
        "joined",
        "last",
        "left",
        "lift",
        "moves",
        "occupied",
        "plan",
        "reserves",
        "result",
        "ring",
        "stacks",
        "taken",
        "tops",
    )

    def __init__(self, blocked, blk, stacks, moves, reserves, bees, result, last=None, left=()):
        self.blocked: tuple[int, ...] = blocked  # sorted field numbers of the blocked fields
        self.blk: bytes = blk  # per field: 1 if blocked
        self.stacks: tuple[tuple[int, ...], ...] = stacks  # per field: piece codes bottom to top
        self.moves: tuple[int, int] = moves  # moves made by each seat, skips included
        self.reserves: tuple[tuple[int, ...], tuple[int, ...]] = reserves  # hand per seat
        self.bees: tuple[int, int] = bees  # field of each seat's bee, -1 while in hand
        self.result: tuple[tuple[int, ...], str] | None = result  # (winners, reason) once over
        # The latest move as (from, to) field numbers: (-1, to) a set, (-1, -1) a skip;
        # None before the first move. Stored in JSON only for the board's highlight.
        self.last: tuple[int, int] | None = last
        self.left: tuple[tuple[int, str], ...] = left  # (seat, reason) of the seat that left
        # Kept up to date by every move (``_make`` works them out for a stored position):
        self.occupied: list[int] = []  # the fields holding pieces, in order
        self.ring: list[int] = []  # ``ring_of`` the stacks
        # ``euler`` of the hive (1 while it is connected and encloses nothing) and whether it
        # is known to be connected (a move keeps it so); None until ``_counted`` for a stored
        # position, which is often read only to be shown.
        self.euler: int | None = None
        self.joined: bool | None = None
        self.tops = (0, 0)  # per seat: the fields with its piece on top, as a ``BIT`` set
        self.taken = 0  # the fields holding pieces or blocked, as a ``BIT`` set
        self.lift: list[int] | None = None  # ``free_pieces`` of the seat to move, once asked for
        self.plan: list[tuple[int, int, int]] | None = None  # ``plan(self)`` once asked for
        self.drawn: tuple[int, int, int] | None = None  # the entry drawn or ``chosen`` last

    @property
    def turn(self) -> int:
        return (self.moves[0] + self.moves[1]) % 2

    def _key(self) -> tuple:
        return (self.blocked, self.stacks, self.moves, self.result, self.last, self.left)

    def __eq__(self, other) -> bool:
        return type(other) is State and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def _make(blocked, stacks, moves, last=None) -> State:
    """Builds a State from its stored parts, deriving reserves, bees and the result."""
    blk = bytearray(CELLS)
    for i in blocked:
        blk[i] = 1
    reserves = [list(START_RESERVE), list(START_RESERVE)]
    bees = [-1, -1]
    occupied = [i for i in range(CELLS) if stacks[i]]
    for i in occupied:
        for piece in stacks[i]:
            reserves[piece >> 3][piece & 7] -= 1
            if piece & 7 == BEE:
                bees[piece >> 3] = i
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
    state.occupied = occupied
    state.ring = ring_of(occupied, state.blocked)
    tops = [0, 0]
    for i in occupied:
        tops[stacks[i][-1] >> 3] |= BIT[i]
    state.tops = (tops[0], tops[1])
    state.taken = tops[0] | tops[1] | sum(BIT[i] for i in state.blocked)
    return _with_result(state)


def free_around(state: State, seat: int) -> int:
    """Free fields next to ``seat``'s bee (neither occupied, blocked nor off the board); 0 in hand."""
    bee = state.bees[seat]
    return 0 if bee < 0 else _free_next(state.ring, bee)


def _free_next(ring: list[int], field: int) -> int:
    """Free fields next to ``field``: 6 less those holding pieces, blocked or off the board."""
    key = ring[field]
    return 6 - POP[(key | key >> 6 | OFF[field]) & 63]


def _with_result(state: State) -> State:
    """Sets ``result`` if a bee is surrounded or both seats have made their 30 moves."""
    ring, (bee0, bee1) = state.ring, state.bees
    surrounded0 = bee0 >= 0 and not _free_next(ring, bee0)
    surrounded1 = bee1 >= 0 and not _free_next(ring, bee1)
    result = None
    if surrounded0 and surrounded1:
        result = ((), "both bees surrounded")
    elif surrounded0 or surrounded1:
        result = ((1 if surrounded0 else 0,), "bee surrounded")
    elif min(state.moves) >= MOVES_EACH:
        free = [free_around(state, 0), free_around(state, 1)]
        winners = () if free[0] == free[1] else ((0,) if free[0] > free[1] else (1,))
        result = (winners, "move limit")
    state.result = result
    return state


def _must_set_bee(state: State, seat: int) -> bool:
    """From the player's 4th move on, a player without a bee on the board may only set it."""
    return state.bees[seat] < 0 and state.moves[seat] >= BEE_BY - 1


def _settable_kinds(state: State, seat: int) -> tuple[int, ...]:
    if _must_set_bee(state, seat):
        return (BEE,)
    return IN_HAND[state.reserves[seat]]


def _counted(state: State) -> None:
    """Works out ``euler`` and ``joined`` where they are not known yet."""
    if state.euler is None:
        state.euler = euler(state.occupied, state.ring)
        state.joined = connected(state.stacks, state.occupied)


def _placement_bits(state: State, seat: int) -> int:
    first = sum(state.reserves[seat]) == sum(START_RESERVE)
    return placement_fields(state.tops, state.taken, seat, first)


def _placement_fields(state: State, seat: int) -> list[int]:
    return fields_of(_placement_bits(state, seat))


def _free_pieces(state: State) -> list[int]:
    """``free_pieces`` of the seat to move, worked out once."""
    if state.lift is None:
        _counted(state)
        whole = state.joined and state.euler == 1
        state.lift = free_pieces(state.stacks, state.occupied, state.turn, state.ring, whole)
    return state.lift


def _destinations(state: State, a: int) -> list[int]:
    return destinations(state.stacks, state.blk, a, state.ring)


def _drags(state: State, seat: int) -> list[tuple[int, int, int]]:
    """(DRAG, from, to) for every legal drag of ``seat`` (the seat to move): only once its
    bee is set."""
    return [(DRAG, a, b) for a, found in _reached(state, seat) for b in found]


def _reached(state: State, seat: int) -> list[tuple[int, list[int]]]:
    """(from, the fields it may go to) for each piece ``seat`` may drag, in order."""
    if state.bees[seat] < 0:
        return []
    stacks, blk, lift = state.stacks, state.blk, _free_pieces(state)
    ring = list(state.ring)
    return [(a, reach(stacks, blk, a, ring)) for a in lift]


def _draw(state: State, rng) -> tuple[int, int, int]:
    """``rng.choice(plan(state))`` (the same draw) without making the plan's entries."""
    seat = state.turn
    kinds = _settable_kinds(state, seat)
    fields = _placement_bits(state, seat) if kinds else 0
    total = sets = fields.bit_count() * len(kinds)
    reached = _reached(state, seat)
    for _, found in reached:
        total += len(found)
    if total == 0:
        rng.choice(range(1))  # what choosing the skip, the only entry, draws
        return (SKIP, -1, -1)
    i = rng.choice(range(total))
    if i < sets:
        return (SET, kinds[i % len(kinds)], fields_of(fields)[i // len(kinds)])
    i -= sets
    for a, found in reached:
        if i < len(found):
            return (DRAG, a, found[i])
        i -= len(found)
    raise AssertionError("drew past the last move")  # never: i < total


def plan(state: State) -> list[tuple[int, int, int]]:
    """Every legal move of the seat to move, in ``legal_moves``' order, as tuples:
    ``(SET, kind, to)``, ``(DRAG, from, to)`` or ``(SKIP, -1, -1)``; [] once the game is over.
    Worked out once per position."""
    if state.plan is None:
        found: list[tuple[int, int, int]] = []
        if state.result is None:
            seat = state.turn
            kinds = _settable_kinds(state, seat)
            if kinds:
                found = [(SET, k, i) for i in _placement_fields(state, seat) for k in kinds]
            found += _drags(state, seat)
            if not found:
                found.append((SKIP, -1, -1))
        state.plan = found
    return state.plan


def as_move(entry: tuple[int, int, int]) -> dict:
    """The move dict of one ``plan`` entry."""
    what, x, y = entry
    if what == SET:
        return {"type": "set", "piece": KINDS[x], "to": list(COORDS[y])}
    if what == DRAG:
        return {"type": "drag", "from": list(COORDS[x]), "to": list(COORDS[y])}
    return {"type": "skip"}


def chosen(state: State, entry: tuple[int, int, int]) -> dict:
    """The move dict of the ``plan`` entry a player chose in ``state``; ``apply`` plays it
    without looking it up, as it plays what ``random_move`` drew."""
    state.drawn = entry
    return as_move(entry)


def _entry(move) -> tuple[int, int, int] | None:
    """A well-formed move dict as a ``plan`` entry (not checked against the rules), else None."""
    if type(move) is not dict:
        return None
    what = move.get("type")
    if what == "set" and len(move) == 3:
        k = KIND_OF.get(move.get("piece")) if type(move.get("piece")) is str else None
        to = _cell(move.get("to"))
        return None if k is None or to is None else (SET, k, to)
    if what == "drag" and len(move) == 3:
        a, b = _cell(move.get("from")), _cell(move.get("to"))
        return None if a is None or b is None else (DRAG, a, b)
    if what == "skip" and len(move) == 1:
        return (SKIP, -1, -1)
    return None


def _cell(value) -> int | None:
    if type(value) is list and len(value) == 3:
        q, r, s = value
        if type(q) is int and type(r) is int and type(s) is int:
            return INDEX.get((q, r, s))
    return None


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
    codes = codes  # its move codes' format (docs/rules.md §1.4)

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
        for entry in plan(state):
            yield as_move(entry)

    def random_move(self, state: State, seat: int, rng) -> dict:
        """Uniform over ``legal_moves``, drawn as ``rng.choice`` of that list would draw it."""
        if seat not in self.to_move(state):
            raise IndexError("no legal move to choose from")
        listed = state.plan
        state.drawn = entry = _draw(state, rng) if listed is None else rng.choice(listed)
        return as_move(entry)

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat``'s move; raises IllegalMove for anything the rules refuse."""
        if state.result is None and type(seat) is int and seat == state.turn:
            # The move random_move drew, or one of the moves worked out, is played at once;
            # anything else takes the checks below, which say what is wrong.
            listed = state.plan
            if listed is not None or state.drawn is not None:
                entry = _entry(move)
                if entry is not None and (
                    entry == state.drawn or (listed is not None and entry in listed)
                ):
                    return self._play(state, seat, entry)
        kind_ = require_keys(move, MOVE_KEYS)
        if type(seat) is not int or seat not in self.to_move(state):
            raise IllegalMove("The game is over." if state.result else "It is not your turn.")
        if kind_ == "set":
            return self._set(state, seat, move)
        if kind_ == "drag":
            return self._drag(state, seat, move)
        if next(iter(self._non_skip(state, seat)), None) is not None:
            raise IllegalMove("You may only skip when you can neither set nor move a piece.")
        return self._play(state, seat, (SKIP, -1, -1))

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason."""
        check_leave(seat, reason, 2, state.left, state.result is not None)
        left = State(
            state.blocked,
            state.blk,
            state.stacks,
            state.moves,
            state.reserves,
            state.bees,
            ((1 - seat,), reason),
            state.last,
            ((seat, reason),),
        )
        left.occupied, left.ring = state.occupied, state.ring
        left.euler, left.joined = state.euler, state.joined
        left.tops, left.taken = state.tops, state.taken
        return left

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
        return self._play(state, seat, (SET, k, to))

    def _drag(self, state: State, seat: int, move) -> State:
        a = _field(move["from"], "The starting field")
        b = _field(move["to"], "The target field")
        stack = state.stacks[a]
        if not stack or owner(stack[-1]) != seat:
            raise IllegalMove(f"There is no piece of yours on top at {label(a)}.")
        if state.bees[seat] < 0:
            raise IllegalMove("You may move pieces only after setting your bee.")
        if a not in _free_pieces(state):
            raise IllegalMove("Lifting that piece would split the hive.")
        if b not in _destinations(state, a):
            raise IllegalMove(
                f"The {KINDS[kind(stack[-1])]} on {label(a)} cannot move to {label(b)}."
            )
        return self._play(state, seat, (DRAG, a, b))

    def _play(self, state: State, seat: int, entry: tuple[int, int, int]) -> State:
        """The position after ``seat`` played ``entry`` (a legal ``plan`` entry)."""
        what, x, y = entry
        m0, m1 = state.moves
        moves = (m0 + 1, m1) if seat == 0 else (m0, m1 + 1)
        reserves, bees, stacks = state.reserves, state.bees, state.stacks
        _counted(state)
        occupied, ring, euler_ = state.occupied, state.ring, state.euler
        tops, taken = state.tops, state.taken
        if what == SET:
            hand = list(reserves[seat])
            hand[x] -= 1
            reserves = (tuple(hand), reserves[1]) if seat == 0 else (reserves[0], tuple(hand))
            if x == BEE:
                bees = (y, bees[1]) if seat == 0 else (bees[0], y)
            stacks = (*stacks[:y], (seat << 3 | x,), *stacks[y + 1 :])
            last = (-1, y)
            occupied = list(occupied)
            insort(occupied, y)
            ring = list(ring)
            euler_ += EULER[ring[y] & 63]
            for n, bit in LINKS[y]:
                ring[n] |= bit
            taken |= BIT[y]
            tops = (tops[0] | BIT[y], tops[1]) if seat == 0 else (tops[0], tops[1] | BIT[y])
        elif what == DRAG:
            stack = stacks[x]
            piece = stack[-1]
            if piece & 7 == BEE:
                bees = (y, bees[1]) if seat == 0 else (bees[0], y)
            lifted, landed = len(stack) == 1, not stacks[y]
            if lifted or landed:
                occupied = list(occupied)
                ring = list(ring)
            if lifted:
                occupied.remove(x)
                for n, bit in LINKS[x]:
                    ring[n] ^= bit
                euler_ -= EULER[ring[x] & 63]
            if landed:
                insort(occupied, y)
                euler_ += EULER[ring[y] & 63]
                for n, bit in LINKS[y]:
                    ring[n] |= bit
            mine, theirs = tops[seat] & ~BIT[x] | BIT[y], tops[1 - seat] & ~BIT[y]
            if lifted:
                taken ^= BIT[x]
            elif stack[-2] >> 3 != seat:
                theirs |= BIT[x]
            else:
                mine |= BIT[x]
            taken |= BIT[y]
            tops = (mine, theirs) if seat == 0 else (theirs, mine)
            changed = list(stacks)
            changed[x] = stack[:-1]
            changed[y] = (*stacks[y], piece)
            stacks = tuple(changed)
            last = (x, y)
        else:
            last = (-1, -1)
        new = State(state.blocked, state.blk, stacks, moves, reserves, bees, None, last)
        # A legal move keeps a connected hive connected (the one-hive rule, contact on landing).
        new.occupied, new.ring, new.euler, new.joined = occupied, ring, euler_, state.joined
        new.tops, new.taken = tops, taken
        return _with_result(new)

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
            stacks[INDEX[tuple(field)]] = tuple([seat << 3 | KINDS.index(k) for seat, k in stack])
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
