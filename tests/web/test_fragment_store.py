"""Fragments rendered by one process reach the others through Redis (games.live.fragments).

The Redis tests run in the scale pass (`make test-scale`, REDIS_URL set). Clearing
this process's memory of fragments stands for being another Daphne process.
"""

import os

import pytest
from django.utils import timezone

from games import presence, services
from games.live import fragments
from games.live.rendering import board_html, cached_board_html, fragment_key, prerender
from games.models import Match, Presence
from tests.web.support import run_in_own_loop
from tooling.matches import watching

needs_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (make test-scale)"
)


def another_process():
    fragments._entries.clear()


def aget_in_own_loop(cache_key):
    return run_in_own_loop(fragments.aget(cache_key))


def played(match, alice) -> Match:
    watching(match)
    services.move_play(match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]})
    match = Match.objects.get(pk=match.pk)
    prerender(match)
    return match


@pytest.fixture
def shared_store(settings):
    settings.FRAGMENT_REDIS_URL = os.environ["REDIS_URL"]


@needs_redis
@pytest.mark.scale
def test_a_move_rendered_here_is_read_elsewhere_seat_by_seat(match, alice, shared_store):
    match = played(match, alice)
    rendered = {seat: cached_board_html(match, seat) for seat in (None, 0, 1)}
    another_process()
    for seat, html in rendered.items():
        assert fragments.get(fragment_key(match, seat)) == html
    another_process()
    for seat, html in rendered.items():
        assert aget_in_own_loop(fragment_key(match, seat)) == html
    assert len(set(rendered.values())) == 3  # three seats, three fragments: none served twice


@needs_redis
@pytest.mark.scale
def test_a_reused_match_id_never_finds_an_older_matchs_fragment(match, alice, shared_store):
    match = played(match, alice)
    another_process()
    stranger = fragments.key(match.pk, "another-invite", match.ply, match.status, None)
    assert fragments.get(stranger) is None
    assert aget_in_own_loop(stranger) is None


def test_without_redis_viewers_are_served_by_rendering_here(match, alice, settings):
    settings.FRAGMENT_REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens on port 9
    match = played(match, alice)  # storing fails quietly
    another_process()
    assert fragments.get(fragment_key(match, None)) is None
    assert aget_in_own_loop(fragment_key(match, None)) is None
    assert cached_board_html(match, None) == board_html(match, None)


@needs_redis
@pytest.mark.scale
def test_redis_holds_only_the_newest_position_of_a_match(match, alice, shared_store):
    before = Match.objects.get(pk=match.pk)
    watching(before)
    prerender(before)
    first = [fragment_key(before, seat) for seat in (None, 0, 1)]
    match = played(before, alice)
    client = fragments._sync_client()
    assert not any(client.exists(fragments._redis_key(k)) for k in first)
    for seat in (None, 0, 1):
        ttl = client.ttl(fragments._redis_key(fragment_key(match, seat)))
        assert 0 < ttl <= fragments.SHARED_SECONDS


def test_only_audiences_with_a_page_open_are_rendered_ahead(match, alice):
    """A bot's seat, an away player, spectators nobody is: rendering their pushes is work
    nobody receives. Whoever opens a page later renders it then."""
    another_process()
    services.move_play(match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]})
    match = Match.objects.get(pk=match.pk)
    prerender(match)
    assert all(fragments.get(fragment_key(match, seat)) is None for seat in (None, 0, 1))
    watching(match, seats=[None])
    prerender(match)
    assert fragments.get(fragment_key(match, None)) == board_html(match, None)
    assert fragments.get(fragment_key(match, 0)) is fragments.get(fragment_key(match, 1)) is None
    assert cached_board_html(match, 1) == board_html(match, 1)  # a late page renders its own


def test_an_audience_read_only_through_api_streams_is_not_rendered_ahead(match, alice):
    """An API game stream counts as its seat being here, but it reads its own lines, never
    a board: rendering pushes for it cost every move of a match watched by programs a
    render that nobody received."""
    another_process()
    for seat in (None, 0):
        Presence.objects.create(
            match=match,
            channel_name=f"api.game.test-{seat}",
            seat=seat,
            viewer=f"{presence.STREAM_VIEWER}1",
            address="127.0.0.1",
            server="test",
            seen_at=timezone.now(),
        )
    services.move_play(match_id=match.pk, user=alice, ply=0, move={"type": "place", "at": [0, 0]})
    match = Match.objects.get(pk=match.pk)
    assert presence.seats_here(match.pk) == {0}  # the player counts as here (§7.4)
    prerender(match)
    assert all(fragments.get(fragment_key(match, seat)) is None for seat in (None, 0, 1))
