"""A position another seat cannot tell apart, with every secret changed (the secret audits)."""

from __future__ import annotations

from dataclasses import replace


def twin(state, viewer: int | None, rng):
    """``state`` with every secret of ``viewer`` changed and everything it may know kept.

    The face-down card ids (and their stored rotations) move a random number of steps
    along the face-down places; the card in hand joins that cycle unless ``viewer`` is
    the mover holding it; the other seats' companies cycle through the colours the
    viewer does not own (spare colours included).
    """
    cells = list(state.cells)
    down = [i for i, cell in enumerate(cells) if cell and not cell[3]]
    ids = [cells[i][0] for i in down]
    swap_hand = state.hand is not None and viewer != state.current
    if swap_hand:
        ids.append(state.hand)
    if len(ids) > 1:
        step = rng.randrange(1, len(ids))
        ids = ids[step:] + ids[:step]
    for i, card in zip(down, ids, strict=False):
        cells[i] = (card, (cells[i][1] + 1) % 4, 0, False)
    own = None if viewer is None else state.companies[viewer]
    others = [c for c in range(4) if c != own]
    shift = rng.randrange(1, len(others))
    companies = tuple(
        c if s == viewer else others[(others.index(c) + shift) % len(others)]
        for s, c in enumerate(state.companies)
    )
    return replace(
        state, cells=tuple(cells), hand=ids[-1] if swap_hand else state.hand, companies=companies
    )
