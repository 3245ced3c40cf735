"""What the bots know about power companies: unseen cards and companies, and which lines pay.

A seat sees its own company, the face-up cards and (as mover) the card in hand. A
determinization deals the unseen cards uniformly onto the face-down places (and into
another mover's hand) and the unseen companies uniformly to the other seats. Swaps alone
number in the tens of thousands, so the tree tries actions that make a declarable line
paying the mover more than anyone else (among a sample, or among all of them at a Hard
root), a few reveals, and declarations; playouts reveal
often, declare what pays and stop after a few turns to compare scores.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from games.high_voltage_companies.cards import COLOURS
from games.high_voltage_companies.engine import (
    ACTION,
    DECLARE,
    ENGINE,
    PLACE,
    State,
    card_places,
    evolve,
    shuffle,
)
from games.high_voltage_companies.grid import CHIP_NAMES, SIZE, Line, point_chips
from games.rules.knowledge import Knowledge

SWAPS = 40  # random swaps weighed per action node
KEEP = 6  # paying actions kept per node
REVEALS = 3  # reveals tried per node
REVEAL_SHARE = 0.5  # playout actions that reveal while face-down cards are left
SPREAD = 3.0  # score difference that makes the evaluation ~73 % sure


def _place(at) -> int:
    return at[0] * SIZE + at[1]


def determinize(view: dict, seat: int, rng: random.Random) -> State:
    """The table as shown; unseen cards and other seats' companies dealt uniformly."""
    return sampler(view, seat)(rng)


def sampler(view: dict, seat: int) -> Callable[[random.Random], State]:
    """``determinize`` bound to ``view``: the table is read once, and each draw deals the
    unseen cards and companies anew (what ``ENGINE.from_json`` would make of the table)."""
    players = view["players"]
    cells, seen, hidden_places = [], set(), []
    by_place = {}  # face-up place -> its card
    place = 0
    for row in view["grid"]:
        for shown in row:
            if shown is None:
                cells.append(None)
            elif shown["face_down"]:
                cells.append(None)
                hidden_places.append(place)
            else:
                card = shown["card"]
                seen.add(card)
                by_place[place] = card
                cells.append((card, shown["rotation"], CHIP_INDEX[shown["chip"]], True))
            place += 1
    hand = view["hand"]
    hand_card = None if hand is None or hand["card"] is None else hand["card"]["card"]
    if hand_card is not None:
        seen.add(hand_card)
    unseen = [card for card in range(48) if card not in seen]
    deal_hand = hand is not None and hand_card is None
    own = COLOURS.index(view["company"]) if view["companies"] is None else None
    others = [c for c in range(4) if c != own]
    last = view["last_turn"]
    outcome = view["outcome"]
    table = State(
        players=players,
        companies=tuple(COLOURS.index(name) for name in view["companies"] or ()),
        cells=(),
        gap=_place(view["gap"]),
        current=view["current"],
        phase=view["phase"],
        hand=hand_card,
        hand_from=None if hand is None else _place(hand["from"]),
        touched=frozenset(by_place[_place(at)] for at in view["touched"]),
        revealed=view["revealed"],
        declared=tuple(
            (d["from"], d["to"], tuple(_place(at) for at in d["cards"])) for d in view["declared"]
        ),
        doubled=view["doubled"],
        quiet=view["quiet_turns"],
        track=tuple(view["track"][name] for name in COLOURS),
        points=tuple(view["point_chips"]),
        point_supply=view["point_supply"],
        energy=view["energy_supply"],
        actions=tuple(view["action_chips"]),
        special=tuple(view["special_available"]),
        face_down=view["face_down_left"],
        reason=None if outcome is None else outcome["reason"],
        last_seat=None if last is None else last["seat"],
        last_touched=frozenset(())
        if last is None
        else frozenset(by_place[_place(at)] for at in last["touched"]),
        last_declared=() if last is None else tuple((d["from"], d["to"]) for d in last["declared"]),
    )

    def draw(rng: random.Random) -> State:
        pool = unseen[:]
        shuffle(rng, pool)
        dealt = cells[:]
        for place in hidden_places:
            dealt[place] = (pool.pop(), 0, 0, False)
        changes = {"cells": tuple(dealt)}
        if deal_hand:
            changes["hand"] = pool.pop()
        if own is not None:
            drawn = rng.sample(others, players - 1)
            changes["companies"] = (*drawn[:seat], own, *drawn[seat:])
        return evolve(table, **changes)

    return draw


CHIP_INDEX = {name: i for i, name in enumerate(CHIP_NAMES)}


def line_value(state: State, seat: int, line: Line) -> tuple[int, float]:
    """What declaring ``line`` gives ``seat`` over the best other seat, as far as ``seat``
    can tell: (at worst, on average) over the companies the others may hold. Companies are
    secret, so a determinization's guess must not steer a declaration: a line rich in the
    guessed company's rival colour would feed the real one a third of the time."""
    own = state.companies[seat]
    mine = line.colours.count(own) + min(point_chips(len(line.places)), state.point_supply)
    a, b, c = sorted((line.colours.count(k) for k in range(4) if k != own), reverse=True)
    # The best of 1, 2 or 3 of the other companies, each set as likely as any other.
    best_held = ((a + b + c) / 3, (2 * a + b) / 3, a)[state.players - 2]
    return mine - a, mine - best_held


def best_line(state: State, seat: int) -> tuple[tuple[int, float], Line | None]:
    """The declarable line that pays ``seat`` most and can cost it nothing (never behind
    whoever holds which company), with its value; ``((0, 0.0), None)`` when none does."""
    best, choice = (0, 0.0), None
    for line in ENGINE.declarable(state):
        value = line_value(state, seat, line)
        if value > best and value[0] >= 0:
            best, choice = value, line
    return best, choice


def _actions(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Rotations, moves into the gap and a sample of swaps (no reveals)."""
    moves = []
    for name, count, make in ENGINE._groups(state, seat):
        if name == "reveal" or not count:
            continue
        if name == "swap" and count > SWAPS:
            moves += [make(rng.randrange(count)) for _ in range(SWAPS)]
        else:
            moves += [make(i) for i in range(count)]
    return moves


def candidates(state: State, seat: int, rng: random.Random) -> list[dict]:
    """Paying actions among a sample, and a few reveals; every move outside the action phase."""
    if state.phase != ACTION:
        return list(ENGINE.legal_moves(state, seat))
    return _ranked(state, seat, rng, _actions(state, seat, rng))


def thorough(state: State, seat: int, rng: random.Random) -> list[dict]:
    """``candidates`` weighing every action rather than a sample of the swaps.

    A paying swap is a handful among thousands (about 20 µs each to weigh), so a sample of
    forty almost never holds one; weighing them all takes up to a few tenths of a second,
    which Hard spends at its root only.
    """
    if state.phase != ACTION:
        return list(ENGINE.legal_moves(state, seat))
    actions = [m for m in ENGINE.legal_moves(state, seat) if m["type"] != "reveal"]
    return _ranked(state, seat, rng, actions)


def _ranked(state: State, seat: int, rng: random.Random, actions: list[dict]) -> list[dict]:
    """The best paying ``actions``, a few reveals, and one quiet action unless revealing is
    wiser (``_reveal_instead``)."""
    weighed = []
    for move in actions:
        value, _ = best_line(ENGINE.apply(state, seat, move), seat)
        weighed.append((value, rng.random(), move))
    weighed.sort(key=lambda item: (-item[0][0], -item[0][1], item[1]))  # surest, then richest
    paying = [move for (_, average), _, move in weighed[:KEEP] if average > 0]
    down = card_places(state)[0]
    reveals = [
        {"type": "reveal", "at": [p // SIZE, p % SIZE]}
        for p in rng.sample(down, min(REVEALS, len(down)))
    ]
    spare = [move for _, _, move in weighed[KEEP:]]
    filler = [rng.choice(spare)] if spare and not _reveal_instead(state, seat, reveals) else []
    return paying + reveals + filler or [ENGINE.random_move(state, seat, rng)]


def _reveal_instead(state: State, seat: int, reveals: list) -> bool:
    """Whether a quiet action (no reveal, no line) would risk ending the game with ``seat``
    not surely alone in the lead: after it, one quiet turn of each other player ends the
    game, and weak players are quiet most turns. Without a paying action, a seat that may
    be level or behind (whatever company each other seat holds) reveals while it can."""
    if not reveals:
        return False
    own = state.companies[seat]
    rival = max(points for company, points in enumerate(state.track) if company != own)
    others = max(points for other, points in enumerate(state.points) if other != seat)
    return state.track[own] + state.points[seat] <= rival + others


def playout(state: State, seat: int, rng: random.Random) -> dict:
    """Reveal often, place at random, declare the best paying line, never double."""
    if state.phase == DECLARE:
        value, line = best_line(state, seat)
        return {"type": "declare", "from": line.start} if line else {"type": "end"}
    if state.phase == ACTION and state.face_down and rng.random() < REVEAL_SHARE:
        down = card_places(state)[0]
        p = rng.choice(down)
        return {"type": "reveal", "at": [p // SIZE, p % SIZE]}
    assert state.phase in (ACTION, PLACE)
    return ENGINE.random_move(state, seat, rng)


def evaluate(state: State) -> list[float]:
    """Each seat's chance from its lead over the best other seat (a logistic guess)."""
    scores = ENGINE.final_scores(state)
    values = []
    for seat, score in enumerate(scores):
        lead = score - max(s for other, s in enumerate(scores) if other != seat)
        values.append(1 / (1 + math.exp(-lead / SPREAD)))
    return values


KNOWLEDGE = Knowledge(
    engine=ENGINE,
    determinize=determinize,
    secrets=True,
    sampler=sampler,
    iterations=(30, 150, 1200),
    candidates=candidates,
    thorough=thorough,
    playout=playout,
    evaluate=evaluate,
    horizon=12,
    widening=1.5,
)
