"""Position builders for the High Voltage (companies) tests; holds no tests itself.

Card ids are derived here from the wording of docs/rules.md §3, independently of the
engine's card table, so a wrong card table shows up as failing tests.
"""

from __future__ import annotations

from dataclasses import replace

from games.high_voltage_companies.engine import ENGINE

COLOURS = ["red", "yellow", "green", "blue"]
PAIRS = [(a, b) for a in COLOURS for b in COLOURS if a != b]


def mixed(shape: str, a: str, b: str) -> int:
    """Id of the mixed card (a, b) of ``shape``: 12 ordered pairs, a outer loop."""
    return (0 if shape == "cross" else 24) + PAIRS.index((a, b))


def single(shape: str, colour: str, n: int = 0) -> int:
    """Id of the n-th (0..2) single-colour card of ``shape``."""
    return (0 if shape == "cross" else 24) + 12 + 3 * COLOURS.index(colour) + n


def table(
    layout: dict,
    players: int = 2,
    companies=None,
    first: int = 0,
    chips: dict | None = None,
    gap=(3, 3),
    down: dict | None = None,
    rest_up: bool = False,
    **fields,
):
    """A state at the start of ``first``'s turn with exactly the ``layout`` cards face up.

    ``layout`` maps (row, col) -> (card, rotation); ``down`` maps (row, col) -> card
    for chosen face-down cards; ``chips`` maps (row, col) -> 1 (HIGH VOLTAGE) or 2
    (DANGER). Every other place holds a leftover card face down.
    """
    chips = chips or {}
    down = down or {}
    state = ENGINE.setup(
        players,
        0,
        {
            "cards": list(range(48)),
            "rotations": [0, 0, 0, 0],
            "companies": companies or COLOURS[:players],
            "first": first,
        },
    )
    used = {card for card, _ in layout.values()} | set(down.values())
    assert len(used) == len(layout) + len(down), "a card is used twice"
    spare = iter(card for card in range(48) if card not in used)
    cells = []
    for r in range(7):
        for c in range(7):
            if (r, c) == tuple(gap):
                cells.append(None)
            elif (r, c) in layout:
                card, k = layout[r, c]
                cells.append((card, k, chips.get((r, c), 0), True))
            elif (r, c) in down:
                cells.append((down[r, c], 0, 0, False))
            else:
                cells.append((next(spare), 0, 0, rest_up))
    return replace(
        state,
        cells=tuple(cells),
        gap=gap[0] * 7 + gap[1],
        face_down=sum(1 for cell in cells if cell and not cell[3]),
        **fields,
    )


def all_up(face_down: dict, **kwargs):
    """Every place face up at rotation 0 except the ``face_down`` places (place -> card)."""
    return table({}, down=face_down, rest_up=True, **kwargs)


def play(state, *moves):
    """Applies ``moves`` for whoever is to move."""
    for move in moves:
        state = ENGINE.apply(state, ENGINE.to_move(state)[0], move)
    return state


def legal(state):
    return list(ENGINE.legal_moves(state, ENGINE.to_move(state)[0]))


def cross_row(row: int, colour_ids=None) -> dict:
    """Seven crosses across ``row`` (a W–E line); ids 0..6 of single/mixed crosses."""
    ids = colour_ids or [single("cross", "red", 0), single("cross", "red", 1)] + [
        mixed("cross", "yellow", b) for b in ("red", "green", "blue")
    ] + [mixed("cross", "green", "red"), mixed("cross", "green", "yellow")]
    return {(row, c): (ids[c], 0) for c in range(7)}


# curves: rotation 0 = N–E a, S–W b; rotation 1 = E–S a, W–N b;
#         rotation 2 = S–W a, N–E b; rotation 3 = W–N a, E–S b.
def ell(r: int, c: int, curve=None, crosses=None) -> dict:
    """A line from W<r> east along row r to column c, a curve W–N, then north to N<c>.

    Uses r + c + 1 cards. ``crosses`` are the cross ids used in order along the line
    from the W end; the curve defaults to the red/yellow mixed curves card at
    rotation 3 (W–N in red).
    """
    crosses = list(
        crosses
        or [
            card
            for card in range(24)
            if card not in (single("cross", "red", 0),)  # keep one spare for tests
        ]
    )
    layout = {}
    for col in range(c):
        layout[r, col] = (crosses.pop(0), 0)
    layout[r, c] = curve or (mixed("curves", "red", "yellow"), 3)
    for row in range(r - 1, -1, -1):
        layout[row, c] = (crosses.pop(0), 0)
    return layout


def declare_phase(state, place):
    """Rotates the mixed cross at ``place`` one quarter (it still runs straight), so the
    mover's action touches it; returns the state in the declaration step."""
    r, c = place
    card, k, *_ = state.cells[r * 7 + c]
    return play(state, {"type": "rotate", "at": [r, c], "rotation": (k + 1) % 4})
