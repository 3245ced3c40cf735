"""Powerdrain's Hard compares its root moves on common deals (``Knowledge.deals``): each
deal plays every move out on the same pile order with the same seed, so the draw's luck,
which decides many games, moves every move's result alike instead of favouring one."""

from __future__ import annotations

import random
from dataclasses import replace

from games.bots.search import Search
from games.powerdrain import bot
from games.powerdrain.engine import ENGINE


def test_every_root_move_is_played_out_on_the_same_deals_with_the_same_seed():
    state = ENGINE.setup(2, 7)
    seat = ENGINE.to_move(state)[0]
    seen: dict[tuple, list] = {}

    def rollout(position, mover, rng):
        if len(position.empty) == 24:  # the reply to a root move: what the deal gave it
            key = (position.pile, rng.getstate())
            seen.setdefault(key, []).append(position.last)
        return bot.greedy(position, mover, rng)

    knowledge = replace(bot.KNOWLEDGE, rollout=rollout)
    search = Search(knowledge, ENGINE.view(state, seat), seat, random.Random(1), thorough=True)
    search.run(250, None, 0.0)
    assert len(seen) == 20  # two playouts an iteration, 500 over 25 root moves
    for sections in seen.values():
        assert sorted(sections) == sorted(divmod(i, 5) for i in range(25))
