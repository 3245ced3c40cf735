"""The play half of the match socket: moves, claims, flags and resyncs in, boards out.

Moves go through ``services.move_play`` like the HTTP path, and the group notice of a new
position (``match.updated``) carries no board: each socket sends its own viewer's fragment,
the one already rendered for its audience (games.live.fragments) when there is one.

A refused frame costs its sender an error line (``refusal``), never a board rendered for
it: a spectator's move is refused here without the database, and a player's refused move
brings the board along only when the page was behind, as the fragment shared by its
audience.

The socket's attributes kept here: ``seat``, ``invite`` (part of every fragment key),
``sent`` (the key of the fragment it shows now), ``shown_ply`` (the newest position it was
sent) and ``showing`` (the (ply, status) of the board it was sent last).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from games import guard, services
from games.features import SocketPart
from games.live import earlier, fragments
from games.live.rendering import cached_board_html, fragment_key
from games.live.socket_identity import REOPEN, still_holds
from games.messages import MATCH_UPDATED, Claim, Flag, MatchUpdated, Move, Sync
from games.models import Match


def refusal(message: str) -> str:
    """The short answer to a refused frame: swapped into the page's ``#frame-error``, no board."""
    return f'<p id="frame-error" class="message" role="alert">{escape(message)}</p>'


def first_board(socket, match: Match) -> str:
    """On connect: the socket's seat, and its fragment ("" when the page shows it already:
    its socket URL carries ``?ply=…&status=…``)."""
    html = fragment(socket, match)
    query = parse_qs(socket.scope.get("query_string", b"").decode("latin1"))
    ply = guard.whole_number(query.get("ply", [""])[0], low=0, high=10**9)
    if (ply, query.get("status", [None])[0]) == (match.ply, match.status):
        return ""
    return html


def fragment(socket, match: Match) -> str:
    """The fragment of ``match`` shared by the socket's audience, in its language."""
    socket.seat, socket.invite = match.seat_of(socket.scope["user"]), match.invite
    socket.shown_ply = max(socket.shown_ply, match.ply)
    socket.showing = (match.ply, match.status)
    socket.sent = socket.in_language(fragment_key, match, socket.seat)  # names the language
    return socket.in_language(cached_board_html, match, socket.seat)


def _position(match_id: int) -> tuple[int, str] | None:
    return Match.objects.filter(pk=match_id).values_list("ply", "status").first()


def _board(socket, ply: int | None = None) -> str:
    match = Match.objects.get(pk=socket.match_id)
    if ply is not None and ply < match.ply and socket.seat is None:
        match = earlier.as_it_was(match, ply)
    return fragment(socket, match)


async def send_board(socket, ply: int | None = None) -> None:
    """The socket's board of the stored match; with ``ply``, a spectator's of that position
    when the match has moved past it (a notice that came late, or one of the plies the
    watcher saw between two looks): a spectator is shown every position in turn, the
    newest's own notice follows. A player always gets the position to move in."""
    await socket.send(text_data=await database_sync_to_async(_board)(socket, ply))


async def move(socket, frame: Move) -> None:
    """``{"t": "move", "move": …, "ply": n}``. On success the group notice (sent after the
    commit) brings every viewer the new board, this one too."""
    if socket.seat is None:
        await socket.refuse(_("You are watching this match; only its players can move."))
        return
    try:
        await database_sync_to_async(socket.in_language)(
            services.move_play,
            match_id=socket.match_id,
            user=socket.scope["user"],
            ply=frame.ply,
            move=frame.move,
        )
    except services.Refused as error:
        await socket.refuse(str(error))
        await catch_up(socket)


async def claim(socket, frame: Claim) -> None:
    """``{"t": "claim"}``: the absent player to move leaves (docs/rules.md §7.4)."""
    try:
        await database_sync_to_async(socket.in_language)(
            services.match_claim, match_id=socket.match_id, user=socket.scope["user"]
        )
    except services.Refused as error:
        await socket.refuse(str(error))


async def flag(socket, frame: Flag) -> None:
    """``{"t": "flag"}``: a page saw the running clock reach zero; the server's clock decides."""
    await database_sync_to_async(services.clock_flag)(match_id=socket.match_id)


async def sync(socket, frame: Sync) -> None:
    """``{"t": "sync", "ply": n, "status": s}``: the page, quiet for a while, says which
    position it shows; a missed notice is made good with the board, else nothing is sent."""
    position = await database_sync_to_async(_position)(socket.match_id)
    if (frame.ply, frame.status) != position:
        await send_board(socket)


async def catch_up(socket) -> None:
    """After a refused move: the board, only when the match is not at the position this
    socket last sent (a notice lost on its way left the page behind)."""
    position = await database_sync_to_async(_position)(socket.match_id)
    if position is not None and position != socket.showing:
        await send_board(socket)


async def match_updated(socket, event: MatchUpdated) -> None:
    """A new position: the fragment its audience shares (or only what changed in the move
    list, for a page that shows the ply before), rendered here only when nobody had."""
    if event["ply"] < socket.shown_ply:
        return  # a notice overtaken by a newer one (they are sent without waiting)
    ply, status = event["ply"], event["status"]
    if event.get("looked") and (ply, status) == socket.showing:
        return  # the watcher's look at a position this page shows (games/watcher.py)
    key = fragments.key(
        socket.match_id, socket.invite, ply, status, socket.seat, language=socket.language
    )
    if key is not None and socket.sent is not None and key[:5] == socket.sent[:5]:
        return  # this connection already shows that position
    if socket.seat is not None and not await still_holds(socket):
        await socket.end(REOPEN)  # a seat's view goes only to who still holds the seat
        return
    html = None
    if socket.sent is not None and socket.sent[2] == ply - 1 and socket.sent[3] == "active":
        # The page shows the ply before: only what changed in the move list goes out.
        update_key = fragments.key(
            socket.match_id, socket.invite, ply, status, socket.seat, ply - 1, socket.language
        )
        html = await fragments.aget(update_key)
    if html is None:
        html = await fragments.aget(key)
    if html is None:
        await send_board(socket, ply)
        return
    socket.sent, socket.shown_ply, socket.showing = key, ply, (ply, status)
    await socket.send(text_data=html)


PART = SocketPart(
    frames={Move: move, Claim: claim, Flag: flag, Sync: sync},
    notices={MATCH_UPDATED: match_updated},
)
