"""The club services and a club-kept tournament: open and closed clubs, requests and the
leader's answer, leaving, the bounds (clubs led, members held, requests waiting), and a
tournament only its club's members may join."""

from __future__ import annotations

import pytest

from accounts.models import User
from clubs import selectors, services
from clubs.models import Club, JoinRequest, Member
from games.errors import Refused
from tests.tournaments.support import T0, make, members
from tournaments import services as tournament_services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _club(leader, name="Chess club", open=True) -> Club:
    return services.club_create(leader=leader, name=name, open=open, now=T0)


def test_an_open_club_takes_members_at_once_and_they_leave(alice, bob):
    club = _club(alice)
    assert club.slug == "chess-club" and selectors.is_member(club.pk, alice)
    assert services.club_join(slug=club.slug, user=bob, now=T0) == "joined"
    assert services.club_join(slug=club.slug, user=bob, now=T0) == "joined"  # a no-op
    assert [m.user for m in selectors.members(club)] == [alice, bob]
    services.club_leave(slug=club.slug, user=bob, now=T0)
    assert not selectors.is_member(club.pk, bob)
    with pytest.raises(Refused, match="leader cannot leave"):
        services.club_leave(slug=club.slug, user=alice, now=T0)


def test_a_closed_club_waits_for_its_leader(alice, bob, carol):
    club = _club(alice, open=False)
    said = services.club_join(slug=club.slug, user=bob, message="hi", now=T0)
    assert said == "requested" and not selectors.is_member(club.pk, bob)
    assert services.club_join(slug=club.slug, user=bob, now=T0) == "requested"
    assert JoinRequest.objects.filter(club=club).count() == 1
    with pytest.raises(Refused, match="Only the club's leader"):
        services.request_accept(slug=club.slug, leader=bob, username="bob", now=T0)
    services.request_accept(slug=club.slug, leader=alice, username="bob", now=T0)
    assert selectors.is_member(club.pk, bob) and not selectors.has_requested(club, bob)
    services.club_join(slug=club.slug, user=carol, now=T0)
    services.request_decline(slug=club.slug, leader=alice, username="carol", now=T0)
    assert not selectors.is_member(club.pk, carol) and not selectors.has_requested(club, carol)
    with pytest.raises(services.NotFound):
        services.request_accept(slug=club.slug, leader=alice, username="carol", now=T0)


def test_names_guests_and_missing_clubs_are_refused(alice, bob):
    with pytest.raises(Refused, match="name"):
        _club(alice, name=" ")
    _club(alice)
    with pytest.raises(Refused, match="club of that name"):
        _club(bob, name="CHESS CLUB")
    guest = User.objects.create_user("guest1", is_guest=True)
    with pytest.raises(Refused, match="Guests"):
        _club(guest, name="Guests")
    with pytest.raises(services.NotFound):
        services.club_join(slug="nowhere", user=bob, now=T0)
    open_team = _club(bob, name="Open")
    assert open_team.slug != "open"  # the API's open Swiss keeps that id


def test_the_bounds_clubs_led_members_held_requests_waiting(alice, bob, monkeypatch):
    for n in range(services.CLUBS_PER_LEADER):
        _club(alice, name=f"Club {n}")
    with pytest.raises(Refused, match="already lead 3 clubs"):
        _club(alice, name="One more")
    assert Club.objects.filter(leader=alice).count() == services.CLUBS_PER_LEADER

    monkeypatch.setattr(services, "MEMBERS_PER_CLUB", 2)
    small = _club(bob, name="Small")
    people = members(3)
    services.club_join(slug=small.slug, user=people[0], now=T0)
    with pytest.raises(Refused, match="full"):
        services.club_join(slug=small.slug, user=people[1], now=T0)
    assert Member.objects.filter(club=small).count() == 2

    monkeypatch.setattr(services, "REQUESTS_PER_CLUB", 1)
    closed = _club(bob, name="Closed", open=False)
    services.club_join(slug=closed.slug, user=people[1], now=T0)
    with pytest.raises(Refused, match="requests waiting for its leader"):
        services.club_join(slug=closed.slug, user=people[2], now=T0)

    monkeypatch.setattr(services, "REQUESTS_PER_PLAYER", 1)
    other = _club(people[0], name="Other", open=False)
    with pytest.raises(Refused, match="You have 1 requests waiting"):
        services.club_join(slug=other.slug, user=people[1], now=T0)
    assert JoinRequest.objects.filter(user=people[1]).count() == 1


def test_accepting_into_a_full_club_keeps_the_request(alice, bob, carol, monkeypatch):
    club = _club(alice, open=False)
    services.club_join(slug=club.slug, user=bob, now=T0)
    services.club_join(slug=club.slug, user=carol, now=T0)
    services.request_accept(slug=club.slug, leader=alice, username="bob", now=T0)
    monkeypatch.setattr(services, "MEMBERS_PER_CLUB", 2)
    with pytest.raises(Refused, match="full"):
        services.request_accept(slug=club.slug, leader=alice, username="carol", now=T0)
    assert selectors.has_requested(club, carol)


def test_a_club_tournament_takes_its_members_only(alice, bob, carol):
    club = _club(alice)
    services.club_join(slug=club.slug, user=bob, now=T0)
    with pytest.raises(Refused, match="Only the club's leader"):
        make(bob, club=club)
    tournament = make(alice, club=club, players=[alice, bob])
    with pytest.raises(Refused, match="for the members of Chess club"):
        tournament_services.tournament_join(public_id=tournament.public_id, user=carol, now=T0)
    assert not Entry.objects.filter(tournament=tournament, user=carol).exists()
    services.club_join(slug=club.slug, user=carol, now=T0)
    tournament_services.tournament_join(public_id=tournament.public_id, user=carol, now=T0)
    assert [t.pk for t in selectors.tournaments(club)] == [tournament.pk]


def test_the_leaderboard_ranks_members_by_their_sure_rating(alice, bob, carol):
    from ratings.models import Rating

    club = _club(alice)
    services.club_join(slug=club.slug, user=bob, now=T0)
    Rating.objects.create(user=alice, game="hive", mu=26, sigma=2, games=12)
    Rating.objects.create(user=bob, game="hive", mu=30, sigma=1, games=15)
    Rating.objects.create(user=carol, game="hive", mu=40, sigma=1, games=30)  # no member
    boards = selectors.leaderboard(club)
    assert [b["slug"] for b in boards] == ["hive"]
    assert [r["user"] for r in boards[0]["rows"]] == [bob, alice]


def test_a_non_member_sees_the_way_into_the_club_instead_of_a_join_she_would_be_refused(
    client, alice, bob, carol
):
    """#51: a club's tournament showed a non-member its Join button, which then refused her."""
    club = _club(alice)
    services.club_join(slug=club.slug, user=bob, now=T0)
    tournament = make(alice, club=club)
    join = f'action="/t/{tournament.public_id}/join/"'
    client.force_login(carol)
    for language, words in (
        ("en", "For the members of Chess club: <a href"),
        ("de", "Für die Mitglieder von Chess club: <a href"),
    ):
        page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
        html = page.content.decode()
        assert words in html and f'href="{club.get_absolute_url()}"' in html
        assert join not in html
    client.force_login(bob)
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert join in html and "For the members of" not in html
