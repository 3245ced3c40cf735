"""What the bots know about tic-tac-toe: nothing is secret, so a view is the whole state."""

from __future__ import annotations

import random

from games.rules.knowledge import Knowledge
from tests.tictactoe.engine import ENGINE, State


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The position as shown (a game still running has nobody who left)."""
    return State(cells=tuple(view["cells"]), ply=view["ply"])


KNOWLEDGE = Knowledge(engine=ENGINE, determinize=determinize, iterations=(20, 100, 400))
