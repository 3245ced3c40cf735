"""The end of a match: a rematch with the seats rotated, and cancelling a waiting match."""

import pytest

from games import rematches, selectors, services
from games.clocks import TimeControl
from games.live.rendering import board_html
from games.models import Match


@pytest.fixture
def finished(match, bob):
    """The conftest's Powerdrain match (alice seat 0, bob seat 1), bob resigned."""
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    return match


def test_a_rematch_keeps_the_setup_and_moves_everyone_one_seat_on(finished, alice, bob):
    Match.objects.filter(pk=finished.pk).update(
        private=True, time_control=TimeControl.parse("5+3").to_json()
    )
    offer = rematches.rematch_offer(match_id=finished.pk, user=alice)
    assert offer.new_match is None  # bob has not answered yet
    offer = rematches.rematch_accept(match_id=finished.pk, user=bob)
    new = offer.new_match
    assert new.pk != finished.pk and new.status == Match.Status.ACTIVE
    public = {k: finished.options[k] for k in ("rows", "cols")}
    assert (new.game, new.options, new.players) == ("powerdrain", public, 2)
    assert new.private and new.control.code() == "5+3" and new.rematch_of_id == finished.pk
    assert new.seat_of(alice) == 1 and new.seat_of(bob) == 0  # seat 1 wraps round to seat 0
    again = rematches.rematch_offer(match_id=finished.pk, user=bob)
    assert again.new_match_id == new.pk  # one rematch per match


def test_a_rematch_against_the_computer_rotates_the_computer_too(alice):
    match = services.match_create(game="powerdrain", creator=alice, seat=0, bots={1: "easy"})
    services.match_resign(match_id=match.pk, user=alice)
    new = rematches.rematch_offer(match_id=match.pk, user=alice).new_match  # accepted at once
    seats = {s.index: s.user for s in new.seat_list()}
    assert seats[1] == alice and seats[0].bot_level == "easy"
    assert new.status == Match.Status.ACTIVE


def test_only_players_of_a_finished_match_get_a_rematch(match, alice, carol, client):
    with pytest.raises(services.Refused, match="finished"):
        rematches.rematch_offer(match_id=match.pk, user=alice)
    services.match_resign(match_id=match.pk, user=alice)
    with pytest.raises(services.Refused, match="players"):
        rematches.rematch_offer(match_id=match.pk, user=carol)


def test_the_finished_board_offers_rematch_and_the_second_yes_opens_the_new_match(
    finished, alice, bob, client
):
    html = board_html(finished, 0)
    assert f"/m/{finished.public_id}/rematch/" in html and "New match" in html
    assert f"/m/{finished.public_id}/rematch/" not in board_html(finished, None)
    client.force_login(alice)
    response = client.post(f"/m/{finished.public_id}/rematch/", HTTP_HX_REQUEST="true")
    assert response.status_code == 204  # an offer: bob's page shows it live
    assert Match.objects.count() == 1
    client.force_login(bob)
    page = client.get(f"/m/{finished.public_id}/").content.decode()
    assert "alice offers a rematch." in page and "data-rematch-accept" in page
    response = client.post(f"/m/{finished.public_id}/rematch/", HTTP_HX_REQUEST="true")
    new = Match.objects.exclude(pk=finished.pk).get()
    assert response["HX-Redirect"] == f"/m/{new.public_id}/"
    assert new.status == Match.Status.ACTIVE


def test_the_creator_cancels_a_waiting_match_and_it_leaves_the_lists(alice, bob, client):
    waiting = services.match_create(game="hive", creator=alice, seat=0)
    assert waiting in selectors.matches_open(exclude_user=bob)
    with pytest.raises(services.Refused, match=r"^Only the match's creator can cancel it\.$"):
        services.match_cancel(match_id=waiting.pk, user=bob)
    client.force_login(alice)
    assert "Cancel this match" in client.get(f"/m/{waiting.public_id}/").content.decode()
    response = client.post(f"/m/{waiting.public_id}/cancel/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not Match.objects.filter(pk=waiting.pk).exists()
    assert waiting not in selectors.matches_open(exclude_user=bob)
    assert not selectors.my_matches(alice, now=services.server_now())


def test_a_started_match_cannot_be_cancelled(match, alice):
    refusal = r"^A match that has started cannot be cancelled; resign instead\.$"
    with pytest.raises(services.Refused, match=refusal):
        services.match_cancel(match_id=match.pk, user=alice)
    assert Match.objects.filter(pk=match.pk).exists()
