"""Puts players, tokens and matches straight into a test's or a benchmark's server database.

Run in the server's environment (its ``VAR_DIR`` / ``DATABASE_URL``):
``python -m tooling.world '<json spec>'``; prints JSON. A spec is
``{"users": [{"name", "program"}], "matches": [{"game", "seats": [names], "time",
"private"}], "revoke": name, "age": {"match", "seat", "seconds"}}``; it answers ``{"tokens": {name: token}, "matches": [public ids]}``. Matches
are made through the services, as the lobby makes them (``match_create``, ``match_join``).
"""

from __future__ import annotations

import json
import os
import sys

from tooling.servers import run_module_in


def build(spec: dict) -> dict:
    from accounts.models import User
    from api.tokens import token_create
    from games import services
    from games.clocks import TimeControl

    tokens, users = {}, {}
    for item in spec.get("users", ()):
        user = User.objects.filter(username=item["name"]).first()
        if user is None:
            user = User.objects.create_user(item["name"], password="a-long-Passw0rd!")
        if item.get("program") and not user.is_program:
            user.is_program = True
            user.save(update_fields=["is_program"])
        users[item["name"]] = user
        if item.get("token", True):
            tokens[item["name"]] = token_create(user, "test")[1]
    ids = []
    for item in spec.get("matches", ()):
        names = item["seats"]
        creator = users.get(names[0]) or User.objects.get(username=names[0])
        match = services.match_create(
            game=item["game"],
            creator=creator,
            seat=0,
            players=len(names),
            time_control=TimeControl.parse(item.get("time", "none")),
            private=item.get("private", False),
        )
        for index, name in enumerate(names[1:], start=1):
            user = users.get(name) or User.objects.get(username=name)
            services.match_join(match_id=match.pk, user=user, seat=index, invite=match.invite)
        ids.append(match.public_id)
    if "revoke" in spec:  # every live token of that user, as the profile's button does
        from api.models import ApiToken
        from api.tokens import token_revoke

        owner = User.objects.get(username=spec["revoke"])
        for token in ApiToken.objects.filter(user=owner, revoked=None):
            token_revoke(owner, token.pk)
    if "age" in spec:  # that seat's player has been away that long
        from games.models import Seat
        from games.services import server_now

        age = spec["age"]
        Seat.objects.filter(match__public_id=age["match"], index=age["seat"]).update(
            away_since=server_now() - age["seconds"] * 1000
        )
    return {"tokens": tokens, "matches": ids}


def run_in(env: dict, spec: dict) -> dict:
    """Builds ``spec`` in the database of the server whose environment is ``env``."""
    return run_module_in(env, "tooling.world", spec)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(build(json.loads(sys.argv[1]))))
