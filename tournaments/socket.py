"""The tournaments' part of the match socket (games.features ``socket_parts``): a player's
page of a finished tournament match goes to their next match of that tournament when it
starts, as the tournament page does (docs/rules.md §8).

A player's socket on a tournament match joins the tournament's group, so every change of the
tournament (``tournament.updated``, a new version) reaches it; on the embedded default the
tournament watcher (tournaments/watcher.py) turns the worker's changes into those notices.
Only a socket whose match has finished asks the database (one query for the player's running
match), so the changes of a running tournament cost the sockets of running matches nothing.
The page is told with one element, ``#next-match``, whose ``data-go`` it follows
(static/js/match.js).
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.utils.html import format_html

from games.features import SocketPart
from tournaments import selectors, watcher
from tournaments.groups import tournament_group
from tournaments.messages import TOURNAMENT_UPDATED, TournamentUpdated
from tournaments.models import Pairing, Tournament


def _tournament_of(match_id: int) -> tuple[int, int] | None:
    """(tournament id, version) when ``match_id`` is a tournament's match."""
    return (
        Pairing.objects.filter(match_id=match_id)
        .values_list("tournament_id", "tournament__version")
        .first()
    )


def _next_url(socket) -> str | None:
    """The player's running match of the tournament, if it is not the socket's own."""
    tournament = Tournament.objects.filter(pk=socket.tournament_id).first()
    match = selectors.current_match(tournament, socket.user_id) if tournament else None
    if match is None or match.pk == socket.match_id:
        return None
    return match.get_absolute_url()


def go_html(url: str) -> str:
    """What tells a match page to go to ``url``."""
    return format_html('<div id="next-match" data-go="{}" hidden></div>', url)


async def _go_if_next(socket) -> None:
    if socket.showing is None or socket.showing[1] != "finished":
        return  # a running match's page stays where it is
    url = await database_sync_to_async(_next_url)(socket)
    if url is not None:
        await socket.send(text_data=go_html(url))


async def _opened(socket) -> None:
    if socket.seat is None or socket.user_id is None:
        return
    found = await database_sync_to_async(_tournament_of)(socket.match_id)
    if found is None:
        return
    socket.tournament_id, socket.tournament_version = found
    await socket.join(tournament_group(socket.tournament_id))
    watcher.watch(socket.tournament_id, socket.tournament_version)
    await _go_if_next(socket)  # a page opened after the next match began


async def _updated(socket, notice: TournamentUpdated) -> None:
    version = notice["version"]
    if not getattr(socket, "tournament_id", None) or version <= socket.tournament_version:
        return
    socket.tournament_version = version
    await _go_if_next(socket)


def _closed(socket) -> None:
    if getattr(socket, "tournament_id", None):
        watcher.unwatch(socket.tournament_id)


PART = SocketPart(notices={TOURNAMENT_UPDATED: _updated}, opened=_opened, closed=_closed)
