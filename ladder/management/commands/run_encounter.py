"""``manage.py run_encounter --game hive --a NAME --b NAME``: two programs compared on a
running table (docs/api.md, "Comparing two programs"). The programs run on their own (each
with its event stream open, playing what it is seated in); this only makes their matches,
seats alternating, and counts.

Tokens: ``--token-a``/``--token-b`` (or ``GT_TOKEN_A``/``GT_TOKEN_B``), the tokens the
programs' accounts made on their profile pages, for a table anywhere. Without them, run on
the table's own machine and database (beside ``make run``), it makes a token for each named
account and revokes both at the end.
"""

from __future__ import annotations

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from api.tokens import token_create, token_revoke
from clients.encounter import Encounter, Refused
from games.registry import GAMES, get_game


class Command(BaseCommand):
    help = "Plays two program accounts against each other on a running table, seats alternating."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=sorted(GAMES))
        parser.add_argument("--a", required=True, help="the first program's account name")
        parser.add_argument("--b", required=True, help="the second program's account name")
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--significance", type=float, default=0.05)
        parser.add_argument("--minimum", type=int, default=20, help="matches before an early stop")
        parser.add_argument("--url", default=os.environ.get("GT_URL", "http://127.0.0.1:8000"))
        parser.add_argument("--token-a", default=os.environ.get("GT_TOKEN_A"))
        parser.add_argument("--token-b", default=os.environ.get("GT_TOKEN_B"))
        parser.add_argument(
            "--clock", default="", help='minutes+increment, e.g. "1+1" (the game\'s quickest)'
        )
        parser.add_argument("--parallel", type=int, default=1, help="matches at once")

    def handle(self, *args, **options):
        if options["a"] == options["b"]:
            raise CommandError("--a and --b name two different accounts.")
        if not (0 < options["significance"] < 1) or options["matches"] < 1:
            raise CommandError("--significance is between 0 and 1, --matches at least 1.")
        if options["parallel"] < 1:
            raise CommandError("--parallel is at least 1.")
        clock = options["clock"] or "{}+{}".format(*get_game(options["game"]).clock_presets[0])
        minutes, plus, increment = clock.partition("+")
        if not (plus and minutes.isdigit() and increment.isdigit()):
            raise CommandError('--clock is "minutes+seconds", e.g. "1+1".')
        made = []
        try:
            tokens = []
            for side in ("a", "b"):
                token = options[f"token_{side}"]
                if not token:
                    token, row = self._token_for(options[side])
                    made.append(row)
                tokens.append(token)
            encounter = Encounter(
                url=options["url"],
                game=options["game"],
                a=(options["a"], tokens[0]),
                b=(options["b"], tokens[1]),
                matches=options["matches"],
                significance=options["significance"],
                minimum=options["minimum"],
                clock=(int(minutes), int(increment)),
                parallel=options["parallel"],
                say=self.stdout.write,
            )
            try:
                tally = encounter.run()
            except Refused as refused:
                raise CommandError(str(refused)) from None
            self.stdout.write(tally.report(options["a"], options["b"]))
        finally:
            for row in made:
                token_revoke(row.user, row.pk)

    def _token_for(self, name: str):
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise CommandError(f"No account {name!r} here: give its token with --token-a/-b.")
        if not user.is_program:
            raise CommandError(f"{name} is not a program's account.")
        row, plain = token_create(user, "run_encounter")
        return plain, row
