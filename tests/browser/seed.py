"""Puts matches straight into a test server's database, so layout tests need not play them.

Run in the server's environment (its ``VAR_DIR`` / ``DATABASE_URL``):
``python -m tests.browser.seed '<json spec>'``; prints the created matches' public ids as JSON.
A spec is ``{"users": [...], "matches": [{"game", "players", "plies", "finish", "seed"}]}``;
``plies`` random moves are played (``finish``: until the game ends), seats go to the users
in order.
"""

from __future__ import annotations

import json
import os
import random
import sys

from tooling.servers import run_module_in


def seed(spec: dict) -> list[str]:
    from django.utils import timezone

    from accounts.models import User
    from games.models import Match, Move, Seat
    from games.registry import get_engine

    users = []
    for name in spec["users"]:
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User.objects.create_user(name, password="a-long-Passw0rd!")
        users.append(user)
    ids = []
    for item in spec["matches"]:
        engine = get_engine(item["game"])
        players = item.get("players", 2)
        rng = random.Random(item.get("seed", 1))
        seed_value = item.get("seed", 1)
        state = engine.setup(players=players, seed=seed_value, options=item.get("options"))
        moves = []
        while engine.to_move(state) and (item.get("finish") or len(moves) < item.get("plies", 0)):
            seat = engine.to_move(state)[0]
            move = engine.random_move(state, seat, rng)
            moves.append((seat, move))
            state = engine.apply(state, seat, move)
        outcome = engine.outcome(state)
        now = timezone.now()
        match = Match.objects.create(
            game=item["game"],
            seed=seed_value,
            options=item.get("options") or {},
            players=players,
            status=Match.Status.FINISHED if outcome else Match.Status.ACTIVE,
            ply=len(moves),
            state=engine.to_json(state),
            result=outcome,
            created_by=users[0],
            started_at=now,
            finished_at=now if outcome else None,
        )
        Seat.objects.bulk_create(
            Seat(match=match, index=i, user=users[i % len(users)]) for i in range(players)
        )
        Move.objects.bulk_create(
            Move(match=match, ply=ply, seat=seat, move=move)
            for ply, (seat, move) in enumerate(moves)
        )
        ids.append(match.public_id)
    return ids


def run_in(env: dict, spec: dict) -> list[str]:
    """Seeds the database of the server whose environment is ``env``."""
    return run_module_in(env, "tests.browser.seed", spec)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(seed(json.loads(sys.argv[1]))))
