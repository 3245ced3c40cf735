"""The written-out seats query (games/store/seat_query.py) gives what Django's ORM gives."""

import pytest

from accounts.models import User
from games import services
from games.models import Match, Seat
from games.store.seat_query import seats_with_users

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {k: (v, type(v)) for k, v in obj.__dict__.items() if k != "_state"}


def test_seats_come_with_the_same_values_and_types_as_from_the_orm(
    alice, django_assert_num_queries
):
    """A player with a nickname, a guest and an open seat, on either database: every field
    of the seat and of its user equal and of the same type (SQLite's dates made aware,
    its booleans made booleans), each user and the match already in hand."""
    alice.nickname, alice.public_hints = "Ann", True
    alice.save()
    guest = User.objects.create(username="guest-7", is_guest=True)
    match = services.match_create(game="high-voltage-companies", creator=alice, seat=0, players=3)
    services.match_join(match_id=match.pk, user=guest)
    match = Match.objects.get(pk=match.pk)
    expected = list(Seat.objects.filter(match=match).select_related("user"))
    with django_assert_num_queries(1):
        seats = seats_with_users(match)
        assert [s.user for s in seats][2] is None
        assert all(s.match is match for s in seats)
    assert [s.index for s in seats] == [0, 1, 2]
    for seat, orm in zip(seats, expected, strict=True):
        assert fields(seat) == fields(orm)
        assert seat._state.db == orm._state.db and not seat._state.adding
        if orm.user is not None:
            assert fields(seat.user) == fields(orm.user)
            assert not seat.user._state.adding
    assert seats[0].display_name == "Ann" and seats[0].user.public_hints is True
    assert seats[1].user.is_guest is True
