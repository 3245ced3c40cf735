"""The embedded watcher (games/watcher.py) tells a match's sockets of the positions another
process recorded, and leaves out those this process recorded and told them of itself."""

import pytest
from django.utils import timezone

from games import services, watcher
from games.models import Match, Presence
from games.registry import get_engine

pytestmark = pytest.mark.django_db


def watched_here(alice, bob) -> Match:
    """A running Powerdrain match with one socket open in the process named "here"."""
    match = services.match_create(game="powerdrain", creator=alice, seat=0, players=2)
    match = services.match_join(match_id=match.pk, user=bob)
    Presence.objects.create(
        match=match, channel_name="one", viewer="v", address="a", server="here",
        seen_at=timezone.now(),
    )  # fmt: skip
    return match


def test_the_watcher_leaves_out_the_positions_this_process_told_its_viewers(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(watcher, "_seen", {})
    match = watched_here(alice, bob)
    assert watcher.changed_positions("here") == [(match.pk, 0, "active")]  # new to it

    engine = get_engine("powerdrain")
    state = engine.from_json(match.state)
    mover = engine.to_move(state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        match = services.move_play(
            match_id=match.pk,
            user=[alice, bob][mover],
            ply=0,
            move=next(iter(engine.legal_moves(state, mover))),
        )
    assert match.ply == 1
    assert watcher.changed_positions("here") == []  # its sockets were told on the move

    Match.objects.filter(pk=match.pk).update(ply=2)  # as another process records a move
    assert watcher.changed_positions("here") == [(match.pk, 2, "active")]
    Match.objects.filter(pk=match.pk).update(ply=4)  # two plies between two looks: both told
    assert watcher.changed_positions("here") == [(match.pk, 3, "active"), (match.pk, 4, "active")]
    Match.objects.filter(pk=match.pk).update(ply=100, status="finished")  # the newest, at most
    told = watcher.changed_positions("here")
    assert told[-1] == (match.pk, 100, "finished") and len(told) == watcher.CATCH_UP_PLIES
    assert [ply for _, ply, _ in told] == list(range(100 - watcher.CATCH_UP_PLIES + 1, 101))


def test_a_match_never_looked_at_stays_new_though_this_process_told_of_a_move(
    alice, bob, monkeypatch
):
    """Issue #53: a move recorded here, in a match the watcher has not looked at yet, must
    not mark it seen, since its sockets may have opened on an older position."""
    monkeypatch.setattr(watcher, "_seen", {})
    match = watched_here(alice, bob)
    watcher.told(match.pk, 0, "active")  # before any look
    assert watcher.changed_positions("here") == [(match.pk, 0, "active")]


def test_a_look_tells_each_moved_match_s_group_then_what_the_features_watch(
    alice, bob, monkeypatch
):
    """One look (what the poller sends twice a second): nothing before a match socket opened
    in this process, then each moved position as its match group's notice, followed by the
    feature apps' own notices (a tournament page's version)."""
    from games import features
    from games.groups import group_name

    monkeypatch.setattr(watcher, "_seen", {})
    monkeypatch.setattr(watcher, "_server", [])
    feature = ("tournament-7", {"type": "tournament.updated", "version": 3})
    monkeypatch.setattr(features, "watched", [lambda: [feature]])
    match = watched_here(alice, bob)
    assert watcher.look() == [feature]  # no socket opened here yet: no match to look at
    monkeypatch.setattr(watcher, "_server", ["here"])  # as ``start`` keeps this process's name
    group = group_name(match.pk)
    assert watcher.look() == [(group, watcher.notice(0, "active")), feature]
    assert watcher.look() == [feature]  # seen: not told again
    Match.objects.filter(pk=match.pk).update(ply=2)
    assert watcher.look() == [
        (group, {"type": "match.updated", "ply": 1, "status": "active", "looked": True}),
        (group, {"type": "match.updated", "ply": 2, "status": "active", "looked": True}),
        feature,
    ]
