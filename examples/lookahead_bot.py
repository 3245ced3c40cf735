"""A program that looks one move ahead: for each legal code it plays the move on the board
it sees and keeps the one whose position scores best for it.

    python examples/lookahead_bot.py --url http://127.0.0.1:8000 --token gtp_… [--ladder hive]

Everything else (the upgrade, accepting challenges, a thread per match, joining a ladder) is
``random_bot.py``'s. To play a move on its board it borrows the table's pure rules engines
and their scoring from this checkout (``games/<game>/`` engines and bot knowledge: plain Python, no server, no Django),
so run it from the repository's root. Where the view hides something (a secret card, the
plugs still to come) it deals the hidden part a few times at random and averages.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's games

from random_bot import main  # noqa: E402 (beside this file)

from games.bots import knowledge as bot_knowledge  # noqa: E402

DEALS = 4  # hidden parts dealt per move where the view hides something


def score(knowledge, state, seat: int) -> float:
    """How good ``state`` is for ``seat``: won 1, lost 0, else the game's own scoring."""
    engine = knowledge.engine
    outcome = engine.outcome(state)
    if outcome is not None:
        winners = outcome.get("winners") or []
        return 0.5 if not winners else 1.0 / len(winners) if seat in winners else 0.0
    judge = knowledge.evaluate or knowledge.reward
    return judge(state)[seat] if judge else 0.5


def lookahead(game: str, seat: int, view: dict, codes: list[str], rng: random.Random) -> str:
    knowledge = bot_knowledge(game)
    engine = knowledge.engine
    deals = [
        knowledge.determinize(view, seat, rng) for _ in range(DEALS if knowledge.secrets else 1)
    ]
    best, chosen = None, []
    for code in codes:
        total = 0.0
        for state in deals:
            after = engine.apply(state, seat, engine.decode(state, code))
            total += score(knowledge, after, seat)
        if best is None or total > best:
            best, chosen = total, [code]
        elif total == best:
            chosen.append(code)
    return rng.choice(chosen)


if __name__ == "__main__":
    main(lookahead, __doc__)
