"""Finds each game's board renderer: ``games/<package>/board.py`` and its SVG template.

A board module offers ``SEATS`` (name and colour per seat) and
``context(view, seat, legal) -> dict`` of layout values for
``templates/games/<slug>/board.html``. It sees only the viewer's ``view``.
"""

from __future__ import annotations

import json
from importlib import import_module

from games.registry import ENGINES


def board_module(slug: str):
    package = ENGINES[slug].partition(":")[0].rsplit(".", 1)[0]
    return import_module(f"{package}.board")


def board_context(slug: str, view: dict, seat: int | None, legal: list[dict]) -> dict:
    return board_module(slug).context(view, seat, legal)


def seat_styles(slug: str, players: int) -> list[dict]:
    """Returns name and colour of each seat, e.g. [{"name": "Positive", "colour": "#e8590c"}]."""
    return board_module(slug).SEATS[:players]


def move_attr(move: dict) -> str:
    """The JSON a clickable board element carries in ``data-move``."""
    return json.dumps(move, separators=(",", ":"))
