"""A tournament's table seated (tournaments/directors/tables.py): its match made through the
match services with the tournament's terms, at the step's moment, or a forfeit for the seat
the services refuse, whichever seat that is."""

from __future__ import annotations

import pytest

from games.services import match_create
from tests.tournaments.support import START, make, members, refresh, running
from tournaments import services
from tournaments.directors.tables import seat
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_a_round_is_seated_at_the_steps_moment_with_the_tournaments_terms(clock):
    players = members(6)
    rated = make(players[0], players=players[:2], options={"draft": True})
    arena = make(players[0], format="arena", players=players[4:])
    private = make(players[0], private=True, rated=True)
    for user in players[2:4]:
        services.tournament_join(
            public_id=private.public_id, user=user, invite=private.invite, now=START - 1
        )
    clock.now = START + 7_000  # the worker runs late: the step's moment is what counts
    for tournament in (rated, private, arena):
        services.tournament_advance(tournament_id=tournament.pk, now=START)
    (table,) = running(refresh(rated))
    assert table.match.options == {"draft": True}
    assert table.match.rated and not table.match.private
    assert table.match.turn_started == START and table.created_at == START
    (table,) = running(refresh(private))
    assert table.match.private and not table.match.rated
    assert table.match.turn_started == START
    (table,) = running(refresh(arena))
    assert table.match.turn_started == START and table.created_at == START


@pytest.mark.parametrize("busy_seat", [0, 1])
def test_the_seat_the_match_services_refuse_forfeits_whichever_it_is(settings, busy_seat):
    free, busy = members(2)
    tournament = make(free, format="arena")
    match_create(game="powerdrain", creator=busy, seat=0)  # their own, in their one place
    settings.RUNNING_MATCHES_PER_PERSON = 1
    seats = [free.pk, busy.pk] if busy_seat == 1 else [busy.pk, free.pk]
    pairing = Pairing(tournament=tournament, round=0, table=1, seats=seats, created_at=START)
    seat(tournament, pairing, START)
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert pairing.match is None
    assert pairing.forfeit == [u == busy.pk for u in seats]
    assert pairing.places == [2 if u == busy.pk else 1 for u in seats]
    assert pairing.finished_order == 1
