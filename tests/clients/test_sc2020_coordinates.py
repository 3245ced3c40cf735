"""The bridge's coordinates against the Software Challenge 2020's own: the season's
coordinate figure and the figures of each piece's moves (tests/clients/sc2020_positions.py),
read in the competition's (x, y, z), played by our engine, and written back."""

from __future__ import annotations

import re

import pytest

from clients.sc2020 import coords, messages
from games.hive.engine import ENGINE
from games.hive.grid import COORDS
from tests.clients.sc2020_positions import FIGURES

SEATS = {"RED": 0, "BLUE": 1}


def test_the_season_figure_of_coordinates_is_our_board_drawn_the_same_way_round():
    # The figure's top row reads (x, z, y) = (0, -5, 5) … (5, -5, 0) from left to right,
    # its middle row (-5, 0, 5) … (5, 0, -5): z is the row, x grows to the right.
    top = [(x, 5 - x, -5) for x in range(6)]
    middle = [(x, -x, 0) for x in range(-5, 6)]
    assert [coords.ours(*f) for f in top] == [list(c) for c in COORDS[:6]]
    assert [coords.ours(*f) for f in middle] == [list(c) for c in COORDS[40:51]]
    assert sorted(tuple(coords.ours(*f)) for f in coords.all_fields()) == sorted(COORDS)
    assert all(coords.theirs(coords.ours(*f)) == f for f in coords.all_fields())


@pytest.mark.parametrize("field", [(1, 1, 1), (6, -6, 0), (0, 6, -6), (-3, -3, 6)])
def test_a_field_off_the_hexagon_is_refused(field):
    with pytest.raises(coords.BadField):
        coords.ours(*field)


def position(figure: dict):
    """Our engine's position of a figure, its moving piece's seat to move."""
    board = [[coords.ours(x, y, -x - y), [[SEATS[c], kind]]] for x, y, c, kind in figure["pieces"]]
    mover = next(SEATS[c] for x, y, c, _ in figure["pieces"] if (x, y) == figure["moving"])
    data = {
        "blocked": [coords.ours(x, y, -x - y) for x, y in figure["blocked"]],
        "board": board,
        "moves": [9, 8] if mover else [8, 8],
        "last": None,
    }
    return ENGINE.from_json(data), mover


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_each_piece_reaches_the_fields_its_figure_marks(name):
    figure = FIGURES[name]
    state, mover = position(figure)
    x, y = figure["moving"]
    start = coords.ours(x, y, -x - y)
    reached = {
        coords.theirs(move["to"])[:2]
        for move in ENGINE.legal_moves(state, mover)
        if move["type"] == "drag" and move["from"] == start
    }
    assert reached == set(figure["yellow"])


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_memento_puts_each_piece_where_its_figure_shows_it(name):
    figure = FIGURES[name]
    state, _ = position(figure)
    text = messages.memento("r", ENGINE.view(state, None), ["red", "blue"])
    fields = re.findall(
        r'<field x="(-?\d)" y="(-?\d)" z="(-?\d)" isObstructed="(\w+)">\s*<piece owner="(\w+)" type="(\w+)"/>',
        text,
    )
    shown = {(int(x), int(y), owner, kind) for x, y, z, _, owner, kind in fields}
    assert shown == {tuple(piece) for piece in figure["pieces"]}
    blocked = re.findall(r'<field x="(-?\d)" y="(-?\d)" z="-?\d" isObstructed="true"', text)
    assert {(int(x), int(y)) for x, y in blocked} == set(figure["blocked"])
