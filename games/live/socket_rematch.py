"""The rematch half of the match socket: an offer's changes pushed to each viewer, where it
stands on a (re)connect, and an offer that lapses once its maker's last page is gone."""

from __future__ import annotations

from channels.db import database_sync_to_async

from games import presence, rematches
from games.features import SocketPart
from games.live.rematch_html import rematch_html
from games.messages import REMATCH_CHANGED, RematchChanged
from games.models import RematchOffer


def _where_it_stands(socket) -> str:
    if not RematchOffer.objects.filter(match_id=socket.match_id).exists():
        return ""
    return socket.in_language(rematch_html, socket.match_id, socket.scope["user"])


async def opened(socket) -> None:
    """On a (re)connect to a finished match with an offer: where the offer stands now."""
    html = await database_sync_to_async(_where_it_stands)(socket)
    if html:
        await socket.send(text_data=html)


async def rematch_changed(socket, event: RematchChanged) -> None:
    """An offer of this match changed: this viewer's view of it (Accept and Decline, whom it
    waits for, the new match to go to)."""
    html = await database_sync_to_async(socket.in_language)(
        rematch_html, socket.match_id, socket.scope["user"]
    )
    await socket.send(text_data=html)


def closed(socket) -> None:
    """A player's socket closed: an offer of theirs lapses once no page of theirs is left on
    the match (games/rematches.py)."""
    if socket.seat is None or socket.user_id is None:
        return
    if socket.seat not in presence.seats_here(socket.match_id):
        rematches.rematch_maker_left(match_id=socket.match_id, user_id=socket.user_id)


PART = SocketPart(notices={REMATCH_CHANGED: rematch_changed}, opened=opened, closed=closed)
