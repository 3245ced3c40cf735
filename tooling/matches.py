"""Matches prepared for a test or a benchmark: a chosen setup, pages counted as open."""

from __future__ import annotations

from django.utils import timezone

from games.models import Presence
from games.registry import get_engine


def reseed(match, seed: int) -> None:
    """Gives a match that has not moved yet the setup of ``seed`` instead of the secret one
    the service drew, so runs with the same seed play the same match."""
    engine = get_engine(match.game)
    match.seed = seed
    setup = engine.setup(players=match.players, seed=seed, options=match.options or None)
    match.state = engine.to_json(setup)
    match.save(update_fields=["seed", "state"])


def watching(match, seats=(None, 0, 1)) -> None:
    """Pages open on ``match`` for each of ``seats`` (None: a spectator), as their sockets
    count them in; only watched audiences get their pushes rendered ahead. Calling it
    again renews the same pages."""
    for seat in seats:
        Presence.objects.update_or_create(
            channel_name=f"test-tab-{match.pk}-{seat}",
            defaults={
                "match": match,
                "seat": seat,
                "viewer": f"session:test-{seat}",
                "address": "127.0.0.1",
                "server": "test",
                "seen_at": timezone.now(),
            },
        )
