"""The 48 line cards of docs/rules.md §3 as data, and what a rotation does to them.

Edges are numbered N=0, E=1, S=2, W=3; a rotation of k quarter turns clockwise
sends edge e to edge (e + k) % 4.
"""

from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue")
EDGES = "NESW"
N, E, S, W = range(4)
DANGER_IDS = frozenset({36, 39, 42, 45})  # first single-colour curves card of each colour

# At rotation 0: cross = N–S in colour a, E–W in b; curves = N–E in a, S–W in b.
BASE_PAIRS = {"cross": ((N, S), (E, W)), "curves": ((N, E), (S, W))}


def _build() -> tuple[tuple[str, int, int], ...]:
    """(shape, colour a, colour b) for ids 0..47 in the order docs/rules.md fixes."""
    cards = []
    for shape in ("cross", "curves"):
        cards += [(shape, a, b) for a in range(4) for b in range(4) if a != b]
        cards += [(shape, a, a) for a in range(4) for _ in range(3)]
    return tuple(cards)


CARDS = _build()


def segments(card: int, rotation: int) -> tuple[tuple[int, int, int], ...]:
    """The two segments (edge, edge, colour index) of ``card`` turned ``rotation`` times."""
    shape, a, b = CARDS[card]
    (p, q), (u, v) = BASE_PAIRS[shape]
    return (
        ((p + rotation) % 4, (q + rotation) % 4, a),
        ((u + rotation) % 4, (v + rotation) % 4, b),
    )


def _exits(card: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """For each entry edge, (exit edge, colour index)."""
    table = [None] * 4
    for x, y, colour in segments(card, rotation):
        table[x] = (y, colour)
        table[y] = (x, colour)
    return tuple(table)


def appearance(card: int, rotation: int) -> frozenset:
    """The set of (edge pair, colour) the card shows; rotations are told apart by it."""
    return frozenset((frozenset((x, y)), colour) for x, y, colour in segments(card, rotation))


EXITS = tuple(tuple(_exits(card, k) for k in range(4)) for card in range(48))
APPEARANCES = tuple(tuple(appearance(card, k) for k in range(4)) for card in range(48))
# Rotations that show something new, from each current rotation.
NEW_ROTATIONS = tuple(
    tuple(
        tuple(k for k in range(4) if APPEARANCES[card][k] != APPEARANCES[card][now])
        for now in range(4)
    )
    for card in range(48)
)


def describe(card: int, rotation: int) -> dict:
    """The face of a card for a renderer: id, shape, colours, rotation, segments, printed DANGER."""
    shape, a, b = CARDS[card]
    return {
        "card": card,
        "shape": shape,
        "colours": [COLOURS[a], COLOURS[b]],
        "rotation": rotation,
        "danger": card in DANGER_IDS,
        "segments": [
            {"edges": [EDGES[x], EDGES[y]], "colour": COLOURS[c]}
            for x, y, c in segments(card, rotation)
        ],
    }
