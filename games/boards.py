"""Finds each game's board renderer: ``games/<package>/board.py`` and its SVG template.

A board module offers ``SEATS`` (name and colour per seat), ``OPTIONS`` (lobby
checkboxes), optionally ``SCRIPT`` (a static path of the board's own script) and
``LIST_LEGAL_MOVES = False`` (the script builds moves itself; for huge move spaces),
and ``context(view, seat, legal) -> dict`` of layout values for the Jinja2 template
``templates/jinja2/games/<slug>/board.html``, which gets ``board`` (that dict),
``view`` and ``seats`` (the players strip, the same for every viewer). It sees only
the viewer's ``view``, so it cannot leak what that viewer may not know. Clickable
elements carry ``data-move`` (see ``static/js/match.js``).
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
