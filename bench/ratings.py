"""How fast ratings settle and how far one game moves them, with the table's model
(ratings/scale.py, docs/rules.md §7.6), in simulated players of known strength.

    python bench/ratings.py [--seed N]

Players have a true strength (1500 ± 250) and win by the Elo odds of their strengths (400
points: ten to one). Three cases, each printed as ranges over the simulated players:

- a settled pool of 40 plays 8,000 games, each against one of five opponents drawn at
  random whose rating is nearest: their deviations, and the swing of one even game for a
  player of the pool's middle deviation;
- 40 new players, one at a time, play that pool the same way until they leave provisional
  (deviation under 110): the games it took (lichess: 11-13);
- six new friends play 15 rounds among themselves: their deviations after 15 games each,
  and their order by μ − 3σ (the leaderboard's, once they settle);
- a farmer beats one feeder 70 times (issue #55's Arena script): where all 70 would take
  both, and where the first ``PAIR_RESULTS`` of a day, all that counts (ratings/farming.py),
  leave them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ratings.scale import MODEL, PROVISIONAL_RD, SCALE, ordinal, rate  # noqa: E402

POOL, POOL_GAMES, NEWCOMERS, FRIENDS, ROUNDS = 40, 8000, 40, 6, 15
LEADERBOARD_GAMES = 10  # ratings.selectors.LEADERBOARD_GAMES (the script stays free of Django)
PAIR_RESULTS, FARMED = 6, 70  # ratings.farming.PAIR_RESULTS; the farmed matches


def strength(rng) -> float:
    return rng.gauss(1500, 250)


def game(rng, a, b, strengths, i, j):
    """Plays i against j; returns both new (μ, σ)."""
    wins = rng.random() < 1 / (1 + 10 ** ((strengths[j] - strengths[i]) / 400))
    return rate([a, b], [1, 2] if wins else [2, 1])


def opponent(rng, pool, mu, skip=None) -> int:
    drawn = rng.sample([k for k in range(len(pool)) if k != skip], 5)
    return min(drawn, key=lambda k: abs(pool[k][0] - mu))


def settled_pool(rng):
    strengths = [strength(rng) for _ in range(POOL)]
    pool = [(MODEL.mu, MODEL.sigma)] * POOL
    for _ in range(POOL_GAMES):
        i = rng.randrange(POOL)
        j = opponent(rng, pool, pool[i][0], skip=i)
        pool[i], pool[j] = game(rng, pool[i], pool[j], strengths, i, j)
    return pool, strengths


def games_to_settle(rng, pool, strengths) -> int:
    me, mine = (MODEL.mu, MODEL.sigma), strength(rng)
    for played in range(1, 500):
        j = opponent(rng, pool, me[0])
        me, _ = game(rng, me, pool[j], [mine, *strengths], 0, j + 1)
        if round(SCALE * me[1]) < PROVISIONAL_RD:
            return played
    return 500


def friends(rng):
    strengths = [strength(rng) for _ in range(FRIENDS)]
    ratings = [(MODEL.mu, MODEL.sigma)] * FRIENDS
    for _ in range(ROUNDS):
        order = rng.sample(range(FRIENDS), FRIENDS)
        for i, j in zip(order[::2], order[1::2], strict=True):
            ratings[i], ratings[j] = game(rng, ratings[i], ratings[j], strengths, i, j)
    return ratings, strengths


def spread(values) -> str:
    values = sorted(values)
    tenth = values[len(values) // 10]
    ninetieth = values[-1 - len(values) // 10]
    return f"{tenth}-{ninetieth} (median {statistics.median(values):g})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    rng = random.Random(parser.parse_args().seed)

    pool, strengths = settled_pool(rng)
    deviations = [round(SCALE * sigma) for _, sigma in pool]
    middle = sorted(pool, key=lambda r: r[1])[POOL // 2]
    won, lost = rate([middle, middle], [1, 2])
    swing = round(SCALE * won[0]) - round(SCALE * middle[0])
    loss = round(SCALE * lost[0]) - round(SCALE * middle[0])
    print(f"settled pool: deviations {spread(deviations)}")
    print(f"one even game at deviation {round(SCALE * middle[1])}: {swing:+d} / {loss:+d}")

    settle = [games_to_settle(rng, pool, strengths) for _ in range(NEWCOMERS)]
    print(f"games to leave provisional against the pool: {spread(settle)} (10-90 %)")

    group, group_strengths = friends(rng)
    board = sorted(range(FRIENDS), key=lambda k: -ordinal(*group[k]))
    print(f"six friends after {ROUNDS} games each: deviations", end=" ")
    print(sorted(round(SCALE * sigma) for _, sigma in group))
    print(f"by μ − 3σ (listed on the leaderboard once settled over {LEADERBOARD_GAMES}+ games):")
    for place, k in enumerate(board, start=1):
        mu, sigma = group[k]
        mark = "?" if round(SCALE * sigma) >= PROVISIONAL_RD else ""
        print(
            f"  {place}. rating {round(SCALE * mu)}{mark} ±{round(SCALE * sigma)}"
            f"  sure of {round(SCALE * ordinal(mu, sigma))}  strength {group_strengths[k]:.0f}"
        )

    farmer = feeder = (MODEL.mu, MODEL.sigma)
    reached = {}
    for won in range(1, FARMED + 1):
        farmer, feeder = rate([farmer, feeder], [1, 2])
        if won in (PAIR_RESULTS, FARMED):
            reached[won] = (round(SCALE * farmer[0]), round(SCALE * feeder[0]))
    print(
        f"a farmer beating one feeder {FARMED} times: {reached[FARMED][0]} / feeder"
        f" {reached[FARMED][1]} if all counted; {reached[PAIR_RESULTS][0]} /"
        f" {reached[PAIR_RESULTS][1]} with the first {PAIR_RESULTS} of a day counted"
    )


if __name__ == "__main__":
    main()
