"""Where pieces may go: placement fields, the one-hive rule, and each insect's movement.

Everything here works on plain per-field lists (``stacks``: bottom-to-top piece
codes per field, ``blk``: 1 for a blocked field, ``ring``: each field's neighbours as
bits, see ``ring_of``) so it is quick and easy to test through the engine. Piece codes
are ``seat << 3 | kind``. The steps a piece may take from a field depend only on its
``ring`` entry, so they are tables filled as keys come up; the one-hive rule is a table
look-up too while the hive encloses no free field (``euler``).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.hive.grid import ADJACENT, BOARD, CELLS, LINKS, NEIGHBOURS, spread

KINDS = ("BEE", "SPIDER", "BEETLE", "GRASSHOPPER", "ANT")
BEE, SPIDER, BEETLE, GRASSHOPPER, ANT = range(5)
START_RESERVE = (1, 2, 2, 3, 3)  # the seed's set, in KINDS order

# By a field's 6 bits of neighbours holding pieces (bit d: direction d, see ``ring_of``):
POP = tuple(bin(m).count("1") for m in range(64))  # how many
# touching pairs among them (neighbours in directions d and d + 1 touch each other):
PAIRS = tuple(sum(m >> d & m >> (d + 1) % 6 & 1 for d in range(6)) for m in range(64))
EULER = tuple(1 - POP[m] + PAIRS[m] for m in range(64))  # what a piece set there adds to ``euler``
ONE_RUN = tuple(POP[m] - PAIRS[m] <= 1 for m in range(64))  # at most one run round the field
RING = tuple(a << 12 for a in range(CELLS))  # ``ring_of`` an empty board


def owner(piece: int) -> int:
    return piece >> 3


def kind(piece: int) -> int:
    return piece & 7


def ring_of(occupied, blocked) -> list[int]:
    """Per field ``a``: ``a << 12 | blocked << 6 | pieces``, where bit d of ``pieces``
    (``blocked``) says that the field in direction d holds pieces (is blocked), given the
    fields holding pieces and the blocked fields. The moves read their steps from it
    through tables; a move updates it through ``LINKS``."""
    ring = list(RING)
    for i in occupied:
        for n, bit in LINKS[i]:
            ring[n] |= bit
    for i in blocked:
        for n, bit in LINKS[i]:
            ring[n] |= bit << 6
    return ring


def euler(occupied, ring) -> int:
    """Pieces minus touching pairs plus touching triples: the number of separate parts of
    the hive minus the free regions it encloses (Euler's formula for the union of its
    fields), so 1 for a connected hive that encloses nothing. A piece set on a field
    whose neighbours hold ``pieces`` adds ``EULER[pieces]``; lifting it takes that off."""
    touching = triples = 0  # each counted from every piece in it
    for i in occupied:
        touching += POP[ring[i] & 63]
        triples += PAIRS[ring[i] & 63]
    return len(occupied) - touching // 2 + triples // 3


def connected(stacks, occupied) -> bool:
    """Whether the pieces touch one another as one hive."""
    if not occupied:
        return True
    seen = {occupied[0]}
    todo = [occupied[0]]
    while todo:
        for w in ADJACENT[todo.pop()]:
            if stacks[w] and w not in seen:
                seen.add(w)
                todo.append(w)
    return len(seen) == len(occupied)


def placement_fields(tops: tuple[int, int], taken: int, seat: int, first: bool) -> int:
    """The free fields where ``seat`` may set a piece, as a ``BIT`` set (``tops``: per seat
    the fields with its piece on top, ``taken``: the fields holding pieces or blocked).

    ``first`` is True while ``seat`` has set nothing: then an empty board allows any
    free field, otherwise the field must touch a piece (red's first piece, for blue).
    Later a field must touch an own top piece and no opponent top piece; blocked
    fields give no contact.
    """
    if first:
        pieces = tops[0] | tops[1]
        near = spread(pieces) if pieces else BOARD
    else:
        near = spread(tops[seat]) & ~spread(tops[1 - seat])
    return near & ~taken


def free_pieces(stacks, occupied, seat: int, ring, whole: bool) -> list[int]:
    """The fields, in order, whose top piece is ``seat``'s and may be lifted.

    ``whole``: the hive is known to be connected and to enclose no free field (see
    ``ring_of``). Then a lone piece splits it exactly when its occupied neighbours form
    more than one run round it: a run's pieces touch each other, and the free fields
    between two runs all reach the open board, so a loop through the piece and those
    free fields would cut the hive in two. Otherwise ``liftable`` searches the hive.
    """
    if whole:
        return [
            i
            for i in occupied
            if stacks[i][-1] >> 3 == seat and (len(stacks[i]) > 1 or ONE_RUN[ring[i] & 63])
        ]
    lift = liftable(stacks, occupied)
    return [i for i in occupied if stacks[i][-1] >> 3 == seat and lift[i]]


def liftable(stacks, occupied) -> list[bool]:
    """Per field: can its top piece be lifted without splitting the hive?

    A piece on top of another leaves its field occupied, so it is always free; a
    lone piece must not be a cut vertex of the hive (pieces as nodes, touching
    fields as edges). Found with one Tarjan pass when the hive is connected (as it
    always is in play); otherwise each field is checked by a search.
    """
    result = [False] * CELLS
    if not occupied:
        return result
    depth = [-1] * CELLS
    cut = [False] * CELLS

    def visit(v: int, parent: int, d: int) -> int:
        """Depth-first from ``v``; returns the lowest depth reachable below it."""
        depth[v] = low = d
        children = 0
        for w in ADJACENT[v]:
            if stacks[w]:
                dw = depth[w]
                if dw < 0:
                    children += 1
                    below = visit(w, v, d + 1)
                    if below < low:
                        low = below
                    if below >= d and parent >= 0:
                        cut[v] = True
                elif dw < low and w != parent:
                    low = dw
        if parent < 0 and children > 1:
            cut[v] = True
        return low

    visit(occupied[0], -1, 0)  # at most 22 pieces deep
    if depth.count(-1) == CELLS - len(occupied):
        for i in occupied:
            result[i] = len(stacks[i]) > 1 or not cut[i]
        return result
    for i in occupied:
        result[i] = len(stacks[i]) > 1 or _connected_without(stacks, occupied, i)
    return result


def _connected_without(stacks, occupied, lifted: int) -> bool:
    rest = [i for i in occupied if i != lifted]
    if not rest:
        return True
    seen = {rest[0]}
    todo = [rest[0]]
    while todo:
        v = todo.pop()
        for w in ADJACENT[v]:
            if w != lifted and stacks[w] and w not in seen:
                seen.add(w)
                todo.append(w)
    return len(seen) == len(rest)


class Table(dict):
    """A table filled on first use: ``make(key)`` for a key not asked for before."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


# The six directions by the number of the neighbour they lead to (the row above, left to
# right, then the same row, then the row below), so targets come out in order.
ORDER = (2, 1, 3, 0, 4, 5)


def _slide_directions(bits: int) -> tuple[int, ...]:
    """The directions of the sliding steps from a field whose ``ring_of`` entry ends in
    ``bits``: to a free field, touching the hive through a field next to both, and not
    squeezed between two occupied-or-blocked fields (the board edge never closes a gate).
    An off-board direction passes here; ``_slide_targets`` leaves it out."""
    pieces, closed = bits & 63, (bits | bits >> 6) & 63
    found = []
    for d in ORDER:
        d1, d2 = (d + 5) % 6, (d + 1) % 6
        if closed >> d & 1 or not (pieces >> d1 & 1 or pieces >> d2 & 1):
            continue
        if not (closed >> d1 & 1 and closed >> d2 & 1):
            found.append(d)
    return tuple(found)


def _beetle_directions(bits: int) -> tuple[int, ...]:
    """The directions of a beetle's steps from a field whose ``ring_of`` entry ends in
    ``bits >> 1`` (``bits & 1``: a piece under the beetle): anywhere not blocked (onto
    pieces too, no gates), keeping contact: a piece stays under it, the target holds a
    piece, or a field next to both does."""
    below, pieces, blocked = bits & 1, bits >> 1 & 63, bits >> 7 & 63
    return tuple(
        d
        for d in ORDER
        if not blocked >> d & 1
        and (below or pieces >> d & 1 or pieces >> (d + 5) % 6 & 1 or pieces >> (d + 1) % 6 & 1)
    )


def _targets(directions: Table, x: int, bits: int) -> tuple[int, ...]:
    row = NEIGHBOURS[x]
    return tuple(row[d] for d in directions[bits] if row[d] >= 0)


SLIDE_DIRECTIONS = Table(_slide_directions)
BEETLE_DIRECTIONS = Table(_beetle_directions)
# The fields one sliding step (one beetle step) from a field, in order, by its ``ring_of``
# entry (that entry << 1 | a piece under the beetle).
SLIDES = Table(lambda key: _targets(SLIDE_DIRECTIONS, key >> 12, key & 4095))
BEETLE_STEPS = Table(lambda key: _targets(BEETLE_DIRECTIONS, key >> 13, key & 8191))


def destinations(stacks, blk, a: int, ring) -> Sequence[int]:
    """Fields the top piece on ``a`` may move to, ignoring whose turn it is and the bee
    rule, but assuming the caller checked that it may be lifted (``free_pieces``)."""
    return reach(stacks, blk, a, list(ring))


def reach(stacks, blk, a: int, ring: list[int]) -> Sequence[int]:
    """``destinations`` with ``ring`` as a copy of ``ring_of`` the sliding pieces lift
    themselves from while they search (and put back): a position's pieces share it."""
    stack = stacks[a]
    what = stack[-1] & 7
    if what == BEETLE:
        return BEETLE_STEPS[ring[a] << 1 | (len(stack) > 1)]
    if what == GRASSHOPPER:
        return _grasshopper(stacks, blk, a)
    links = LINKS[a]
    for n, bit in links:  # sliding pieces are never stacked, so lifting empties the field
        ring[n] ^= bit
    slides = SLIDES
    if what == BEE:
        found = slides[ring[a]]
    elif what == SPIDER:
        seen = set()
        for b in slides[ring[a]]:
            for c in slides[ring[b]]:
                if c == a:
                    continue
                for d in slides[ring[c]]:
                    if d != a and d != b:
                        seen.add(d)
        found = sorted(seen)
    else:  # ANT: any number of sliding steps.
        reached = bytearray(CELLS)
        reached[a] = 1
        todo = [a]
        found = []
        while todo:
            for b in slides[ring[todo.pop()]]:
                if not reached[b]:
                    reached[b] = 1
                    found.append(b)
                    todo.append(b)
        found.sort()
    for n, bit in links:
        ring[n] ^= bit
    return found


def _grasshopper(stacks, blk, a: int) -> list[int]:
    """Straight over at least one piece to the first free field; a blocked field or the
    board edge on the way stops the jump."""
    found = []
    for d in range(6):
        x = NEIGHBOURS[a][d]
        if x < 0 or not stacks[x]:
            continue
        while x >= 0 and stacks[x]:
            x = NEIGHBOURS[x][d]
        if x >= 0 and not blk[x]:
            found.append(x)
    return sorted(found)
