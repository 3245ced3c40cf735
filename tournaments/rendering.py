"""The tournament page's live parts, rendered for the page load and for every push alike
(one template each): the live part everyone sees the same (standings, bars, crosstable or
rounds, matches being played, countdown) and a player's own part (their entry, their match).

The live part is rendered once per tournament version and language in each process and kept
in a bounded cache: a standings change pushed to a thousand open pages costs one render.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from clubs import selectors as clubs
from games import services as match_services
from games.memory import LRU
from tournaments import selectors
from tournaments.directors import director
from tournaments.models import Tournament

# At most 256 renders and 16 Mi characters.
_live = LRU(max_entries=256, max_weight=16 * 2**20, weigh=len)


def cached_live(tournament_id: int, public_id: str, version: int, language: str) -> str | None:
    """The live part of that version, if this process rendered it already: a spectator's
    socket sends it without asking the database."""
    return _live.get((tournament_id, public_id, version, language))


def live_html(tournament: Tournament, language: str | None = None) -> str:
    language = language or translation.get_language()
    key = (tournament.pk, tournament.public_id, tournament.version, language)
    html = _live.get(key)
    if html is None:
        with translation.override(language):
            context = selectors.live(tournament, match_services.server_now())
            html = render_to_string("tournaments/_live.html", context)
        _live.put(key, html)
    return html


def you_context(tournament: Tournament, user) -> dict:
    entry = selectors.entry_of(tournament, user)
    match = selectors.current_match(tournament, user.pk) if entry else None
    now = match_services.server_now()
    return {
        "tournament": tournament,
        "entry": entry,
        "current_match": match,
        "user": user,
        "server_now": now,
        "joinable": _joinable(tournament, entry, now),
        # A club's tournament shows a non-member the way in, not a Join they would be refused.
        "outsider": bool(tournament.club_id) and not clubs.is_member(tournament.club_id, user),
        "finishing": selectors.finishing(tournament),
    }


def _joinable(tournament: Tournament, entry, now: int) -> bool:
    if tournament.status == Tournament.Status.FINISHED:
        return False
    if entry is not None and not entry.withdrawn:
        return False
    if tournament.status == Tournament.Status.CREATED:
        return True
    return director(tournament).takes_players(tournament, now)


def you_html(tournament: Tournament, user, language: str, csrf_token: str) -> str:
    """A player's own part, for the socket's push: its forms carry the page's CSRF token (the
    cookie's, which the page's own render used too), so its buttons work after a push."""
    context = {**you_context(tournament, user), "csrf_token": csrf_token}
    with translation.override(language):
        return render_to_string("tournaments/_you.html", context)
