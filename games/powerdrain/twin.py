"""A position another seat cannot tell apart, with every secret changed (the secret audits)."""

from __future__ import annotations


def twin(state, viewer: int | None, rng):
    """``state`` with the draw pile behind the current plug in another order.

    The order of the pile is everyone's secret; the current plug and which plugs
    remain are public, and in a draft the pile holds no order at all.
    """
    if state.draft or len(state.pile) < 3:
        return state
    rest = list(state.pile[1:])
    while tuple(rest) == state.pile[1:]:
        rng.shuffle(rest)
    return state._replace(pile=(state.pile[0], *rest))
