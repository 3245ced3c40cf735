"""Puts players, tokens and matches straight into a test's or a benchmark's server database.

Run in the server's environment (its ``VAR_DIR`` / ``DATABASE_URL``):
``python -m tooling.world '<json spec>'``; prints JSON. A spec is
``{"users": [{"name", "program"}], "matches": [{"game", "seats": [names], "options", "time",
"private", "rated"}], "revoke": name, "disable": name, "age": {"match", "seat", "seconds"},
"flag": public id}``; it
answers ``{"tokens": {name: token}, "matches": [public ids]}``. Matches are made through the
services, as the lobby makes them (``match_create``, ``match_join``); a seat named
``computer:<level>`` is the table's computer at that level. ``flag`` runs the flag of that
match's clock at its deadline, as the worker does when the time comes, so no test waits for it.
``ladder_round`` runs one scheduling round of that game's ladder, as the worker's tick does
(the matches it made are answered in ``matches``); ``start`` starts that tournament now, as
its creator's button does.
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
        bots = {i: n.partition(":")[2] for i, n in enumerate(names) if n.startswith("computer:")}
        creator = users.get(names[0]) or User.objects.get(username=names[0])
        match = services.match_create(
            game=item["game"],
            creator=creator,
            options=item.get("options"),
            seat=0,
            players=len(names),
            time_control=TimeControl.parse(item.get("time", "none")),
            private=item.get("private", False),
            rated=item.get("rated", False),
            bots=bots,
        )
        for index, name in enumerate(names[1:], start=1):
            if index in bots:
                continue
            user = users.get(name) or User.objects.get(username=name)
            services.match_join(match_id=match.pk, user=user, seat=index, invite=match.invite)
        ids.append(match.public_id)
    if "revoke" in spec:  # every live token of that user, as the profile's button does
        from api.models import ApiToken
        from api.tokens import token_revoke

        owner = User.objects.get(username=spec["revoke"])
        for token in ApiToken.objects.filter(user=owner, revoked=None):
            token_revoke(owner, token.pk)
    if "disable" in spec:  # as the admin's "active" box does: no stream is told
        owner = User.objects.get(username=spec["disable"])
        owner.is_active = False
        owner.save(update_fields=["is_active"])
    if "age" in spec:  # that seat's player has been away that long
        from games.models import Seat
        from games.services import server_now

        age = spec["age"]
        Seat.objects.filter(match__public_id=age["match"], index=age["seat"]).update(
            away_since=server_now() - age["seconds"] * 1000
        )
    if "flag" in spec:
        from games.models import Match

        match = Match.objects.get(public_id=spec["flag"])
        services.clock_flag(match_id=match.pk, now=match.deadline)
    if "ladder_round" in spec:
        from ladder.services import schedule_round

        ids += [made.public_id for made in schedule_round(spec["ladder_round"])]
    if "start" in spec:
        from games.services import server_now
        from tournaments.models import Tournament
        from tournaments.services import tournament_start_now

        tournament = Tournament.objects.get(public_id=spec["start"])
        tournament_start_now(
            public_id=tournament.public_id, user=tournament.created_by, now=server_now()
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
