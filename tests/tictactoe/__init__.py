"""Tic-tac-toe at the table, declared as docs/architecture.md's "Adding a game" says: its
engine, its board and its words in one package. Only the tests use it."""

from pathlib import Path

from django.utils.translation import gettext_noop

from games.declaration import Game
from tests.tictactoe import board
from tests.tictactoe.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    description="Three in a row on a 3×3 grid.",
    board=board,
    reasons={"three in a row": "with three in a row", "full board": "on a full board"},
    clock_presets=((1, 0),),
    words=(gettext_noop("%(seat)s marks"),),
    directory=Path(__file__).parent,
)
