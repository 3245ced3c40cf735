"""The Powerdrain rules engine: pure, deterministic, no Django (docs/rules.md §1 and §6).

The bots play thousands of games a move, and analysis, the ladder, replays and programs
list every position's moves, so a state is flat and a move changes it by a few integer
operations, never copying a tuple: the 25 sections in row-major order, the empty ones
as one bit each (their shared move list is two table lookups), and each side's base
voltages packed into one number as a move adds them, so that a tally is a few operations
on two numbers instead of a walk over the neighbours.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import NamedTuple

from games.powerdrain import codes
from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.frozen import FrozenMove, frozen

SIZE = 5
SECTIONS = SIZE * SIZE
POTENTIALS = (1, 3, 5, 7, 9)
PLUGS = tuple(f"{a}{b}" for a in "2468" for b in "2468")  # all 16 ordered pairs
COLUMNS = "abcde"
AT = tuple((i // SIZE, i % SIZE) for i in range(SECTIONS))  # section number -> (row, col)
DIGITS = {plug: (int(plug[0]), int(plug[1])) for plug in PLUGS}
SIGN = (1, -1)  # a seat's sign in ``State.volts``
PLUG_AT = {plug: tuple(n << 4 * i for i in range(SECTIONS)) for n, plug in enumerate(PLUGS)}
# DISTANCE[plug]: |first digit - p| and |second digit - p| for each potential p (by index):
# a plug's base voltage on a section is the row's entry of one plus the column's of the other.
DISTANCE = {
    plug: tuple(tuple(abs(d - p) for p in range(max(POTENTIALS) + 1)) for d in DIGITS[plug])
    for plug in PLUGS
}


SPOT = attrgetter("spot")


class Place(FrozenMove):
    """A place of the pile's next plug as ``legal_moves`` lists it (``spot``: its section):
    ``apply`` knows its form by its type, from a shared move of another game too."""

    __slots__ = ()


class PlacePlug(FrozenMove):
    """A draft game's place of a chosen plug, as ``legal_moves`` lists it."""

    __slots__ = ()


# The moves ``legal_moves`` lists, made once (games/rules/frozen.py): a place on section i,
# and in a draft game a place of each plug there.
PLACE = tuple(frozen({"type": "place", "at": list(AT[i])}, i, Place) for i in range(SECTIONS))
PLACE_PLUG = {
    plug: tuple(
        frozen({"type": "place", "plug": plug, "at": list(AT[i])}, i, PlacePlug)
        for i in range(SECTIONS)
    )
    for plug in PLUGS
}


def _listings(first: int, count: int) -> tuple[tuple[Place, ...], ...]:
    """``PLACE`` of the sections ``first`` .. ``first + count - 1`` whose bits are set in the
    index, in order: each new bit's half of the table is the table so far plus its move."""
    table = [()]
    for bit in range(count):
        move = (PLACE[first + bit],)
        table += [listed + move for listed in table]
    return tuple(table)


# A state's empty sections are the bits of ``State.free``; the moves onto them are its low
# and high bits' listings joined (two tables of 8,192 and 4,096 tuples, not one of 2**25).
LOW = 13
LOW_MASK = (1 << LOW) - 1
LISTED_LOW = _listings(0, LOW)
LISTED_HIGH = _listings(LOW, SECTIONS - LOW)
ALL_FREE = (1 << SECTIONS) - 1

# ``State.pos`` and ``State.neg`` hold seat 0's and seat 1's base voltages, one LANE of
# bits a section (a base is at most 14, four of them 56: bit 8 of a lane stays clear, and
# the low byte of each lane is its value, so ``lanes`` reads them all at once).
LANE = 16
ROW = LANE * SIZE
SHIFT = tuple(LANE * i for i in range(SECTIONS))
ONES = sum(1 << shift for shift in SHIFT)
GUARDS = ONES << 8
BIAS = GUARDS - ONES  # 255 in every lane
LANES = (1 << LANE * SECTIONS) - 1
FULL = (1 << LANE) - 1
HAS_LEFT = sum(FULL << SHIFT[i] for i in range(SECTIONS) if i % SIZE)
HAS_RIGHT = sum(FULL << SHIFT[i] for i in range(SECTIONS) if i % SIZE < SIZE - 1)
BIT = tuple(1 << i for i in range(SECTIONS))  # section i's bit in ``State.free``
TURNS = ((),) + tuple((n % 2,) for n in range(1, len(PLUGS) + 1))  # by plugs left: seat 0 first
FIRST = TURNS[len(PLUGS)]
LANED = tuple(tuple(v << shift for v in range(15)) for shift in SHIFT)  # a base in its lane


def neighbours(row: int, col: int):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            yield r, c


# NEXT_TO[i]: the sections orthogonally next to section i, as section numbers.
NEXT_TO = tuple(tuple(r * SIZE + c for r, c in neighbours(*AT[i])) for i in range(SECTIONS))


def base_voltage(plug: str, row_potential: int, col_potential: int) -> int:
    """|first digit − row potential| + |second digit − column potential| (the seed's formula)."""
    return abs(int(plug[0]) - row_potential) + abs(int(plug[1]) - col_potential)


def _base(rows: tuple[int, ...], cols: tuple[int, ...], plug: str, i: int) -> int:
    """``base_voltage`` of ``plug`` on section ``i`` (never 0: digits are even, potentials odd)."""
    a, b = DIGITS[plug]
    return abs(a - rows[i // SIZE]) + abs(b - cols[i % SIZE])


@lru_cache(maxsize=64)  # a search plays on one board; a worker sees a few at a time
def bases(rows: tuple[int, ...], cols: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Base voltage of every plug on every section (row-major) for one board's potentials."""
    return {plug: tuple(_base(rows, cols, plug, i) for i in range(SECTIONS)) for plug in PLUGS}


class _Fields(NamedTuple):
    rows: tuple[int, ...]  # potential of each row, top to bottom
    cols: tuple[int, ...]  # potential of each column, left to right
    pile: tuple[str, ...]  # undrawn plugs; pile[0] is the next one unless drafting
    draft: bool
    plugs: int  # the plug on each placed section: its index in PLUGS at bits 4i..4i+3
    free: int  # bit i set while section i is empty
    pos: int  # seat 0's base voltage on section i at bits 16i.. (LANE), 0 elsewhere
    neg: int  # seat 1's, the same way
    turn: tuple[int, ...]  # the seat to move, or () once over: TURNS[len(pile)] until a leave
    last: tuple[int, int] | None
    left: tuple[tuple[int, str], ...]  # (seat, reason) of the seat that left


class State(_Fields):
    """One position, immutable (``apply`` returns a new one).

    Made from the stored parts (``board``: rows of (plug, seat) or None per section);
    everything else follows from them, as numbers whose bits a move sets. ``_replace``
    may change ``pile`` only to one as long (another order) and ``left`` with ``turn``.
    """

    __slots__ = ()

    def __new__(cls, rows, cols, pile, draft, board, last=None, left=()):
        cells = [cell for line in board for cell in line]
        rows, cols, pile, left = tuple(rows), tuple(cols), tuple(pile), tuple(left)
        volts = tuple(
            0 if cell is None else SIGN[cell[1]] * _base(rows, cols, cell[0], i)
            for i, cell in enumerate(cells)
        )
        return tuple.__new__(
            cls,
            (
                rows,
                cols,
                pile,
                draft,
                sum(PLUG_AT[cell[0]][i] for i, cell in enumerate(cells) if cell is not None),
                sum(1 << i for i, cell in enumerate(cells) if cell is None),
                sum(v << SHIFT[i] for i, v in enumerate(volts) if v > 0),
                sum(-v << SHIFT[i] for i, v in enumerate(volts) if v < 0),
                () if left else TURNS[len(pile)],
                last,
                left,
            ),
        )

    @property
    def places(self) -> tuple[Place, ...]:
        """The shared moves onto the empty sections, in order (``PLACE``)."""
        free = self.free
        return LISTED_LOW[free & LOW_MASK] + LISTED_HIGH[free >> LOW]

    @property
    def empty(self) -> tuple[int, ...]:
        """The empty sections in order."""
        return tuple(map(SPOT, self.places))

    @property
    def volts(self) -> tuple[int, ...]:
        """Each section's base voltage, positive for seat 0, negative for seat 1, or 0."""
        return tuple(map(int.__sub__, lanes(self.pos), lanes(self.neg)))

    @property
    def board(self) -> tuple[tuple[tuple[str, int] | None, ...], ...]:
        """(plug, seat) or None per section, as rows top to bottom."""
        plugs = self.plugs
        cells = tuple(
            None if not volt else (PLUGS[plugs >> 4 * i & 15], 0 if volt > 0 else 1)
            for i, volt in enumerate(self.volts)
        )
        return tuple(cells[r * SIZE : r * SIZE + SIZE] for r in range(SIZE))

    @property
    def over(self) -> bool:
        return not self.turn

    @property
    def placed(self) -> int:
        return len(PLUGS) - len(self.pile)


_NEW = tuple.__new__  # a State from all its fields (no checks: for the engine's own use)


def _finals(volts: tuple[int, ...]) -> list[int]:
    """Final voltage per section: max(0, base − the bases of the opponent's plugs next to it)."""
    finals = [0] * SECTIONS
    for i in range(SECTIONS):
        v = volts[i]
        if v > 0:
            for n in NEXT_TO[i]:
                if volts[n] < 0:
                    v += volts[n]
            finals[i] = v if v > 0 else 0
        elif v < 0:
            v = -v
            for n in NEXT_TO[i]:
                if volts[n] > 0:
                    v -= volts[n]
            finals[i] = v if v > 0 else 0
    return finals


def voltages(state: State) -> dict[tuple[int, int], tuple[int, int]]:
    """Returns (base, final) voltage of every plugged section.

    Final = max(0, base − sum of bases of orthogonally adjacent opponent plugs).
    """
    volts = state.volts
    finals = _finals(volts)
    return {AT[i]: (abs(volts[i]), finals[i]) for i in range(SECTIONS) if volts[i]}


def tally(state: State) -> tuple[list[int], list[int]]:
    """Returns active plug counts and summed final voltages per seat (``_finals`` counted
    and summed on the packed bases, all sections at once: every finished game and every
    search's playout ends here).

    A lane of ``own + BIAS - drained(other)`` holds 255 + base - drain (199 .. 269, so no
    lane borrows from the next): its bit 8 is set where a plug's final voltage is at least
    1, and its low byte is then that voltage less 1. Summed lanes are the number modulo
    FULL, since 2**LANE is 1 modulo FULL and no side's total comes near it.
    """
    pos, neg = state.pos, state.neg
    ours, theirs = pos + BIAS - drained(neg), neg + BIAS - drained(pos)
    live0, live1 = ours & GUARDS, theirs & GUARDS
    active0, active1 = live0.bit_count(), live1.bit_count()
    return [active0, active1], [
        (ours & (live0 >> 8) * 255) % FULL + active0,
        (theirs & (live1 >> 8) * 255) % FULL + active1,
    ]


def drained(other: int) -> int:
    """Per lane, the sum of ``other``'s packed bases on the sections next to it."""
    return (
        (other << LANE & HAS_LEFT)
        + (other >> LANE & HAS_RIGHT)
        + (other << ROW & LANES)
        + (other >> ROW)
    )


def finals(own: int, other: int) -> int:
    """Per lane, the final voltage of ``own``'s plug there (0 where it has none or the
    plug is drained dead), ``other`` being the opponent's packed bases (as ``tally``)."""
    packed = own + BIAS - drained(other)
    ones = (packed & GUARDS) >> 8
    return (packed & ones * 255) + ones


def lanes(packed: int) -> bytes:
    """The low byte of every lane of ``packed``, section by section."""
    return packed.to_bytes(2 * SECTIONS, "little")[::2]


class PowerdrainEngine(EngineBase):
    slug = "powerdrain"
    name = "Powerdrain"
    min_players = 2
    max_players = 2
    codes = codes  # its move codes' format (docs/rules.md §1.4)

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """Returns the opening state; options may fix rows, cols, plugs and turn on draft."""
        if players != 2:
            raise ValueError("Powerdrain is for exactly two players.")
        if not options:  # the common case: ``_shuffled``'s draws, written out
            rng = random.Random(seed)
            rows, cols = _drawn(rng, POTENTIALS), _drawn(rng, POTENTIALS)
            return _NEW(
                State, (rows, cols, _drawn(rng, PLUGS), False, 0, ALL_FREE, 0, 0, FIRST, None, ())
            )
        options = option_dict(options, {"rows", "cols", "plugs", "draft"}, "Powerdrain")
        rng = random.Random(seed)
        rows = _shuffled(POTENTIALS, rng) if "rows" not in options else options["rows"]
        cols = _shuffled(POTENTIALS, rng) if "cols" not in options else options["cols"]
        plugs = _shuffled(PLUGS, rng) if "plugs" not in options else options["plugs"]
        if ("rows" in options or "cols" in options) and not (
            _order_of(rows, POTENTIALS, int) and _order_of(cols, POTENTIALS, int)
        ):
            raise ValueError("rows and cols must each be an order of 1 3 5 7 9.")
        if "plugs" in options and not _order_of(plugs, PLUGS, str):
            raise ValueError("plugs must be an order of the 16 plugs 22 … 88.")
        if type(options.get("draft", False)) is not bool:
            raise ValueError("draft must be true or false.")
        return _NEW(
            State,
            (
                tuple(rows),
                tuple(cols),
                tuple(plugs),
                bool(options.get("draft", False)),
                0,
                ALL_FREE,
                0,
                0,
                FIRST,
                None,
                (),
            ),
        )

    def to_move(self, state: State) -> list[int]:
        return list(state.turn)

    def legal_moves(self, state: State, seat: int):
        """Every legal place move for ``seat``, lazily (none when it is not that seat's turn):
        the shared moves of ``PLACE`` as the tables list them, or of ``PLACE_PLUG``, plug by
        plug, in a draft."""
        if seat not in state.turn:
            return iter(())
        if not state.draft:
            free = state.free
            return iter(LISTED_LOW[free & LOW_MASK] + LISTED_HIGH[free >> LOW])
        empty, pile = state.empty, state.pile
        return chain.from_iterable(
            map(PLACE_PLUG[plug].__getitem__, empty) for plug in sorted(pile)
        )

    def random_move(self, state: State, seat: int, rng) -> dict:
        """Uniform over ``legal_moves``, drawn as ``rng.choice`` of that list would draw it."""
        if seat not in self.to_move(state):
            raise IndexError("no legal move to choose from")
        places = state.places
        if not state.draft:
            return {"type": "place", "at": list(AT[rng.choice(places).spot])}
        empty = tuple(map(SPOT, places))
        n = rng.choice(range(len(state.pile) * len(empty)))
        plug = sorted(state.pile)[n // len(empty)]
        return {"type": "place", "plug": plug, "at": list(AT[empty[n % len(empty)]])}

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat`` places a plug; raises IllegalMove otherwise."""
        rows, cols, pile, draft, plugs, free, pos, neg, turn, _, left = state
        kind = type(move)  # a listed move's form is known, only the position may refuse it
        if kind is Place and not draft and seat in turn and free & (bit := BIT[i := move.spot]):
            plug, rest = pile[0], pile[1:]
        elif (
            kind is PlacePlug
            and draft
            and seat in turn
            and free & (bit := BIT[i := move.spot])
            and (plug := move["plug"]) in pile
        ):
            rest = _without(pile, plug)
        else:
            plug, i = _parsed(state, seat, move)
            rest, bit = _without(pile, plug), BIT[i]
        across, down = DISTANCE[plug]
        r, c = at = AT[i]
        volt = across[rows[r]] + down[cols[c]]  # _base, by table
        if seat:
            neg += LANED[i][volt]
        else:
            pos += LANED[i][volt]
        return _NEW(
            State,
            (
                rows,
                cols,
                rest,
                draft,
                plugs | PLUG_AT[plug][i],
                free ^ bit,
                pos,
                neg,
                TURNS[len(rest)],
                at,
                left,
            ),
        )

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason."""
        check_leave(seat, reason, 2, state.left, state.over)
        return state._replace(left=((seat, reason),), turn=())

    def view(self, state: State, seat: int | None) -> dict:
        """Everything on the table; of the draw pile only its contents, never its order."""
        volts = voltages(state)
        active, power = tally(state)
        cells = [
            [
                None
                if cell is None
                else {
                    "plug": cell[0],
                    "seat": cell[1],
                    "base": volts[(r, c)][0],
                    "final": volts[(r, c)][1],
                }
                for c, cell in enumerate(line)
            ]
            for r, line in enumerate(state.board)
        ]
        return {
            "players": 2,
            "rows": list(state.rows),
            "cols": list(state.cols),
            "cells": cells,
            "draft": state.draft,
            "current": None if state.draft or not state.pile else state.pile[0],
            "remaining": sorted(state.pile),
            "placed": state.placed,
            "last": list(state.last) if state.last else None,
            "to_move": self.to_move(state),
            "scores": active,
            "power": power,
            "outcome": self.outcome(state),
            "left": [list(entry) for entry in state.left],
        }

    def outcome(self, state: State) -> dict | None:
        """After 16 plugs: more active plugs wins, then more total voltage, else a draw.

        A seat that left loses at once (docs/rules.md §7).
        """
        if state.turn:
            return None
        active, power = tally(state)
        if state.left:
            seat, reason = state.left[0]
            winners = [1 - seat]
        elif active[0] != active[1]:
            winners, reason = [0 if active[0] > active[1] else 1], "active plugs"
        elif power[0] != power[1]:
            winners, reason = [0 if power[0] > power[1] else 1], "voltage"
        else:
            winners, reason = [], "draw"
        return {"winners": winners, "scores": active, "reason": reason}

    def notation(self, state, move: dict) -> str:
        """'46 c2' in draft games, 'c2' otherwise: column letter, row number from the top."""
        r, c = move["at"]
        square = f"{COLUMNS[c]}{r + 1}"
        return f"{move['plug']} {square}" if "plug" in move else square

    def to_json(self, state: State) -> dict:
        return {
            "rows": list(state.rows),
            "cols": list(state.cols),
            "pile": list(state.pile),
            "draft": state.draft,
            "board": [[list(cell) if cell else None for cell in line] for line in state.board],
            "last": list(state.last) if state.last else None,
            "left": [list(entry) for entry in state.left],
        }

    def from_json(self, data: dict) -> State:
        return State(
            rows=tuple(data["rows"]),
            cols=tuple(data["cols"]),
            pile=tuple(data["pile"]),
            draft=data["draft"],
            board=tuple(
                tuple(tuple(cell) if cell else None for cell in line) for line in data["board"]
            ),
            last=tuple(data["last"]) if data["last"] else None,
            left=tuple((seat, reason) for seat, reason in data.get("left", ())),
        )


def _parsed(state: State, seat: int, move) -> tuple[str, int]:
    """(plug, section) of a move given as a plain dict, which ``apply`` may take; raises
    IllegalMove saying what is wrong otherwise."""
    pile, draft = state.pile, state.draft
    # The common case, a well-formed legal move, checked inline; anything else takes
    # the full checks below, which say what is wrong.
    if (
        type(move) is dict
        and len(move) == 2 + draft
        and move.get("type") == "place"
        and type(at := move.get("at")) is list
        and len(at) == 2
        and type(r := at[0]) is int
        and type(c := at[1]) is int
        and 0 <= r < SIZE
        and 0 <= c < SIZE
        and seat in state.turn
        and state.free >> (i := r * SIZE + c) & 1
        and (type(plug := move.get("plug")) is str and plug in pile if draft else True)
    ):
        return (plug if draft else pile[0]), i
    require_keys(move, {"place": {"at", "plug"} if draft else {"at"}})
    if state.over:
        raise IllegalMove("The game is over.")
    if seat not in state.turn:
        raise IllegalMove("It is not your turn.")
    r, c = int_list(move["at"], 2, "Section", 0, SIZE - 1)
    if not state.free >> r * SIZE + c & 1:
        raise IllegalMove("That section already holds a plug.")
    plug = move["plug"] if draft else pile[0]
    if plug not in pile:
        raise IllegalMove(f"Plug {plug!r} is not among the remaining plugs.")
    return plug, r * SIZE + c


def _without(pile: tuple[str, ...], plug: str) -> tuple[str, ...]:
    """``pile`` less ``plug``, which it holds."""
    k = pile.index(plug)
    return pile[:k] + pile[k + 1 :]


def _order_of(value, items: tuple, kind: type) -> bool:
    """Whether ``value`` is a list holding exactly ``items`` in some order, each of type ``kind``
    (checked before sorting, so a huge or mixed list costs nothing and 1.0 is not 1)."""
    return (
        isinstance(value, list | tuple)
        and len(value) == len(items)
        and all(type(v) is kind for v in value)
        and sorted(value) == sorted(items)
    )


def _shuffled(items, rng: random.Random) -> list:
    items = list(items)
    rng.shuffle(items)
    return items


def _drawn(rng: random.Random, items: tuple) -> tuple:
    """``tuple(_shuffled(items, rng))`` with the same ``getrandbits`` calls as
    ``Random.shuffle`` (its ``_randbelow``), without two Python calls per item: setup
    is a tenth of a random game."""
    items, bits = list(items), rng.getrandbits
    for i, n, k in SHUFFLE_STEPS[len(items)]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


# SHUFFLE_STEPS[n]: (i, i + 1, bits of i + 1) for i from n - 1 down to 1, as Random.shuffle.
SHUFFLE_STEPS = {
    n: tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    for n in (len(POTENTIALS), len(PLUGS))
}


ENGINE = PowerdrainEngine()
