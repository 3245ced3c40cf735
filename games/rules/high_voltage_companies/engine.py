"""The High Voltage (power companies) rules engine: pure, deterministic, no Django.

docs/rules.md §1 and §3; the readings chosen where the rules are silent are listed in
the package docstring (``games/high_voltage_companies/__init__.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.high_voltage_companies import codes
from games.rules.high_voltage_companies.cards import (
    COLOURS,
    DANGER_IDS,
    NEW_ROTATIONS,
    describe,
)
from games.rules.high_voltage_companies.grid import (
    CENTRE,
    CHIP_NAMES,
    DANGER,
    DISTRIBUTOR_IDS,
    DISTRIBUTORS,
    HIGH_VOLTAGE,
    PLACES,
    SIZE,
    START_UP,
    Line,
    cell_of,
    closable_lines,
    point_chips,
    trace,
)

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
PHASE_MOVES = {
    ACTION: ("reveal", "rotate", "move", "swap"),
    PLACE: ("place",),
    DECLARE: ("declare", "double", "end"),
}


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


def _is_danger(cell) -> bool:
    return cell[2] == DANGER or cell[0] in DANGER_IDS


def _rotation(value) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise IllegalMove("A rotation must be a whole number 0, 1, 2 or 3.")
    return value


def _where(value, what: str) -> int:
    r, c = int_list(value, 2, what, 0, SIZE - 1)
    return r * SIZE + c


def _at(place: int) -> list[int]:
    return cell_of(place)


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


class HighVoltageCompaniesEngine(EngineBase):
    slug = "high-voltage-companies"
    name = "High Voltage — power companies"
    min_players = 2
    max_players = 4
    code_examples = codes.EXAMPLES

    def write_code(self, state, move: dict) -> str:
        """The move's code (docs/rules.md §1.4; the format is in ``codes.py``)."""
        return codes.write(state, move)

    def read_code(self, state, code: str) -> dict | None:
        return codes.read(state, code)

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """Deals the grid, the four face-up rotations, the companies and the first seat.

        Each random part can be fixed by ``options`` (docs/rules.md §3).
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError("High Voltage is for 2 to 4 players.")
        options = option_dict(options, {"cards", "rotations", "companies", "first"}, "High Voltage")
        rng = random.Random(seed)
        cards = options.get("cards")
        if cards is None:
            cards = list(range(48))
            rng.shuffle(cards)
        if (
            not isinstance(cards, list | tuple)
            or len(cards) != 48
            or any(type(c) is not int for c in cards)
            or sorted(cards) != list(range(48))
        ):
            raise ValueError("cards must be an order of the 48 card ids 0..47.")
        rotations = options.get("rotations")
        if rotations is None:
            rotations = [rng.randrange(4) for _ in START_UP]
        if (
            not isinstance(rotations, list | tuple)
            or len(rotations) != 4
            or any(type(k) is not int or not 0 <= k <= 3 for k in rotations)
        ):
            raise ValueError("rotations must be four whole numbers 0..3.")
        companies = options.get("companies")
        if companies is None:
            companies = rng.sample(COLOURS, players)
        if (
            not isinstance(companies, list | tuple)
            or len(companies) != players
            or len(set(companies)) != players
            or any(not isinstance(c, str) or c not in COLOURS for c in companies)
        ):
            raise ValueError("companies must give each seat a different colour.")
        first = options.get("first")
        if first is None:
            first = rng.randrange(players)
        if type(first) is not int or not 0 <= first < players:
            raise ValueError("first must be a seat.")
        deal = iter(cards)
        cells = [None if place == CENTRE else (next(deal), 0, 0, False) for place in range(PLACES)]
        for place, k in zip(START_UP, rotations, strict=True):
            cells[place] = (cells[place][0], k, 0, True)
        return State(
            players=players,
            companies=tuple(COLOURS.index(c) for c in companies),
            cells=tuple(cells),
            gap=CENTRE,
            current=first,
            phase=ACTION,
            points=(0,) * players,
            actions=(ACTION_CHIPS,) * players,
            special=(True,) * players,
            face_down=48 - len(START_UP),
        )

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == OVER else [state.current]

    # ------------------------------------------------------------ move lists
    def _families(self, state: State, seat: int):
        """The action-phase move families: face-down places, (place, rotation) turns, and the
        (sources, extra keys) variants for move and swap (plain if action chips are left,
        special if the special chip is)."""
        cells = state.cells
        down = [p for p in range(PLACES) if cells[p] is not None and not cells[p][3]]
        up = [p for p in range(PLACES) if cells[p] is not None and cells[p][3]]
        safe = [p for p in up if not _is_danger(cells[p])]
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
        """Yields every move ``seat`` may make now (nothing when it is not its turn)."""
        if seat not in self.to_move(state):
            return
        if state.phase == ACTION:
            yield from self._action_moves(state, seat)
        elif state.phase == PLACE:
            for to in sorted({state.hand_from, state.gap}):
                for k in range(4):
                    yield {"type": "place", "to": _at(to), "rotation": k}
        else:
            for line in self.declarable(state):
                yield {"type": "declare", "from": line.start}
            if self._may_double(state):
                yield {"type": "double"}
            yield {"type": "end"}

    def _action_moves(self, state: State, seat: int):
        """The same moves as ``_groups``, listed with plain loops (fast for ~35,000 swaps)."""
        down, turns, variants = self._families(state, seat)
        for place in down:
            yield {"type": "reveal", "at": _at(place)}
        for place, k in turns:
            yield _turn_dict(place, k)
        for sources, extra in variants:
            for place in sources:
                for k in range(4):
                    yield _move_dict(place, k, extra)
            for x, a in enumerate(sources):
                for b in sources[x + 1 :]:
                    for ka in range(4):
                        for kb in range(4):
                            yield {
                                "type": "swap",
                                "a": _at(a),
                                "b": _at(b),
                                "rotations": [ka, kb],
                                **extra,
                            }

    def random_move(self, state: State, seat: int, rng: random.Random) -> dict:
        """A random legal move without listing the (up to ~35,000) swaps.

        Uniform over the kinds of action (reveal, rotate, move, swap), then uniform
        within the kind; uniform over the listed moves in the other phases. Plain
        uniform play would almost never reveal (swaps outnumber reveals ~1000:1) and
        random games would stop after a few quiet turns.
        """
        if state.phase != ACTION:
            return rng.choice(list(self.legal_moves(state, seat)))
        groups = [g for g in self._groups(state, seat) if g[1]]
        family = rng.choice(sorted({name for name, _, _ in groups}))
        groups = [(count, make) for name, count, make in groups if name == family]
        pick = rng.randrange(sum(count for count, _ in groups))
        for count, make in groups:
            if pick < count:
                return make(pick)
            pick -= count
        raise AssertionError("unreachable")

    def declarable(self, state: State) -> list[Line]:
        """Closable lines that pass a card touched this turn (only in the declare phase)."""
        if state.phase != DECLARE:
            return []
        cells, touched = state.cells, state.touched
        return [
            line
            for line in closable_lines(cells)
            if any(cells[p][0] in touched for p in line.places)
        ]

    def _may_double(self, state: State) -> bool:
        return state.special[state.current] and state.face_down > 0

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat`` makes ``move``; raises IllegalMove otherwise."""
        if not isinstance(move, dict):
            raise IllegalMove("A move must be a JSON object.")
        kind = move.get("type")
        allowed = MOVE_KEYS
        if kind in ("move", "swap") and "special" in move:
            allowed = {**MOVE_KEYS, kind: MOVE_KEYS[kind] | {"special"}}
            if move["special"] is not True:
                raise IllegalMove('"special" must be true (leave it out to spend an action chip).')
        require_keys(move, allowed)
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
        return getattr(self, "_" + kind)(state, seat, move)

    def _reveal(self, state: State, seat: int, move) -> State:
        place = _where(move["at"], "Place")
        cell = state.cells[place]
        if cell is None or cell[3]:
            raise IllegalMove("Only a face-down card can be revealed.")
        cells = list(state.cells)
        cells[place] = None
        return replace(
            state,
            cells=tuple(cells),
            hand=cell[0],
            hand_from=place,
            phase=PLACE,
            face_down=state.face_down - 1,
        )

    def _place(self, state: State, seat: int, move) -> State:
        to = _where(move["to"], "Place")
        k = _rotation(move["rotation"])
        if to not in (state.hand_from, state.gap):
            raise IllegalMove("Place the card where it lay or into the gap.")
        cells = list(state.cells)
        cells[to] = (state.hand, k, 0, True)
        gap = state.hand_from if to == state.gap else state.gap
        return replace(
            state,
            cells=tuple(cells),
            gap=gap,
            hand=None,
            hand_from=None,
            phase=DECLARE,
            touched=state.touched | {state.hand},
            revealed=True,
        )

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
        return replace(state, cells=tuple(cells), phase=DECLARE, touched=state.touched | {cell[0]})

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
        if any(_is_danger(cell) for cell in cards):
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
        return replace(
            state,
            cells=tuple(cells),
            gap=place,
            phase=DECLARE,
            touched=state.touched | {cell[0]},
            **chips,
        )

    def _swap(self, state: State, seat: int, move) -> State:
        a = _where(move["a"], "Place a")
        b = _where(move["b"], "Place b")
        ka, kb = int_list(move["rotations"], 2, "Rotations", 0, 3)
        if a >= b:
            raise IllegalMove("Name the two places in reading order (a before b).")
        first, second = state.cells[a], state.cells[b]
        if first is None or second is None or not first[3] or not second[3]:
            raise IllegalMove("Only two face-up cards can be swapped.")
        chips = self._spend(state, seat, move, [first, second])
        cells = list(state.cells)
        cells[b] = (first[0], ka, first[2], True)
        cells[a] = (second[0], kb, second[2], True)
        return replace(
            state,
            cells=tuple(cells),
            phase=DECLARE,
            touched=state.touched | {first[0], second[0]},
            **chips,
        )

    def _declare(self, state: State, seat: int, move) -> State:
        start = move["from"]
        if type(start) is not str or start not in DISTRIBUTORS:
            raise IllegalMove(f"{start!r} is not a distributor (N0..N6, E0..E6, S0..S6, W0..W6).")
        line = trace(state.cells, start)
        if line is None:
            raise IllegalMove(f"No closable power line starts at {start}.")
        if line.end < start:
            raise IllegalMove(f"Name this line by its end {line.end}, the one that sorts first.")
        if not any(state.cells[p][0] in state.touched for p in line.places):
            raise IllegalMove("The line must pass a card you touched this turn.")
        track = list(state.track)
        for colour in line.colours:
            track[colour] += 1
        earned = min(point_chips(len(line.places)), state.point_supply)
        points = list(state.points)
        points[seat] += earned
        cells = list(state.cells)
        energy = state.energy
        for place in line.places:  # trace order from the named end
            card, k, chip, _ = cells[place]
            if chip == HIGH_VOLTAGE:
                cells[place] = (card, k, DANGER, True)
            elif energy > 0:
                cells[place] = (card, k, HIGH_VOLTAGE, True)
                energy -= 1
        over = energy == 0
        return replace(
            state,
            cells=tuple(cells),
            track=tuple(track),
            points=tuple(points),
            point_supply=state.point_supply - earned,
            energy=energy,
            declared=(*state.declared, (line.start, line.end, line.places)),
            phase=OVER if over else DECLARE,
            reason="energy" if over else None,
        )

    def _double(self, state: State, seat: int, move) -> State:
        if not state.special[seat]:
            raise IllegalMove("You have already used your special chip.")
        if state.face_down == 0:
            raise IllegalMove("No double turn once the last face-down card is placed.")
        special = list(state.special)
        special[seat] = False
        return replace(state, special=tuple(special), doubled=True, phase=ACTION)

    def _end(self, state: State, seat: int, move) -> State:
        quiet = 0 if state.revealed or state.declared else state.quiet + 1
        return _turn_over(replace(state, quiet=quiet), seat)

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7); the others play on until one is left.

        The leaver's turn, if it is one, ends where it stands (package docstring).
        """
        check_leave(seat, reason, state.players, state.left, state.phase == OVER)
        last_one = len(state.left) + 2 == state.players
        if seat != state.current:
            quiet = state.quiet - _in_streak(state, seat)
            state = replace(state, left=(*state.left, (seat, reason)), quiet=quiet)
            return replace(_hand_back(state), phase=OVER, reason=reason) if last_one else state
        state = _hand_back(state)
        # Only turns of players still in count as quiet; what the leaver did stands.
        quiet = 0 if state.revealed or state.declared else state.quiet
        state = replace(state, left=(*state.left, (seat, reason)), quiet=quiet)
        if last_one:
            return replace(state, phase=OVER, reason=reason)
        return _turn_over(state, seat)

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
        scores = self.final_scores(state)
        out = [s for s, _ in state.left]
        still = [s for s in range(state.players) if s not in out]
        best = max(scores[s] for s in still)
        ranking = [0] * state.players
        for s in still:
            ranking[s] = 1 + sum(scores[other] > scores[s] for other in still)
        for place, s in enumerate(reversed(out), start=len(still) + 1):
            ranking[s] = place
        return {
            "winners": [s for s in still if scores[s] == best],
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
    while _has_left(state, nxt):
        nxt = (nxt + 1) % state.players
    return nxt


def _turn_over(state: State, seat: int) -> State:
    """Ends ``seat``'s turn (``quiet`` already counted): the game ends, or the next player
    still in starts a turn."""
    if state.face_down == 0:
        return replace(state, phase=OVER, reason="cards")
    if state.quiet >= state.players - len(state.left):
        return replace(state, phase=OVER, reason="quiet")
    return replace(
        state,
        last_seat=seat,
        last_touched=state.touched,
        last_declared=tuple((start, end) for start, end, _ in state.declared),
        current=_next_in(state, seat),
        phase=ACTION,
        touched=frozenset(),
        revealed=False,
        declared=(),
        doubled=False,
    )


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
    return replace(
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


ENGINE = HighVoltageCompaniesEngine()
