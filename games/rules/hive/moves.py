"""Where pieces may go: placement fields, the one-hive rule, and each insect's movement.

Everything here works on plain per-field lists (``stacks``: bottom-to-top piece
codes per field, ``blk``: 1 for a blocked field) so it is quick and easy to test
through the engine. Piece codes are ``seat << 3 | kind``.
"""

from __future__ import annotations

from games.rules.hive.grid import ADJACENT, CELLS, NEIGHBOURS, STEPS

KINDS = ("BEE", "SPIDER", "BEETLE", "GRASSHOPPER", "ANT")
BEE, SPIDER, BEETLE, GRASSHOPPER, ANT = range(5)
START_RESERVE = (1, 2, 2, 3, 3)  # the seed's set, in KINDS order


def owner(piece: int) -> int:
    return piece >> 3


def kind(piece: int) -> int:
    return piece & 7


def placement_fields(stacks, blk, seat: int, first: bool) -> list[int]:
    """Free fields where ``seat`` may set a piece.

    ``first`` is True while ``seat`` has set nothing: then an empty board allows any
    free field, otherwise the field must touch a piece (red's first piece, for blue).
    Later a field must touch an own top piece and no opponent top piece; blocked
    fields give no contact.
    """
    if first:
        if not any(stacks):
            return [i for i in range(CELLS) if not blk[i]]
        return [
            i
            for i in range(CELLS)
            if not stacks[i] and not blk[i] and any(stacks[n] for n in ADJACENT[i])
        ]
    candidates = set()
    for i in range(CELLS):
        stack = stacks[i]
        if stack and owner(stack[-1]) == seat:
            for n in ADJACENT[i]:
                if not stacks[n] and not blk[n]:
                    candidates.add(n)
    fields = []
    for i in sorted(candidates):
        if not any(stacks[n] and owner(stacks[n][-1]) != seat for n in ADJACENT[i]):
            fields.append(i)
    return fields


def liftable(stacks) -> list[bool]:
    """Per field: can its top piece be lifted without splitting the hive?

    A piece on top of another leaves its field occupied, so it is always free; a
    lone piece must not be a cut vertex of the hive (pieces as nodes, touching
    fields as edges). Found with one Tarjan pass when the hive is connected (as it
    always is in play); otherwise each field is checked by a search.
    """
    occupied = [i for i in range(CELLS) if stacks[i]]
    result = [False] * CELLS
    if not occupied:
        return result
    depth = [-1] * CELLS
    low = [0] * CELLS
    cut = [False] * CELLS
    root = occupied[0]
    depth[root] = 0
    # Iterative DFS: (field, parent, iterator over neighbours).
    stack = [(root, -1, iter(ADJACENT[root]))]
    root_children = 0
    while stack:
        v, parent, it = stack[-1]
        advanced = False
        for w in it:
            if not stacks[w]:
                continue
            if depth[w] < 0:
                depth[w] = low[w] = depth[v] + 1
                stack.append((w, v, iter(ADJACENT[w])))
                if v == root:
                    root_children += 1
                advanced = True
                break
            if w != parent and depth[w] < low[v]:
                low[v] = depth[w]
        if not advanced:
            stack.pop()
            if parent >= 0:
                if low[v] < low[parent]:
                    low[parent] = low[v]
                if parent != root and low[v] >= depth[parent]:
                    cut[parent] = True
    cut[root] = root_children > 1
    if all(depth[i] >= 0 for i in occupied):
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


def _slides(x: int, occ, blk):
    """Fields one sliding step from ``x``: free, touching the hive through a field next to
    both, and not squeezed between two occupied-or-blocked fields (the board edge never
    closes a gate)."""
    for b, c1, c2 in STEPS[x]:
        if occ[b] or blk[b]:
            continue
        o1 = c1 >= 0 and occ[c1]
        o2 = c2 >= 0 and occ[c2]
        if not (o1 or o2):
            continue
        if c1 >= 0 and c2 >= 0 and (o1 or blk[c1]) and (o2 or blk[c2]):
            continue
        yield b


def destinations(stacks, blk, a: int) -> list[int]:
    """Fields the top piece on ``a`` may move to, ignoring whose turn it is and the bee
    rule, but assuming the caller checked that it may be lifted (``liftable``)."""
    stack = stacks[a]
    what = kind(stack[-1])
    if what == BEETLE:
        return _beetle(stacks, blk, a)
    if what == GRASSHOPPER:
        return _grasshopper(stacks, blk, a)
    occ = [bool(s) for s in stacks]
    occ[a] = False  # sliding pieces are never stacked, so lifting empties the field
    if what == BEE:
        return sorted(_slides(a, occ, blk))
    if what == SPIDER:
        found = set()
        for b in _slides(a, occ, blk):
            for c in _slides(b, occ, blk):
                if c == a:
                    continue
                for d in _slides(c, occ, blk):
                    if d != a and d != b:
                        found.add(d)
        return sorted(found)
    # ANT: any number of sliding steps.
    seen = {a}
    todo = [a]
    while todo:
        x = todo.pop()
        for b in _slides(x, occ, blk):
            if b not in seen:
                seen.add(b)
                todo.append(b)
    seen.discard(a)
    return sorted(seen)


def _beetle(stacks, blk, a: int) -> list[int]:
    """One step anywhere (onto pieces too, no gates), keeping contact: a piece stays under
    it, the target holds a piece, or a field next to both does."""
    below = len(stacks[a]) > 1
    found = []
    for b, c1, c2 in STEPS[a]:
        if blk[b]:
            continue
        if below or stacks[b] or (c1 >= 0 and stacks[c1]) or (c2 >= 0 and stacks[c2]):
            found.append(b)
    return sorted(found)


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
