"""Tic-tac-toe's board: seats, the context of its board.html, and a move in words."""

from django.utils.translation import gettext_noop

from games.boards import Words

SEATS = [{"name": "X", "colour": "#1565c0"}, {"name": "O", "colour": "#c62828"}]


def context(view: dict, seat: int | None, legal: list) -> dict:
    free = {move["at"]: move for move in legal}
    marks = {0: "X", 1: "O"}
    return {
        "cells": [
            {"mark": marks.get(c, ""), "move": free.get(i)} for i, c in enumerate(view["cells"])
        ]
    }


def describe(move: dict, before: dict, after: dict) -> Words:
    """Names the cell marked, as its code does (a1 top left)."""
    return Words(gettext_noop("marked %(at)s"), at="abc"[move["at"] % 3] + "123"[move["at"] // 3])
