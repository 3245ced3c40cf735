"""Tic-tac-toe's board: seats, and the context of its board.html."""

SEATS = [{"name": "X", "colour": "#1565c0"}, {"name": "O", "colour": "#c62828"}]


def context(view: dict, seat: int | None, legal: list) -> dict:
    free = {move["at"]: move for move in legal}
    marks = {0: "X", 1: "O"}
    return {
        "cells": [
            {"mark": marks.get(c, ""), "move": free.get(i)} for i, c in enumerate(view["cells"])
        ]
    }
