"""What a ladder round makes: each table's matches, seated as the table says, past the hourly
limit a person's own matches meet, under one encounter code, on the game's quickest clock;
and who never meets whom (ladder/services.py)."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from games.clocks import TimeControl
from games.errors import Refused
from games.models import Match
from games.registry import GAMES, get_game
from games.services import NEW_SEATS
from ladder import services
from ladder.models import LadderMatch, Round
from tests.ladder.test_ladder_round import GAME, standing
from tests.ladder.test_ladder_services import on_ladder, program, stream_open

pytestmark = pytest.mark.django_db


def programs_on_ladder(names: list[str], game: str = GAME) -> list:
    users = [program(name) for name in names]
    for user in users:
        on_ladder(user, game)
        stream_open(user)
    return users


def seats_of(match: Match) -> list[int]:
    return [s.user_id for s in match.seat_list()]


def test_each_tables_matches_seat_it_turned_past_the_hourly_limit_under_one_code(settings):
    """Every program has used its one seat of the hour already: the ladder's seats are
    scheduled, so neither the creator's nor the joiner's seat is refused for it. Each table's
    two matches seat it as drawn and then turned by one, and share a code no other table
    has; the round stamps its matches and itself with its time."""
    settings.NEW_MATCHES_PER_HOUR = 1
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    users = programs_on_ladder([f"t{i}" for i in range(6)])
    users += programs_on_ladder([f"pc{i}" for i in range(4)], "high-voltage-companies")
    for user in users:
        NEW_SEATS.hit(str(user.pk))
    at = timezone.now()
    made = services.schedule_round(GAME, rng=random.Random(7), at=at)
    made += services.schedule_round("high-voltage-companies", rng=random.Random(8), at=at)
    assert len(made) == 8 and all(m.status == Match.Status.ACTIVE and m.rated for m in made)
    rows = LadderMatch.objects.filter(match__in=made).order_by("pk")
    tables: dict[str, list[list[int]]] = {}
    for row in rows:
        assert row.created_at == at and len(row.encounter) == 16
        tables.setdefault(row.encounter, []).append(seats_of(row.match))
    assert len(tables) == 4  # three tables of two, one of four
    for first, second in tables.values():
        assert second == first[1:] + first[:1]
    seated = sorted(pk for first, _ in tables.values() for pk in first)
    assert seated == sorted(u.pk for u in users)
    assert all(
        r.ran_at == at for r in Round.objects.filter(game__in=[GAME, "high-voltage-companies"])
    )


def test_programs_giving_one_address_never_meet():
    """The address is compared as written but for its case and its spaces around."""
    one = program("addr-one", "  Same@Example.org ")
    other = program("addr-other", "same@example.ORG")
    assert services.owners_of(one) == {f"user:{one.pk}", "mail:same@example.org"}
    assert services.owners_of(other, "Ann") == {
        f"user:{other.pk}",
        "mail:same@example.org",
        "name:ann",
    }


def test_two_programs_of_one_address_are_left_waiting(settings):
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    one = standing(program("mail-one", " One@Example.org"))
    other = standing(program("mail-other", "one@example.org"))
    for user in (one, other):
        stream_open(user)
    assert services.schedule_round(GAME) == []
    other.email = "other@example.org"
    other.save(update_fields=["email"])
    assert len(services.schedule_round(GAME)) == 2


@pytest.mark.parametrize("game", list(GAMES))
def test_a_ladder_match_runs_on_the_games_quickest_clock(game):
    """The quickest real-time preset, so a program that does not answer is found soonest."""
    quickest = min(get_game(game).clock_presets)
    assert services.clock(game) == TimeControl.parse("{}+{}".format(*quickest))


def test_a_refused_match_is_left_out_and_its_tables_next_one_made(settings, monkeypatch):
    """The match services refuse a table's first match (a program at its limits): the
    second is still made, and only it is the ladder's."""
    settings.LADDER_COMPUTER_SHARE = 0.0
    settings.LADDER_WINDOW = 5000
    programs_on_ladder(["rf-a", "rf-b"])
    made_by = services._match
    calls = []

    def first_refused(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise Refused("at its limits")
        return made_by(*args, **kwargs)

    monkeypatch.setattr(services, "_match", first_refused)
    (made,) = services.schedule_round(GAME, rng=random.Random(1))
    assert len(calls) == 2
    assert list(LadderMatch.objects.values_list("match", flat=True)) == [made.pk]
