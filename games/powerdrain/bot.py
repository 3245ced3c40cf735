"""What the bots know about Powerdrain: the unseen draw order, and greedy voltage play.

Only the order of the pile is secret (its contents and the current plug are shown), so a
determinization keeps the current plug on top and shuffles the rest. Random playouts
waste plugs; the playout policy mostly places where the plug gains the most: its own
final voltage plus what it drains from touching opponent plugs, active plugs first.
"""

from __future__ import annotations

import math
import random

from games.powerdrain.engine import (
    AT,
    ENGINE,
    NEXT_TO,
    State,
    bases,
    drained,
    finals,
    lanes,
    tally,
)
from games.rules.knowledge import Knowledge

GREEDY = 0.8  # share of playout moves that take the greedy choice


def sampler(view: dict, seat: int):
    """``determinize`` bound to one view: the board is read once, each draw only shuffles."""
    rest = list(view["remaining"])
    top = () if view["current"] is None else (view["current"],)
    for plug in top:
        rest.remove(plug)
    cells = [[None if c is None else [c["plug"], c["seat"]] for c in row] for row in view["cells"]]
    board = ENGINE.from_json(
        {
            "rows": view["rows"],
            "cols": view["cols"],
            "pile": [*top, *rest],  # as long as every draw's, which keeps the turn
            "draft": view["draft"],
            "board": cells,
            "last": view["last"],
        }
    )

    def draw(rng: random.Random) -> State:
        order = list(rest)
        rng.shuffle(order)
        return board._replace(pile=(*top, *order))

    return draw


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The board as shown; the pile's unseen order drawn uniformly (current plug on top)."""
    return sampler(view, seat)(rng)


def gain(theirs: bytes, drains: bytes, own: int, i: int) -> int:
    """What placing a plug of base ``own`` on section ``i`` is worth to its seat: 16 per
    active plug won or opponent's plug drained dead, plus the voltage gained and drained.
    ``theirs``: the opponent's final voltage per section; ``drains``: the opponent's bases
    next to each section, summed (``engine.lanes`` of ``finals`` and ``drained``)."""
    value = 0
    for n in NEXT_TO[i]:
        before = theirs[n]
        if before:  # an active opponent's plug: drained by ``own``, dead if no more is left
            value += before + 16 if before <= own else own
    final = own - drains[i]
    return value + final + 16 if final > 0 else value


def _ranked(state: State, seat: int) -> list[tuple[int, str | None, int]]:
    """(gain, plug or None, section) for every legal move, in ``legal_moves``' order."""
    if seat not in ENGINE.to_move(state):
        return []
    mine, others = (state.neg, state.pos) if seat else (state.pos, state.neg)
    theirs, drains = lanes(finals(others, mine)), lanes(drained(others))
    empty, board = state.empty, bases(state.rows, state.cols)
    if not state.draft:
        own = board[state.pile[0]]
        return [(gain(theirs, drains, own[i], i), None, i) for i in empty]
    return [
        (gain(theirs, drains, board[plug][i], i), plug, i)
        for plug in sorted(state.pile)
        for i in empty
    ]


def _move(plug: str | None, i: int) -> dict:
    if plug is None:
        return {"type": "place", "at": list(AT[i])}
    return {"type": "place", "plug": plug, "at": list(AT[i])}


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Every legal move, the greedy best first (ties in random order)."""
    ranked = _ranked(state, seat)
    rng.shuffle(ranked)
    ranked.sort(key=lambda entry: -entry[0])
    return [_move(plug, i) for _, plug, i in ranked]


def playout(state: State, seat: int, rng: random.Random) -> dict:
    """Mostly the greedy move, sometimes a random one (playouts must vary)."""
    if rng.random() > GREEDY:
        return ENGINE.random_move(state, seat, rng)
    ranked = _ranked(state, seat)
    top = max(entry[0] for entry in ranked)
    _, plug, i = rng.choice([entry for entry in ranked if entry[0] == top])
    return _move(plug, i)


def greedy(state: State, seat: int, rng: random.Random) -> dict:
    """Always the greedy move (ties at random): Hard's common-deal playouts, where the deals
    already vary the games and a random move would only add noise to the comparison."""
    ranked = _ranked(state, seat)
    top = max(entry[0] for entry in ranked)
    _, plug, i = rng.choice([entry for entry in ranked if entry[0] == top])
    return _move(plug, i)


def reward(state: State) -> list[float]:
    """Seat 0's share from the margin: a win counts most, and by how much breaks the ties
    that win or loss alone leave (many positions win or lose whatever is played)."""
    active, power = tally(state)
    margin = (active[0] - active[1]) + (power[0] - power[1]) / 20
    win = 0.5 if margin == 0 else float(margin > 0)
    p = 0.8 * win + 0.2 / (1 + math.exp(-margin / 2))
    return [p, 1 - p]


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    secrets=True,
    sampler=sampler,
    iterations=(50, 250, 2500),
    candidates=candidates,
    playout=playout,
    reward=reward,
    deals=200,
    rollout=greedy,
    widening=1.0,
    bias=1.0,
)
