"""A ladder with history, put into a test's or a benchmark's server database: program
accounts on a game's ladder, and rounds of the scheduler whose matches are played out at
once with random legal moves through the match services (so they are rated as any ladder
match is).

``python -m tooling.ladder_world '{"game", "programs": [names], "rounds": n, "seed": s}'``
in the server's environment; prints the number of ladder matches played as JSON. The
programs' event streams are stood in for by ``OpenStream`` rows for the rounds' length
only, so the server's own worker never seats them afterwards (a server that runs the world
schedules no rounds of its own meanwhile: ``LADDER_ROUND_SECONDS`` long).
"""

from __future__ import annotations

import json
import os
import random
import sys

from tooling.servers import run_module_in


def build(spec: dict) -> int:
    from django.conf import settings
    from django.utils import timezone

    from accounts.models import User
    from api.models import OpenStream
    from api.tokens import token_create
    from games import services
    from games.models import Match
    from games.registry import get_engine
    from ladder import services as ladder
    from ladder.models import Entry

    game, rng = spec["game"], random.Random(spec.get("seed", 1))
    settings.LADDER_COMPUTER_SHARE = spec.get("computer_share", 0.0)  # its moves are the worker's
    users = []
    for number, name in enumerate(spec["programs"]):
        user = User.objects.filter(username=name).first()
        if user is None:
            user = User.objects.create_user(
                name, password="a-long-Passw0rd!", email=f"{name}@example.org"
            )
            user.is_program = True
            user.save(update_fields=["is_program"])
        entry = ladder.ladder_join(user=user, game=game, owner=f"Owner {number % 2 + 1}")
        Entry.objects.filter(pk=entry.pk).update(state=Entry.State.ON)
        users.append(user)
    streams = []
    for user in users:
        token, _ = token_create(user, "ladder world")
        streams.append(
            OpenStream.objects.create(
                token=token,
                channel_name=f"world.api.events.{user.pk}.{rng.random()}",
                address="127.0.0.1",
                server="world",
                seen_at=timezone.now(),
            )
        )
    engine = get_engine(game)
    played = 0
    try:
        for _ in range(spec.get("rounds", 1)):
            for match in ladder.schedule_round(game, rng=rng):
                while True:
                    match = Match.objects.get(pk=match.pk)
                    if match.status != Match.Status.ACTIVE:
                        break
                    state = engine.from_json(match.state)
                    seat = engine.to_move(state)[0]
                    user = match.seat_list()[seat].user
                    move = engine.random_move(state, seat, rng)
                    services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move)
                played += 1
    finally:
        OpenStream.objects.filter(pk__in=[s.pk for s in streams]).delete()
    return played


def run_in(env: dict, spec: dict) -> int:
    return run_module_in(env, "tooling.ladder_world", spec)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(build(json.loads(sys.argv[1]))))
