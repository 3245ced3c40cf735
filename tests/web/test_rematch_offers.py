"""Rematch offers: live on every page of the finished match over its socket, accepted by all,
declined, lapsed (by time and by its maker leaving), and two accepts at once making one match."""

import json
from functools import partial

import pytest
from asgiref.sync import sync_to_async

from games import rematches, services
from games.errors import Refused
from games.models import Match, RematchOffer
from tests.web.races import race
from tests.web.support import connected

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished(match, bob):
    """The conftest's Powerdrain match (alice seat 0, bob seat 1), bob resigned."""
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    return match


async def opened(match, user=None):
    socket = await connected(match, user)
    assert 'id="board"' in await socket.receive_from(timeout=3)
    # Its connect is over, with no offer yet: a frame's answer comes after all it sent then.
    await socket.send_to(text_data=json.dumps({"t": "no-such-kind"}))
    assert "of no kind" in await socket.receive_from(timeout=3)
    return socket


async def pushed(socket) -> str:
    html = await socket.receive_from(timeout=3)
    assert 'id="rematch"' in html
    return html


async def test_an_offer_shows_live_and_every_page_of_the_players_goes_to_the_new_match(
    finished, alice, bob, carol
):
    a, b, spectator = (
        await opened(finished, alice),
        await opened(finished, bob),
        await opened(finished),
    )
    offer = await sync_to_async(rematches.rematch_offer)(match_id=finished.pk, user=alice)
    to_bob, to_alice, to_spectator = await pushed(b), await pushed(a), await pushed(spectator)
    assert "alice offers a rematch." in to_bob and "data-rematch-accept" in to_bob
    assert "waiting for bob" in to_alice and "data-rematch-accept" not in to_alice
    assert "data-rematch-withdraw" in to_alice
    assert "alice offers a rematch." in to_spectator and "data-rematch" not in to_spectator

    offer = await sync_to_async(rematches.rematch_accept)(match_id=finished.pk, user=bob)
    new = await sync_to_async(Match.objects.get)(pk=offer.new_match_id)
    goto = f'data-goto="/m/{new.public_id}/"'
    assert goto in await pushed(a) and goto in await pushed(b)
    watching = await pushed(spectator)
    assert "data-goto" not in watching and f"/m/{new.public_id}/" in watching  # an open match
    assert new.status == Match.Status.ACTIVE
    for socket in (a, b, spectator):
        await socket.disconnect()


async def test_a_decline_is_shown_and_offering_again_waits_a_little(finished, alice, bob):
    a, b = await opened(finished, alice), await opened(finished, bob)
    offer = await sync_to_async(rematches.rematch_offer)(
        match_id=finished.pk, user=alice, now=1_000
    )
    await pushed(a), await pushed(b)
    await sync_to_async(rematches.rematch_decline)(match_id=finished.pk, user=bob, now=2_000)
    assert "bob declined the rematch." in await pushed(a)
    await pushed(b)
    with pytest.raises(Refused, match="again in 10 s"):
        await sync_to_async(rematches.rematch_offer)(match_id=finished.pk, user=alice, now=2_000)
    with pytest.raises(Refused, match="no rematch offer to accept"):
        await sync_to_async(rematches.rematch_accept)(match_id=finished.pk, user=alice, now=3_000)
    again = await sync_to_async(rematches.rematch_offer)(
        match_id=finished.pk, user=alice, now=12_000
    )
    assert again.pk != offer.pk and again.status == RematchOffer.Status.OPEN
    assert await sync_to_async(Match.objects.count)() == 1
    for socket in (a, b):
        await socket.disconnect()


def test_an_offer_lapses_after_its_time(finished, alice, bob, settings):
    settings.REMATCH_OFFER_SECONDS = 60
    rematches.rematch_offer(match_id=finished.pk, user=alice, now=0)
    assert rematches.rematches_lapse_due(now=59_999) == 0
    assert rematches.rematches_lapse_due(now=60_000) == 1
    assert RematchOffer.objects.get().status == RematchOffer.Status.LAPSED
    with pytest.raises(Refused, match="no rematch offer"):
        rematches.rematch_accept(match_id=finished.pk, user=bob, now=60_001)
    # Found lapsed by an answer too, without the sweep: bob's yes is a new offer of his own.
    rematches.rematch_offer(match_id=finished.pk, user=alice, now=100_000)
    offer = rematches.rematch_offer(match_id=finished.pk, user=bob, now=170_000)
    assert offer.made_by == bob and offer.new_match is None
    assert Match.objects.count() == 1


async def test_an_offer_lapses_when_its_maker_leaves_the_page(finished, alice, bob):
    a, second_tab, b = (
        await opened(finished, alice),
        await opened(finished, alice),
        await opened(finished, bob),
    )
    await sync_to_async(rematches.rematch_offer)(match_id=finished.pk, user=alice)
    await pushed(a), await pushed(second_tab), await pushed(b)
    await a.disconnect()  # done once its consumer stopped: its leaving was handled
    offer = await sync_to_async(RematchOffer.objects.get)()
    assert offer.status == RematchOffer.Status.OPEN  # her other tab still has the match open
    await second_tab.disconnect()
    assert "The rematch offer lapsed." in await pushed(b)  # the first push bob has since
    offer = await sync_to_async(RematchOffer.objects.get)()
    assert offer.status == RematchOffer.Status.LAPSED
    await b.disconnect()
    # Bob leaving changes nothing of an offer he did not make.


def test_two_accepts_at_the_same_moment_make_one_match(finished, alice, bob):
    """Both players click Rematch at once (no offer yet), and bob's two pages accept at once:
    the row lock answers them one after the other, and there is one new match. Each click is
    answered with it, or with no match yet when the others had not all accepted
    (tests/web/races.py: forced to overlap on PostgreSQL, taking turns on SQLite)."""
    outcomes = race(
        [partial(rematches.rematch_offer, match_id=finished.pk, user=u) for u in (alice, bob, bob)]
    )
    new = list(Match.objects.exclude(pk=finished.pk).values_list("pk", flat=True))
    made = [getattr(o, "new_match_id", o) for o in outcomes]
    assert len(new) == 1 and new[0] in made and set(made) <= {None, new[0]}, outcomes
    assert Match.objects.get(pk=new[0]).status == Match.Status.ACTIVE
    assert RematchOffer.objects.filter(status=RematchOffer.Status.ACCEPTED).count() == 1
