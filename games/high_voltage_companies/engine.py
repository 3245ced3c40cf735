"""The High Voltage (power companies) rules engine: pure, deterministic, no Django.

docs/rules.md §1 and §3; the readings chosen where the rules are silent are listed in
the package docstring (``games/high_voltage_companies/__init__.py``).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass
from itertools import chain

from games.high_voltage_companies import codes
from games.high_voltage_companies.cards import (
    COLOURS,
    DANGER_IDS,
    EXITS,
    NEW_ROTATIONS,
    describe,
    segments,
)
from games.high_voltage_companies.grid import (
    CENTRE,
    CHIP_NAMES,
    DANGER,
    DISTRIBUTOR_IDS,
    DISTRIBUTORS,
    HIGH_VOLTAGE,
    NEXT,
    PLACES,
    SIZE,
    START_UP,
    Line,
    point_chips,
    trace,
)
from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.frozen import FrozenList, FrozenMove, frozen

ACTION_CHIPS = 5
POINT_SUPPLY = 20
ENERGY_SUPPLY = 36
ACTION, PLACE, DECLARE, OVER = "action", "place", "declare", "over"
MOVE_KEYS = {
    "reveal": {"at"},
    "place": {"to", "rotation"},
    "rotate": {"at", "rotation"},
    "move": {"from", "rotation"},
    "swap": {"a", "b", "rotations"},
    "declare": {"from"},
    "double": set(),
    "end": set(),
}
STEP_FROM = tuple(NEXT[place, edge] for place in range(PLACES) for edge in range(4))
PHASE_MOVES = {
    ACTION: ("reveal", "rotate", "move", "swap"),
    PLACE: ("place",),
    DECLARE: ("declare", "double", "end"),
}
KINDS_NOW = {**PHASE_MOVES, OVER: ()}


@dataclass(frozen=True)
class State:
    players: int
    companies: tuple[int, ...]  # colour index per seat (secret until the end)
    cells: tuple  # PLACES cells, see grid.py
    gap: int  # the empty place (during PLACE also the lifted place is empty)
    current: int  # seat whose turn it is
    phase: str
    hand: int | None = None  # revealed card not yet placed (seen by the mover alone)
    hand_from: int | None = None
    touched: frozenset = frozenset()  # card ids placed, rotated, moved or swapped this turn
    revealed: bool = False  # a card was revealed (and placed) this turn
    declared: tuple = ()  # (start, end, places) of lines declared this turn
    doubled: bool = False
    quiet: int = 0  # turns in a row with no reveal and no declaration
    track: tuple[int, ...] = (0, 0, 0, 0)  # company track per colour
    points: tuple[int, ...] = ()  # point chips per seat
    point_supply: int = POINT_SUPPLY
    energy: int = ENERGY_SUPPLY
    actions: tuple[int, ...] = ()  # action chips left per seat
    special: tuple[bool, ...] = ()  # special chip still available per seat
    face_down: int = 0
    reason: str | None = None
    # The previous turn, shown to everybody as the last move: its seat, touched cards, lines.
    last_seat: int | None = None
    last_touched: frozenset = frozenset()
    last_declared: tuple = ()
    left: tuple[tuple[int, str], ...] = ()  # (seat, reason) of the seats that left, in order


FRESH = State(  # what every setup shares
    players=0,
    companies=(),
    cells=(),
    gap=CENTRE,
    current=0,
    phase=ACTION,
    face_down=48 - len(START_UP),
)


def evolve(state: State, **changes) -> State:
    """``dataclasses.replace`` without its per-field checks: a copy of the fields' dict with
    ``changes`` written over it (every position of a search is made this way). The caches
    beside the fields go unless ``changes`` carries them: the places while cells stay, the
    declarable lines always (they depend on the cells, the touched cards and the phase)."""
    fields = state.__dict__.copy()
    if "cells" in changes:
        fields.pop(PLACES_SEEN, None)
    fields.pop(LINES_SEEN, None)
    fields.update(changes)
    new = _new(State)
    _set_fields(new, "__dict__", fields)
    return new


def _fields(state: State) -> dict:
    """A copy of ``state``'s fields for a move to write its changes into (``_made``), each
    by name: ``evolve``'s keywords cost a search about a tenth of a ply. The declarable
    lines go; the places stay, for the move to replace when it changes the cells."""
    fields = state.__dict__.copy()
    fields.pop(LINES_SEEN, None)
    return fields


def _made(fields: dict) -> State:
    new = _new(State)
    _set_fields(new, "__dict__", fields)
    return new


_new = object.__new__
_set_fields = object.__setattr__  # State is frozen: its own __setattr__ refuses
LINES_SEEN = "_lines"  # a cache beside the fields (``declarable``) for one position

PLACES_SEEN = "_places"  # a cache beside the fields (``card_places``), kept while cells stay


def card_places(state: State) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The face-down places, the face-up ones and the face-up ones without DANGER, each in
    place order: worked out once per grid and carried along by the moves that change it a
    little (``dataclasses.replace`` and ``from_json`` start without it)."""
    seen = state.__dict__.get(PLACES_SEEN)
    if seen is None:
        seen = state.__dict__[PLACES_SEEN] = _sorted_places(state.cells)
    return seen


def _without(places: tuple, place: int) -> tuple:
    i = bisect_left(places, place)
    return places[:i] + places[i + 1 :] if i < len(places) and places[i] == place else places


def _with(places: tuple, place: int) -> tuple:
    i = bisect_left(places, place)
    return (*places[:i], place, *places[i:])


def _is_danger(cell) -> bool:
    return cell[2] == DANGER or cell[0] in DANGER_IDS


def _rotation(value) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise IllegalMove("A rotation must be a whole number 0, 1, 2 or 3.")
    return value


def _rotations(value) -> tuple[int, int]:
    if (type(value) is list or type(value) is FrozenList) and len(value) == 2:
        ka, kb = value
        if type(ka) is int and type(kb) is int and 0 <= ka <= 3 and 0 <= kb <= 3:
            return ka, kb
    return int_list(value, 2, "Rotations", 0, 3)  # a tuple, or refused, saying why


def _where(value, what: str) -> int:
    if (type(value) is list or type(value) is FrozenList) and len(value) == 2:
        r, c = value
        if type(r) is int and type(c) is int and 0 <= r < SIZE and 0 <= c < SIZE:
            return r * SIZE + c
    r, c = int_list(value, 2, what, 0, SIZE - 1)  # refuses it, saying why
    return r * SIZE + c


def _sorted_places(cells) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The face-down places, the face-up ones, and the face-up ones without DANGER."""
    down, up, safe = [], [], []
    for place, cell in enumerate(cells):
        if cell is not None:
            if cell[3]:
                up.append(place)
                if cell[2] != DANGER and cell[0] not in DANGER_IDS:
                    safe.append(place)
            else:
                down.append(place)
    return tuple(down), tuple(up), tuple(safe)


def _frame(cells, place: int, out: int) -> str | None:
    """The distributor reached from ``place`` leaving by edge ``out`` through face-up cards
    without DANGER, or None (a line through there could not be closed)."""
    nxt = STEP_FROM[place * 4 + out]
    for _ in LOOP_GUARD:  # a path may run round in a loop
        if type(nxt) is str:
            return nxt
        cell = cells[nxt]
        if cell is None or not cell[3] or cell[2] == DANGER or cell[0] in DANGER_IDS:
            return None
        out = EXITS[cell[0]][cell[1]][(out + 2) % 4][0]
        nxt = STEP_FROM[nxt * 4 + out]
    return None


LOOP_GUARD = range(2 * PLACES)


def _start(players: int, cells: list, rotations, companies, first: int) -> State:
    """The first position: ``cells`` are the 48 cards face down in deal order."""
    cells.insert(CENTRE, None)
    for place, k in zip(START_UP, rotations, strict=True):
        cells[place] = (cells[place][0], k, 0, True)
    safe = tuple([place for place in UP_AT_START if cells[place][0] not in DANGER_IDS])
    fields = _fields(FRESH)
    fields["players"] = players
    fields["companies"] = tuple(companies)
    fields["cells"] = tuple(cells)
    fields[PLACES_SEEN] = (DOWN_AT_START, UP_AT_START, safe)
    fields["current"] = first
    fields["points"] = (0,) * players
    fields["actions"] = (ACTION_CHIPS,) * players
    fields["special"] = (True,) * players
    return _made(fields)


UP_AT_START = tuple(sorted(START_UP))
DOWN_AT_START = tuple(p for p in range(PLACES) if p != CENTRE and p not in START_UP)
BITS = tuple(n.bit_length() for n in range(49))
SHUFFLE_STEPS = tuple((i, i + 1, BITS[i + 1]) for i in range(47, 0, -1))  # as Random.shuffle
FACE_DOWN = tuple((card, 0, 0, False) for card in range(48))  # each card's face-down cell


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` of at most 48 items: the same ``getrandbits`` calls, without
    two Python calls per item (the cards of every setup and of every bot's draw)."""
    bits = rng.getrandbits
    for i, n, k in SHUFFLE_STEPS[48 - len(items) :]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _dealt(players: int, rng: random.Random) -> State:
    """``setup`` without options: the same draws as ``rng.shuffle`` of the 48 cards,
    ``rng.randrange(4)`` per start-up card, ``rng.sample(range(4), players)`` and
    ``rng.randrange(players)``, each written out as the ``getrandbits`` calls they make
    (the rejection sampling of ``Random._randbelow``), since setup is a third of a random
    game. ``test_golden_replays`` holds it to the draws of the library's calls."""
    cards = list(FACE_DOWN)
    shuffle(rng, cards)
    bits = rng.getrandbits
    rotations = []
    for _ in START_UP:
        j = bits(3)
        while j >= 4:
            j = bits(3)
        rotations.append(j)
    pool, companies = [0, 1, 2, 3], []
    for i in range(players):
        n = 4 - i
        j = bits(BITS[n])
        while j >= n:
            j = bits(BITS[n])
        companies.append(pool[j])
        pool[j] = pool[n - 1]
    first = bits(BITS[players])
    while first >= players:
        first = bits(BITS[players])
    return _start(players, cards, rotations, companies, first)


def _at(place: int) -> list[int]:
    return [place // SIZE, place % SIZE]


SEGMENT_EDGES = tuple(  # the two segments' edges of each card at each rotation
    tuple(tuple((x, y) for x, y, _ in segments(card, k)) for k in range(4)) for card in range(48)
)
SPECIAL = {"special": True}  # the extra key of a move or swap with the special chip
TURNS = tuple(tuple(len(new) for new in card) for card in NEW_ROTATIONS)  # how many per rotation


def _below(rng: random.Random, n: int) -> int:
    """``rng.choice`` of an index below ``n`` (n > 0): the ``getrandbits`` calls of
    ``Random._randbelow`` without its two Python calls (a random game draws about fourteen)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


class HighVoltageCompaniesEngine(EngineBase):
    slug = "high-voltage-companies"
    name = "High Voltage — power companies"
    min_players = 2
    max_players = 4
    codes = codes  # its move codes' format (docs/rules.md §1.4)

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """Deals the grid, the four face-up rotations, the companies and the first seat.

        Each random part can be fixed by ``options`` (docs/rules.md §3).
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError("High Voltage is for 2 to 4 players.")
        if not options:
            return _dealt(players, random.Random(seed))
        options = option_dict(options, {"cards", "rotations", "companies", "first"}, "High Voltage")
        rng = random.Random(seed)
        cards = options.get("cards")
        if cards is None:
            cards = list(range(48))
            rng.shuffle(cards)
        elif (
            not isinstance(cards, list | tuple)
            or len(cards) != 48
            or any(type(c) is not int for c in cards)
            or sorted(cards) != list(range(48))
        ):
            raise ValueError("cards must be an order of the 48 card ids 0..47.")
        rotations = options.get("rotations")
        if rotations is None:
            rotations = [rng.randrange(4) for _ in START_UP]
        elif (
            not isinstance(rotations, list | tuple)
            or len(rotations) != 4
            or any(type(k) is not int or not 0 <= k <= 3 for k in rotations)
        ):
            raise ValueError("rotations must be four whole numbers 0..3.")
        companies = options.get("companies")
        if companies is None:
            companies = rng.sample(range(4), players)  # draws as rng.sample(COLOURS, ...)
        elif (
            not isinstance(companies, list | tuple)
            or len(companies) != players
            or len(set(companies)) != players
            or any(not isinstance(c, str) or c not in COLOURS for c in companies)
        ):
            raise ValueError("companies must give each seat a different colour.")
        else:
            companies = [COLOURS.index(c) for c in companies]
        first = options.get("first")
        if first is None:
            first = rng.randrange(players)
        elif type(first) is not int or not 0 <= first < players:
            raise ValueError("first must be a seat.")
        return _start(players, [FACE_DOWN[card] for card in cards], rotations, companies, first)

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == OVER else [state.current]

    # ------------------------------------------------------------ move lists
    def _families(self, state: State, seat: int):
        """The action-phase move families: face-down places, (place, rotation) turns, and the
        (sources, extra keys) variants for move and swap (plain if action chips are left,
        special if the special chip is)."""
        cells = state.cells
        down, up, safe = card_places(state)
        turns = [(p, k) for p in safe for k in NEW_ROTATIONS[cells[p][0]][cells[p][1]]]
        variants = []
        if state.actions[seat] > 0:
            variants.append((safe, {}))
        if state.special[seat]:
            variants.append((up, {"special": True}))
        return down, turns, variants

    def _groups(self, state: State, seat: int):
        """The action-phase moves as (family, count, maker); maker(i) builds move number i."""
        down, turns, variants = self._families(state, seat)
        groups = [
            ("reveal", len(down), lambda i: {"type": "reveal", "at": _at(down[i])}),
            ("rotate", len(turns), lambda i: _turn_dict(*turns[i])),
        ]
        for s, x in variants:
            groups.append(("move", 4 * len(s), lambda i, s=s, x=x: _move_dict(s[i // 4], i % 4, x)))
            groups.append(("swap", 16 * _pairs(len(s)), lambda i, s=s, x=x: _swap_dict(s, i, x)))
        return groups

    def legal_moves(self, state: State, seat: int):
        """Every move ``seat`` may make now, lazily (nothing when it is not its turn): the
        shared moves of ``Listed`` (games/rules/frozen.py), a group at a time."""
        if seat not in self.to_move(state):
            return iter(())
        if state.phase == ACTION:
            return chain.from_iterable(self._action_moves(state, seat))
        if state.phase == PLACE:
            return chain.from_iterable(map(LISTED.place, sorted({state.hand_from, state.gap})))
        declares = [LISTED.declare[line.start] for line in self.declarable(state)]
        if self._may_double(state):
            declares.append(LISTED.double)
        declares.append(LISTED.end)
        return iter(declares)

    def _action_moves(self, state: State, seat: int):
        """The same moves as ``_groups`` in groups of shared moves (the ~35,000 swaps of a full
        board are 16 per pair of places): reveals, turns, then moves and swaps per chip."""
        down, turns, variants = self._families(state, seat)
        yield [LISTED.reveal[place] for place in down]
        rotate = LISTED.rotate
        yield [rotate[place][k] for place, k in turns]
        for sources, extra in variants:
            special = bool(extra)
            moves = LISTED.move[special]
            yield [m for place in sources for m in moves[place]]
            swaps = LISTED.swaps
            for x, a in enumerate(sources):
                for b in sources[x + 1 :]:
                    yield swaps(a, b, special)

    def random_move(self, state: State, seat: int, rng: random.Random) -> dict:
        """A random legal move without listing the (up to ~35,000) swaps.

        Uniform over the kinds of action (reveal, rotate, move, swap), then uniform
        within the kind; uniform over the listed moves in the other phases. Plain
        uniform play would almost never reveal (swaps outnumber reveals ~1000:1) and
        random games would stop after a few quiet turns. Each draw is that of one
        ``rng.choice`` over a list (``_below``), in the order ``legal_moves`` lists
        them (the kinds in alphabetical order).
        """
        phase = state.phase
        if phase == DECLARE:
            lines = self.declarable(state)
            double = self._may_double(state)
            pick = _below(rng, len(lines) + double + 1)
            if pick < len(lines):
                return {"type": "declare", "from": lines[pick].start}
            return {"type": "end" if pick > len(lines) or not double else "double"}
        if phase == PLACE:
            a, b = state.hand_from, state.gap
            ends = (a,) if a == b else (a, b) if a < b else (b, a)
            pick = _below(rng, 4 * len(ends))
            return {"type": "place", "to": _at(ends[pick // 4]), "rotation": pick % 4}
        if phase != ACTION or seat != state.current:
            return rng.choice(list(self.legal_moves(state, seat)))
        cells = state.cells
        down, up, safe = card_places(state)
        plain = len(safe) if state.actions[seat] > 0 else 0  # sources of each chip's moves
        special = len(up) if state.special[seat] else 0
        kinds = []
        if plain or special:
            kinds.append("move")
        if down:
            kinds.append("reveal")
        for place in safe:
            cell = cells[place]
            if TURNS[cell[0]][cell[1]]:
                kinds.append("rotate")
                break
        if plain > 1 or special > 1:
            kinds.append("swap")
        kind = kinds[_below(rng, len(kinds))]
        if kind == "reveal":
            return {"type": "reveal", "at": _at(down[_below(rng, len(down))])}
        if kind == "rotate":
            pick = _below(rng, sum(TURNS[cells[p][0]][cells[p][1]] for p in safe))
            for place in safe:
                options = NEW_ROTATIONS[cells[place][0]][cells[place][1]]
                if pick < len(options):
                    return _turn_dict(place, options[pick])
                pick -= len(options)
        if kind == "move":
            pick = _below(rng, 4 * (plain + special))
            if pick < 4 * plain:
                return _move_dict(safe[pick // 4], pick % 4, {})
            pick -= 4 * plain
            return _move_dict(up[pick // 4], pick % 4, SPECIAL)
        pick = _below(rng, 16 * (_pairs(plain) + _pairs(special)))
        if pick < 16 * _pairs(plain):
            return _swap_dict(safe, pick, {})
        return _swap_dict(up, pick - 16 * _pairs(plain), SPECIAL)

    def declarable(self, state: State) -> list[Line]:
        """Closable lines that pass a card touched this turn (only in the declare phase).

        Such a line runs out of a touched card at both ends, so only the distributors reached
        by following each touched card's four edges outwards are traced (not all 28).
        """
        if state.phase != DECLARE:
            return []
        seen = state.__dict__.get(LINES_SEEN)
        if seen is None:
            seen = state.__dict__[LINES_SEEN] = self._declarable(state)
        return list(seen)

    def _declarable(self, state: State) -> tuple[Line, ...]:
        """A line through a touched card leaves it by the two edges of one of its segments
        and must reach the frame through both, on two sides: it is traced once, from the
        end that names it."""
        cells, touched = state.cells, state.touched
        starts = set()
        for place in card_places(state)[1]:
            cell = cells[place]
            if cell[0] in touched:
                for a, b in SEGMENT_EDGES[cell[0]][cell[1]]:
                    end = _frame(cells, place, a)
                    if end is not None:
                        other = _frame(cells, place, b)
                        if other is not None and other[0] != end[0]:
                            starts.add(min(end, other))
        if not starts:
            return ()
        lines = []
        for start in sorted(starts):
            line = trace(cells, start)
            if line is not None and any(cells[p][0] in touched for p in line.places):
                lines.append(line)
        return tuple(lines)

    def _may_double(self, state: State) -> bool:
        return state.special[state.current] and state.face_down > 0

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat`` makes ``move``; raises IllegalMove otherwise."""
        if (
            (type(move) is dict or type(move) is FrozenMove)
            and seat == state.current
            and type(seat) is int
        ):
            kind = move.get("type")
            expected = MOVE_KEYS.get(kind) if type(kind) is str else None
            if (
                expected is not None
                and len(move) == len(expected) + 1
                and move.keys() >= expected
                and kind in KINDS_NOW[state.phase]
            ):  # well formed, the mover's, and of this phase: what the checks below let by
                return self._appliers[kind](self, state, seat, move)
        if not isinstance(move, dict):
            raise IllegalMove("A move must be a JSON object.")
        kind = move.get("type")
        allowed = MOVE_KEYS
        if kind in ("move", "swap") and "special" in move:
            allowed = {**MOVE_KEYS, kind: MOVE_KEYS[kind] | {"special"}}
            if move["special"] is not True:
                raise IllegalMove('"special" must be true (leave it out to spend an action chip).')
        expected = allowed.get(kind) if type(kind) is str else None
        if expected is None or len(move) != len(expected) + 1 or not move.keys() >= expected:
            require_keys(move, allowed)  # refuses the move, saying why
        if state.phase == OVER:
            raise IllegalMove("The game is over.")
        if type(seat) is not int or seat != state.current:
            raise IllegalMove(
                "You have left the game." if _has_left(state, seat) else "It is not your turn."
            )
        if kind not in PHASE_MOVES[state.phase]:
            expected = {
                ACTION: "Take an action first: reveal, rotate, move or swap.",
                PLACE: "Place the card you revealed first.",
                DECLARE: "Your action is done: declare lines, double or end your turn.",
            }[state.phase]
            raise IllegalMove(expected)
        return self._appliers[kind](self, state, seat, move)

    def _reveal(self, state: State, seat: int, move) -> State:
        place = _where(move["at"], "Place")
        cell = state.cells[place]
        if cell is None or cell[3]:
            raise IllegalMove("Only a face-down card can be revealed.")
        cells = list(state.cells)
        cells[place] = None
        down, up, safe = card_places(state)
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = (_without(down, place), up, safe)
        fields["hand"] = cell[0]
        fields["hand_from"] = place
        fields["phase"] = PLACE
        fields["face_down"] = state.face_down - 1
        return _made(fields)

    def _place(self, state: State, seat: int, move) -> State:
        to = _where(move["to"], "Place")
        k = _rotation(move["rotation"])
        if to not in (state.hand_from, state.gap):
            raise IllegalMove("Place the card where it lay or into the gap.")
        cells = list(state.cells)
        cells[to] = (state.hand, k, 0, True)
        gap = state.hand_from if to == state.gap else state.gap
        down, up, safe = card_places(state)
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = (
            down,
            _with(up, to),
            safe if state.hand in DANGER_IDS else _with(safe, to),
        )
        fields["gap"] = gap
        fields["hand"] = None
        fields["hand_from"] = None
        fields["phase"] = DECLARE
        fields["touched"] = state.touched | {state.hand}
        fields["revealed"] = True
        return _made(fields)

    def _rotate(self, state: State, seat: int, move) -> State:
        place = _where(move["at"], "Place")
        k = _rotation(move["rotation"])
        cell = state.cells[place]
        if cell is None or not cell[3]:
            raise IllegalMove("Only a face-up card can be rotated.")
        if _is_danger(cell):
            raise IllegalMove("A DANGER card cannot be rotated.")
        if k not in NEW_ROTATIONS[cell[0]][cell[1]]:
            raise IllegalMove("Rotating must change the colours the card shows.")
        cells = list(state.cells)
        cells[place] = (cell[0], k, cell[2], True)
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = card_places(state)
        fields["phase"] = DECLARE
        fields["touched"] = state.touched | {cell[0]}
        return _made(fields)

    def _spend(self, state: State, seat: int, move, cards) -> dict:
        """Checks the chip a move or swap spends; returns the changed chip fields."""
        if move.get("special"):
            if not state.special[seat]:
                raise IllegalMove("You have already used your special chip.")
            special = list(state.special)
            special[seat] = False
            return {"special": tuple(special)}
        if state.actions[seat] == 0:
            raise IllegalMove("You have no action chips left.")
        for cell in cards:
            if cell[2] == DANGER or cell[0] in DANGER_IDS:
                raise IllegalMove("A DANGER card moves only with the special chip.")
        actions = list(state.actions)
        actions[seat] -= 1
        return {"actions": tuple(actions)}

    def _move(self, state: State, seat: int, move) -> State:
        place = _where(move["from"], "Place")
        k = _rotation(move["rotation"])
        cell = state.cells[place]
        if cell is None or not cell[3]:
            raise IllegalMove("Only a face-up card can be moved into the gap.")
        chips = self._spend(state, seat, move, [cell])
        cells = list(state.cells)
        cells[state.gap] = (cell[0], k, cell[2], True)
        cells[place] = None
        down, up, safe = card_places(state)
        if not _is_danger(cell):
            safe = _with(_without(safe, place), state.gap)
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = (down, _with(_without(up, place), state.gap), safe)
        fields["gap"] = place
        fields["phase"] = DECLARE
        fields["touched"] = state.touched | {cell[0]}
        fields.update(chips)
        return _made(fields)

    def _swap(self, state: State, seat: int, move) -> State:
        a = _where(move["a"], "Place a")
        b = _where(move["b"], "Place b")
        ka, kb = _rotations(move["rotations"])
        if a >= b:
            raise IllegalMove("Name the two places in reading order (a before b).")
        first, second = state.cells[a], state.cells[b]
        if first is None or second is None or not first[3] or not second[3]:
            raise IllegalMove("Only two face-up cards can be swapped.")
        chips = self._spend(state, seat, move, [first, second])
        cells = list(state.cells)
        cells[b] = (first[0], ka, first[2], True)
        cells[a] = (second[0], kb, second[2], True)
        down, up, safe = card_places(state)
        if _is_danger(first) != _is_danger(second):  # the safe one changes places
            safe = _with(_without(_without(safe, a), b), b if _is_danger(second) else a)
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = (down, up, safe)
        fields["phase"] = DECLARE
        fields["touched"] = state.touched | {first[0], second[0]}
        fields.update(chips)
        return _made(fields)

    def _declare(self, state: State, seat: int, move) -> State:
        start = move["from"]
        for line in self.declarable(state):  # worked out once for this position, and checked
            if line.start == start:
                return self._declared(state, seat, line)
        if type(start) is not str or start not in DISTRIBUTORS:
            raise IllegalMove(f"{start!r} is not a distributor (N0..N6, E0..E6, S0..S6, W0..W6).")
        line = trace(state.cells, start)
        if line is None:
            raise IllegalMove(f"No closable power line starts at {start}.")
        if line.end < start:
            raise IllegalMove(f"Name this line by its end {line.end}, the one that sorts first.")
        if not any(state.cells[p][0] in state.touched for p in line.places):
            raise IllegalMove("The line must pass a card you touched this turn.")
        return self._declared(state, seat, line)

    def _declared(self, state: State, seat: int, line: Line) -> State:
        track = list(state.track)
        for colour in line.colours:
            track[colour] += 1
        earned = min(point_chips(len(line.places)), state.point_supply)
        points = list(state.points)
        points[seat] += earned
        cells = list(state.cells)
        energy = state.energy
        down, up, safe = card_places(state)
        for place in line.places:  # trace order from the named end
            card, k, chip, _ = cells[place]
            if chip == HIGH_VOLTAGE:
                cells[place] = (card, k, DANGER, True)
                safe = _without(safe, place)
            elif energy > 0:
                cells[place] = (card, k, HIGH_VOLTAGE, True)
                energy -= 1
        over = energy == 0
        fields = _fields(state)
        fields["cells"] = tuple(cells)
        fields[PLACES_SEEN] = (down, up, safe)
        fields["track"] = tuple(track)
        fields["points"] = tuple(points)
        fields["point_supply"] = state.point_supply - earned
        fields["energy"] = energy
        fields["declared"] = (*state.declared, (line.start, line.end, line.places))
        fields["phase"] = OVER if over else DECLARE
        fields["reason"] = "energy" if over else None
        return _made(fields)

    def _double(self, state: State, seat: int, move) -> State:
        if not state.special[seat]:
            raise IllegalMove("You have already used your special chip.")
        if state.face_down == 0:
            raise IllegalMove("No double turn once the last face-down card is placed.")
        special = list(state.special)
        special[seat] = False
        fields = _fields(state)
        fields["special"] = tuple(special)
        fields["doubled"] = True
        fields["phase"] = ACTION
        return _made(fields)

    def _end(self, state: State, seat: int, move) -> State:
        quiet = 0 if state.revealed or state.declared else state.quiet + 1
        return _turn_over(state, seat, quiet)

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7); the others play on until one is left.

        The leaver's turn, if it is one, ends where it stands (package docstring).
        """
        check_leave(seat, reason, state.players, state.left, state.phase == OVER)
        last_one = len(state.left) + 2 == state.players
        if seat != state.current:
            quiet = state.quiet - _in_streak(state, seat)
            state = evolve(state, left=(*state.left, (seat, reason)), quiet=quiet)
            return evolve(_hand_back(state), phase=OVER, reason=reason) if last_one else state
        state = _hand_back(state)
        # Only turns of players still in count as quiet; what the leaver did stands.
        quiet = 0 if state.revealed or state.declared else state.quiet
        state = evolve(state, left=(*state.left, (seat, reason)), quiet=quiet)
        if last_one:
            return evolve(state, phase=OVER, reason=reason)
        return _turn_over(state, seat, state.quiet)

    # ------------------------------------------------------------ read-outs
    def final_scores(self, state: State) -> list[int]:
        """Own company's track points plus point chips, per seat."""
        return [state.track[state.companies[s]] + state.points[s] for s in range(state.players)]

    def outcome(self, state: State) -> dict | None:
        """At the end every player still in tied for the highest score wins (never empty).

        ``ranking[s]`` is seat s's place (1 = first, ties share a place): players still in
        by score, then the leavers below them, earlier leavers lower; ``left`` lists
        (seat, reason) in leaving order.
        """
        if state.phase != OVER:
            return None
        track, companies, points = state.track, state.companies, state.points
        scores = [track[companies[s]] + points[s] for s in range(state.players)]
        out = [s for s, _ in state.left]
        still = [s for s in range(state.players) if s not in out] if out else range(state.players)
        order = sorted([scores[s] for s in still], reverse=True)  # a seat's place: 1 + the
        ranking = [0] * state.players  # number of scores above its own
        for s in still:
            ranking[s] = 1 + order.index(scores[s])
        for place, s in enumerate(reversed(out), start=len(still) + 1):
            ranking[s] = place
        return {
            "winners": [s for s in still if scores[s] == order[0]],
            "scores": scores,
            "reason": state.reason,
            "ranking": ranking,
            "left": [list(entry) for entry in state.left],
        }

    def view(self, state: State, seat: int | None) -> dict:
        """The table as ``seat`` sees it: never another seat's company, face-down cards or hand."""
        over = state.phase == OVER
        mover = seat is not None and seat == state.current and not over
        grid = []
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                cell = state.cells[r * SIZE + c]
                if cell is None:
                    row.append(None)
                elif not cell[3]:
                    row.append({"face_down": True})
                else:
                    row.append(
                        {
                            "face_down": False,
                            "chip": CHIP_NAMES[cell[2]],
                            **describe(cell[0], cell[1]),
                        }
                    )
            grid.append(row)
        hand = None
        if state.hand is not None:
            hand = {
                "from": _at(state.hand_from),
                "card": describe(state.hand, 0) if mover else None,
            }
        closable = (
            [
                {
                    "from": line.start,
                    "to": line.end,
                    "cards": [_at(p) for p in line.places],
                    "colours": [COLOURS[c] for c in line.colours],
                    "points": point_chips(len(line.places)),
                }
                for line in self.declarable(state)
            ]
            if mover
            else []
        )
        companies = None
        if over:
            companies = [COLOURS[c] for c in state.companies]
        outcome = self.outcome(state)
        return {
            "players": state.players,
            "to_move": self.to_move(state),
            "outcome": outcome,
            "scores": outcome["scores"] if outcome else list(state.points),
            "phase": state.phase,
            "current": state.current,
            "grid": grid,
            "gap": _at(state.gap),
            "hand": hand,
            "distributors": [
                {"id": name, "colour": COLOURS[DISTRIBUTORS[name][0]]} for name in DISTRIBUTOR_IDS
            ],
            "track": {COLOURS[i]: points for i, points in enumerate(state.track)},
            "point_chips": list(state.points),
            "point_supply": state.point_supply,
            "energy_supply": state.energy,
            "action_chips": list(state.actions),
            "special_available": list(state.special),
            "company": (
                COLOURS[state.companies[seat]]
                if seat is not None and 0 <= seat < state.players
                else None
            ),
            "companies": companies,
            "closable": closable,
            "touched": sorted(_at(p) for p in range(PLACES) if _touched(state, p)),
            "declared": [
                {"from": start, "to": end, "cards": [_at(p) for p in places]}
                for start, end, places in state.declared
            ],
            "doubled": state.doubled,
            "revealed": state.revealed,  # public: everyone saw whether a card was revealed
            "face_down_left": state.face_down,
            "quiet_turns": state.quiet,
            "can_double": state.phase == DECLARE and self._may_double(state),
            "left": [list(entry) for entry in state.left],
            "last_turn": (
                None
                if state.last_seat is None
                else {
                    "seat": state.last_seat,
                    "touched": sorted(
                        _at(p) for p in range(PLACES) if _touched(state, p, state.last_touched)
                    ),
                    "declared": [{"from": a, "to": b} for a, b in state.last_declared],
                }
            ),
        }

    def replay_view(self, state: State) -> dict:
        """A spectator's view with the secrets open: for replays of finished matches only."""
        view = self.view(state, None)
        view["companies"] = [COLOURS[c] for c in state.companies]
        if state.hand is not None:
            view["hand"]["card"] = describe(state.hand, 0)
        return view

    def notation(self, state, move: dict) -> str:
        """'reveal (2,3)', 'place (3,3) r1', 'move (2,3)→gap r0', 'swap (1,1)↔(1,2) r0 r3', …"""
        kind = move["type"]
        star = " special" if move.get("special") else ""
        if kind == "reveal":
            return f"reveal {_pt(move['at'])}"
        if kind == "place":
            return f"place {_pt(move['to'])} r{move['rotation']}"
        if kind == "rotate":
            return f"rotate {_pt(move['at'])} r{move['rotation']}"
        if kind == "move":
            return f"move {_pt(move['from'])}→gap r{move['rotation']}{star}"
        if kind == "swap":
            ka, kb = move["rotations"]
            return f"swap {_pt(move['a'])}↔{_pt(move['b'])} r{ka} r{kb}{star}"
        if kind == "declare":
            return f"declare {move['from']}"
        return kind

    # ------------------------------------------------------------------ json
    def to_json(self, state: State) -> dict:
        return {
            "players": state.players,
            "companies": list(state.companies),
            "cells": [list(cell) if cell else None for cell in state.cells],
            "gap": state.gap,
            "current": state.current,
            "phase": state.phase,
            "hand": state.hand,
            "hand_from": state.hand_from,
            "touched": sorted(state.touched),
            "revealed": state.revealed,
            "declared": [[s, e, list(p)] for s, e, p in state.declared],
            "doubled": state.doubled,
            "quiet": state.quiet,
            "track": list(state.track),
            "points": list(state.points),
            "point_supply": state.point_supply,
            "energy": state.energy,
            "actions": list(state.actions),
            "special": list(state.special),
            "face_down": state.face_down,
            "reason": state.reason,
            "last_seat": state.last_seat,
            "last_touched": sorted(state.last_touched),
            "last_declared": [list(line) for line in state.last_declared],
            "left": [list(entry) for entry in state.left],
        }

    def from_json(self, data: dict) -> State:
        return State(
            players=data["players"],
            companies=tuple(data["companies"]),
            cells=tuple(tuple(cell) if cell else None for cell in data["cells"]),
            gap=data["gap"],
            current=data["current"],
            phase=data["phase"],
            hand=data["hand"],
            hand_from=data["hand_from"],
            touched=frozenset(data["touched"]),
            revealed=data["revealed"],
            declared=tuple((s, e, tuple(p)) for s, e, p in data["declared"]),
            doubled=data["doubled"],
            quiet=data["quiet"],
            track=tuple(data["track"]),
            points=tuple(data["points"]),
            point_supply=data["point_supply"],
            energy=data["energy"],
            actions=tuple(data["actions"]),
            special=tuple(data["special"]),
            face_down=data["face_down"],
            reason=data["reason"],
            last_seat=data.get("last_seat"),
            last_touched=frozenset(data.get("last_touched", ())),
            last_declared=tuple(tuple(line) for line in data.get("last_declared", ())),
            left=tuple((seat, reason) for seat, reason in data.get("left", ())),
        )


def _has_left(state: State, seat) -> bool:
    return any(s == seat for s, _ in state.left)


def _next_in(state: State, seat: int) -> int:
    """The seat after ``seat`` in turn order that is still in the match."""
    nxt = (seat + 1) % state.players
    while state.left and _has_left(state, nxt):
        nxt = (nxt + 1) % state.players
    return nxt


def _turn_over(state: State, seat: int, quiet: int) -> State:
    """Ends ``seat``'s turn with ``quiet`` quiet turns in a row: the game ends, or the next
    player still in starts a turn."""
    if state.face_down == 0:
        return evolve(state, quiet=quiet, phase=OVER, reason="cards")
    if quiet >= state.players - len(state.left):
        return evolve(state, quiet=quiet, phase=OVER, reason="quiet")
    fields = _fields(state)
    fields.update(NEW_TURN)
    fields["quiet"] = quiet
    fields["last_seat"] = seat
    fields["last_touched"] = state.touched
    fields["last_declared"] = tuple([line[:2] for line in state.declared])
    fields["current"] = _next_in(state, seat)
    return _made(fields)


NEW_TURN = {  # what a turn starts with (``_turn_over`` writes these over a copy)
    "phase": ACTION,
    "touched": frozenset(),
    "revealed": False,
    "declared": (),
    "doubled": False,
}


def _in_streak(state: State, seat: int) -> bool:
    """Whether ``seat`` made one of the quiet turns in a row before the current turn.

    Turns pass round the players still in, and a leaver drops out of the count, so the
    last ``quiet`` turns were made by the ``quiet`` players still in just before the mover.
    """
    s = state.current
    for _ in range(state.quiet):
        s = (s - 1) % state.players
        while _has_left(state, s):
            s = (s - 1) % state.players
        if s == seat:
            return True
    return False


def _hand_back(state: State) -> State:
    """A revealed card not yet placed goes back face down where it lay: only its revealer saw it."""
    if state.hand is None:
        return state
    cells = list(state.cells)
    cells[state.hand_from] = (state.hand, 0, 0, False)
    return evolve(
        state, cells=tuple(cells), hand=None, hand_from=None, face_down=state.face_down + 1
    )


def _touched(state: State, place: int, cards: frozenset | None = None) -> bool:
    cell = state.cells[place]
    return cell is not None and cell[3] and cell[0] in (state.touched if cards is None else cards)


def _pt(value) -> str:
    return f"({value[0]},{value[1]})"


def _turn_dict(place: int, k: int) -> dict:
    return {"type": "rotate", "at": _at(place), "rotation": k}


def _move_dict(place: int, k: int, extra: dict) -> dict:
    return {"type": "move", "from": _at(place), "rotation": k, **extra}


def _swap_dict(sources, i: int, extra: dict) -> dict:
    """The i-th swap over pairs of ``sources`` (row-major), 16 rotation pairs each."""
    pair, k = divmod(i, 16)
    # Unrank pair index -> (x, y) with x < y.
    x = 0
    n = len(sources)
    while pair >= n - 1 - x:
        pair -= n - 1 - x
        x += 1
    y = x + 1 + pair
    return {
        "type": "swap",
        "a": _at(sources[x]),
        "b": _at(sources[y]),
        "rotations": [k // 4, k % 4],
        **extra,
    }


class Listed:
    """The moves ``legal_moves`` lists, each made once and shared (games/rules/frozen.py):
    most at import, the swaps of a pair of places when a position first lists them (16
    per pair and chip, up to about 38,000 in all)."""

    def __init__(self):
        at = [FrozenList(_at(place)) for place in range(PLACES)]
        self.at = at
        self.reveal = tuple(frozen({"type": "reveal", "at": at[p]}) for p in range(PLACES))
        self.rotate = tuple(
            tuple(frozen({"type": "rotate", "at": at[p], "rotation": k}) for k in range(4))
            for p in range(PLACES)
        )
        self.move = tuple(
            tuple(
                tuple(
                    frozen({"type": "move", "from": at[p], "rotation": k, **extra})
                    for k in range(4)
                )
                for p in range(PLACES)
            )
            for extra in ({}, SPECIAL)
        )
        self.places = tuple(
            tuple(frozen({"type": "place", "to": at[p], "rotation": k}) for k in range(4))
            for p in range(PLACES)
        )
        self.declare = {d: frozen({"type": "declare", "from": d}) for d in DISTRIBUTOR_IDS}
        self.double = frozen({"type": "double"})
        self.end = frozen({"type": "end"})
        self.rotations = tuple(FrozenList([ka, kb]) for ka in range(4) for kb in range(4))
        self._swaps = {}

    def place(self, to: int) -> tuple:
        return self.places[to]

    def swaps(self, a: int, b: int, special: bool) -> tuple:
        """The 16 swaps of places ``a`` < ``b`` (rotations in order), with the special chip
        or without."""
        key = (a * PLACES + b) * 2 + special
        found = self._swaps.get(key)
        if found is None:
            extra = SPECIAL if special else {}
            found = self._swaps[key] = tuple(
                frozen({"type": "swap", "a": self.at[a], "b": self.at[b], "rotations": r, **extra})
                for r in self.rotations
            )
        return found


LISTED = Listed()

HighVoltageCompaniesEngine._appliers = {
    kind: getattr(HighVoltageCompaniesEngine, "_" + kind) for kind in MOVE_KEYS
}
ENGINE = HighVoltageCompaniesEngine()
