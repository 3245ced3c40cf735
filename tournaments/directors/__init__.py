"""A director per tournament format, as lichess's SwissDirector beside its Arena: each
brings its terms, who may join and leave when, its start and its steps (a round, an Arena's
pairing and end), over the pure pairing of ``tournaments.formats``. The services keep the
row lock and the announcement, and ask ``director(tournament)`` what the format does."""

from __future__ import annotations

from tournaments.directors.arena import Arena
from tournaments.directors.base import Director
from tournaments.directors.round_robin import RoundRobin
from tournaments.directors.swiss import Swiss

DIRECTORS: dict[str, Director] = {d.format: d for d in (RoundRobin(), Swiss(), Arena())}


def director(tournament) -> Director:
    """The director of ``tournament``'s format."""
    return DIRECTORS[tournament.format]


__all__ = ["DIRECTORS", "Director", "director"]
