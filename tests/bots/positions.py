"""Random positions of every game, for the bot tests."""

from __future__ import annotations

import random

from games.bots import knowledge

# (slug, players, most random plies before a position is taken)
SETUPS = [
    ("high-voltage", 2, 120),
    ("high-voltage-companies", 2, 60),
    ("high-voltage-companies", 3, 60),
    ("high-voltage-companies", 4, 60),
    ("hive", 2, 50),
    ("triangulum", 2, 400),
    ("powerdrain", 2, 15),
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
