"""Tic-tac-toe's rules, written as any game's engine is (games.rules, docs/rules.md §1)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from games.rules import EngineBase, IllegalMove, Move, check_leave

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CODE = re.compile(r"[a-c][1-3]")


@dataclass(frozen=True)
class State:
    cells: tuple  # 9 cells, row by row: None or the seat that marked it
    ply: int = 0
    left: tuple = ()  # (seat, reason) of who left


class TicTacToe(EngineBase):
    slug = "tic-tac-toe"
    name = "Tic-tac-toe"
    min_players = max_players = 2
    code_examples = "'a1', 'b2', 'c3'"

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        if players != 2 or options:
            raise IllegalMove("Tic-tac-toe is for two players and has no options.")
        return State(cells=(None,) * 9)

    def _winner(self, state: State) -> int | None:
        for a, b, c in LINES:
            if state.cells[a] is not None and state.cells[a] == state.cells[b] == state.cells[c]:
                return state.cells[a]
        return None

    def outcome(self, state: State) -> dict | None:
        if state.left:
            seat, reason = state.left[0]
            return {"winners": [1 - seat], "scores": [0, 0], "reason": reason}
        winner = self._winner(state)
        if winner is not None:
            scores = [1 if s == winner else 0 for s in (0, 1)]
            return {"winners": [winner], "scores": scores, "reason": "three in a row"}
        if None not in state.cells:
            return {"winners": [], "scores": [0, 0], "reason": "full board"}
        return None

    def to_move(self, state: State) -> list[int]:
        return [] if self.outcome(state) else [state.ply % 2]

    def legal_moves(self, state: State, seat: int):
        if seat not in self.to_move(state):
            return []
        return [{"type": "mark", "at": i} for i, cell in enumerate(state.cells) if cell is None]

    def apply(self, state: State, seat: Any, move: Move) -> State:
        if type(seat) is not int or seat not in self.to_move(state):
            raise IllegalMove("It is not that seat's turn.")
        if not isinstance(move, dict) or set(move) != {"type", "at"} or move["type"] != "mark":
            raise IllegalMove("A tic-tac-toe move is {'type': 'mark', 'at': 0..8}.")
        at = move["at"]
        if type(at) is not int or not 0 <= at < 9 or state.cells[at] is not None:
            raise IllegalMove("That cell is not free.")
        cells = list(state.cells)
        cells[at] = seat
        return replace(state, cells=tuple(cells), ply=state.ply + 1)

    def leave(self, state: State, seat: int, reason: str) -> State:
        check_leave(seat, reason, 2, state.left, self.outcome(state) is not None)
        return replace(state, left=((seat, reason),), ply=state.ply + 1)

    def view(self, state: State, seat: int | None) -> dict:
        result = self.outcome(state)
        return {
            "players": 2,
            "to_move": self.to_move(state),
            "outcome": result,
            "scores": result["scores"] if result else [0, 0],
            "cells": list(state.cells),
            "ply": state.ply,
        }

    def to_json(self, state: State) -> dict:
        return {"cells": list(state.cells), "ply": state.ply, "left": [list(x) for x in state.left]}

    def from_json(self, data: dict) -> State:
        left = tuple(tuple(x) for x in data["left"])
        return State(cells=tuple(data["cells"]), ply=data["ply"], left=left)

    def notation(self, state: State, move: Move) -> str:
        return (
            f"X at {self.write_code(state, move)}"
            if state.ply % 2 == 0
            else (f"O at {self.write_code(state, move)}")
        )

    def write_code(self, state: State, move: Move) -> str:
        at = move["at"]
        if move.get("type") != "mark" or set(move) != {"type", "at"} or type(at) is not int:
            raise IllegalMove("not a mark")
        return "abc"[at % 3] + "123"[at // 3]

    def read_code(self, state: State, code: str) -> Move | None:
        if not CODE.fullmatch(code):
            return None
        return {"type": "mark", "at": "abc".index(code[0]) + 3 * "123".index(code[1])}


ENGINE = TicTacToe()
