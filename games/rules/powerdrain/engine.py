"""The Powerdrain rules engine: pure, deterministic, no Django (docs/rules.md §1 and §6)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.rules import EngineBase, IllegalMove, check_leave
from games.rules.checks import int_list, option_dict, require_keys
from games.rules.powerdrain import codes

SIZE = 5
POTENTIALS = (1, 3, 5, 7, 9)
PLUGS = tuple(f"{a}{b}" for a in "2468" for b in "2468")  # all 16 ordered pairs
COLUMNS = "abcde"


@dataclass(frozen=True)
class State:
    rows: tuple[int, ...]  # potential of each row, top to bottom
    cols: tuple[int, ...]  # potential of each column, left to right
    pile: tuple[str, ...]  # undrawn plugs; pile[0] is the next one unless drafting
    draft: bool
    board: tuple[tuple[tuple[str, int] | None, ...], ...]  # (plug, seat) per section
    last: tuple[int, int] | None = None
    left: tuple[tuple[int, str], ...] = ()  # (seat, reason) of the seat that left

    @property
    def over(self) -> bool:
        return not self.pile or bool(self.left)

    @property
    def placed(self) -> int:
        return len(PLUGS) - len(self.pile)


def base_voltage(plug: str, row_potential: int, col_potential: int) -> int:
    """|first digit − row potential| + |second digit − column potential| (the seed's formula)."""
    return abs(int(plug[0]) - row_potential) + abs(int(plug[1]) - col_potential)


def neighbours(row: int, col: int):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            yield r, c


def voltages(state: State) -> dict[tuple[int, int], tuple[int, int]]:
    """Returns (base, final) voltage of every plugged section.

    Final = max(0, base − sum of bases of orthogonally adjacent opponent plugs).
    """
    base = {
        (r, c): base_voltage(cell[0], state.rows[r], state.cols[c])
        for r, line in enumerate(state.board)
        for c, cell in enumerate(line)
        if cell is not None
    }
    result = {}
    for (r, c), own in base.items():
        seat = state.board[r][c][1]
        drain = sum(
            base[n] for n in neighbours(r, c) if n in base and state.board[n[0]][n[1]][1] != seat
        )
        result[(r, c)] = (own, max(0, own - drain))
    return result


def tally(state: State) -> tuple[list[int], list[int]]:
    """Returns active plug counts and summed final voltages per seat."""
    active, power = [0, 0], [0, 0]
    for (r, c), (_, final) in voltages(state).items():
        seat = state.board[r][c][1]
        power[seat] += final
        active[seat] += final > 0
    return active, power


class PowerdrainEngine(EngineBase):
    slug = "powerdrain"
    name = "Powerdrain"
    min_players = 2
    max_players = 2
    code_examples = codes.EXAMPLES

    def write_code(self, state, move: dict) -> str:
        """The move's code (docs/rules.md §1.4; the format is in ``codes.py``)."""
        return codes.write(state, move)

    def read_code(self, state, code: str) -> dict | None:
        return codes.read(state, code)

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """Returns the opening state; options may fix rows, cols, plugs and turn on draft."""
        if players != 2:
            raise ValueError("Powerdrain is for exactly two players.")
        options = option_dict(options, {"rows", "cols", "plugs", "draft"}, "Powerdrain")
        rng = random.Random(seed)
        rows = _shuffled(POTENTIALS, rng) if "rows" not in options else options["rows"]
        cols = _shuffled(POTENTIALS, rng) if "cols" not in options else options["cols"]
        plugs = _shuffled(PLUGS, rng) if "plugs" not in options else options["plugs"]
        if not (_order_of(rows, POTENTIALS, int) and _order_of(cols, POTENTIALS, int)):
            raise ValueError("rows and cols must each be an order of 1 3 5 7 9.")
        if not _order_of(plugs, PLUGS, str):
            raise ValueError("plugs must be an order of the 16 plugs 22 … 88.")
        if type(options.get("draft", False)) is not bool:
            raise ValueError("draft must be true or false.")
        return State(
            rows=tuple(rows),
            cols=tuple(cols),
            pile=tuple(plugs),
            draft=bool(options.get("draft", False)),
            board=tuple((None,) * SIZE for _ in range(SIZE)),
        )

    def to_move(self, state: State) -> list[int]:
        return [] if state.over else [state.placed % 2]

    def legal_moves(self, state: State, seat: int):
        """Yields every legal place move for ``seat`` (none when it is not that seat's turn)."""
        if seat not in self.to_move(state):
            return
        empty = [[r, c] for r in range(SIZE) for c in range(SIZE) if state.board[r][c] is None]
        for plug in sorted(state.pile) if state.draft else [None]:
            for at in empty:
                yield (
                    {"type": "place", "at": at}
                    if plug is None
                    else {
                        "type": "place",
                        "plug": plug,
                        "at": at,
                    }
                )

    def apply(self, state: State, seat: int, move) -> State:
        """Returns the state after ``seat`` places a plug; raises IllegalMove otherwise."""
        require_keys(move, {"place": {"at", "plug"} if state.draft else {"at"}})
        if seat not in self.to_move(state):
            raise IllegalMove("The game is over." if state.over else "It is not your turn.")
        r, c = int_list(move["at"], 2, "Section", 0, SIZE - 1)
        if state.board[r][c] is not None:
            raise IllegalMove("That section already holds a plug.")
        plug = move["plug"] if state.draft else state.pile[0]
        if plug not in state.pile:
            raise IllegalMove(f"Plug {plug!r} is not among the remaining plugs.")
        board = [list(line) for line in state.board]
        board[r][c] = (plug, seat)
        pile = list(state.pile)
        pile.remove(plug)
        return replace(state, pile=tuple(pile), board=tuple(map(tuple, board)), last=(r, c))

    def leave(self, state: State, seat: int, reason: str) -> State:
        """``seat`` leaves (docs/rules.md §7): the other seat wins at once for that reason."""
        check_leave(seat, reason, 2, state.left, state.over)
        return replace(state, left=((seat, reason),))

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
        if not state.over:
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


ENGINE = PowerdrainEngine()
