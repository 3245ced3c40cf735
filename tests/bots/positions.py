"""Random positions of every game, for the bot tests."""

from __future__ import annotations

import random

from games.bots import KNOWLEDGE, knowledge
from tests.facts import FACTS

# (slug, players, most random plies before a position is taken): every listed game, every
# player count, with its plies from its package's test facts (<package>/facts.py).
SETUPS = [
    (slug, players, FACTS[slug].BOT_PLIES)
    for slug, know in KNOWLEDGE.items()
    for players in range(know.engine.min_players, know.engine.max_players + 1)
]
IDS = [f"{slug}-{players}" for slug, players, _ in SETUPS]


def positions(slug: str, players: int, most: int, count: int):
    """``count`` running positions after a random number of random plies, seeded."""
    engine = knowledge(slug).engine
    found, seed = [], 0
    while len(found) < count:
        rng = random.Random(seed)
        state = engine.setup(players, seed)
        for _ in range(rng.randint(0, most)):
            seats = engine.to_move(state)
            if not seats:
                break
            state = engine.apply(state, seats[0], engine.random_move(state, seats[0], rng))
        if engine.to_move(state):
            found.append(state)
        seed += 1
    return found
