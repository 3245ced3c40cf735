"""The embedded watcher's part for tournaments (tournaments/watcher.py): the versions of the
tournaments this process's sockets show that moved since its last look, each told once,
for as long as a socket shows them. The poller that asks runs in a server process
(games/watcher.py); here the test asks."""

from __future__ import annotations

from collections import Counter

import pytest

from games import watcher as poller
from tests.tournaments.support import make, members
from tournaments import watcher
from tournaments.groups import tournament_group
from tournaments.messages import tournament_updated
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(watcher, "_open", Counter())
    monkeypatch.setattr(watcher, "_seen", {})
    monkeypatch.setattr(poller, "start", lambda: None)  # no event loop here


def moved(tournament: Tournament) -> int:
    """Another process moves ``tournament`` on: its new version."""
    Tournament.objects.filter(pk=tournament.pk).update(version=tournament.version + 1)
    tournament.version += 1
    return tournament.version


def test_the_watcher_tells_each_version_once_while_a_socket_shows_it():
    alice = members(1)[0]
    shown, other = make(alice), make(alice)
    assert watcher.changed() == []  # nothing watched
    watcher.watch(shown.pk, shown.version)
    watcher.watch(shown.pk, shown.version)  # its second socket
    watcher.watch(other.pk, other.version)
    assert watcher.changed() == []  # nothing moved
    version = moved(shown)
    assert watcher.changed() == [(tournament_group(shown.pk), tournament_updated(version))]
    assert watcher.changed() == []  # told once
    watcher.unwatch(shown.pk)  # one socket closes, the other still shows it
    version = moved(shown)
    assert watcher.changed() == [(tournament_group(shown.pk), tournament_updated(version))]
    watcher.unwatch(shown.pk)  # the last one closes
    moved(shown)
    assert watcher.changed() == []
    watcher.watch(shown.pk, shown.version)  # a socket opens on its newest version
    assert watcher.changed() == []
    watcher.unwatch(shown.pk)
    watcher.unwatch(other.pk)
    assert not watcher._open and not watcher._seen


def test_a_socket_opened_on_an_older_version_is_told_the_newer_at_the_first_look():
    """A version stored between the socket's page and its watch reaches it: the watcher
    counts from the version the socket shows, not from the one it first finds."""
    tournament = make(members(1)[0])
    tournament.version = tournament.pk + 10  # no version that is also an id
    shown = moved(tournament)
    version = moved(tournament)
    watcher.watch(tournament.pk, shown)
    watcher.watch(tournament.pk, version)  # a second socket, opened since, keeps it so
    assert watcher.changed() == [(tournament_group(tournament.pk), tournament_updated(version))]
