"""The chat's HTML, rendered for one reader: its lines escaped (plain text, links stay text),
a Mute button on spectators' lines for a reader who is logged in, and the htmx out-of-band
wrappers a socket sends (a new line appended, a whole room, the Unmute list)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.html import format_html

from chat import selectors
from chat.models import MAX_LINE, ChatLine
from games.models import Match


def line_html(line: dict, viewer_id: int | None) -> str:
    return render_to_string("chat/_line.html", {"line": line, "viewer_id": viewer_id})


def pushed_line_html(line: dict, viewer_id: int | None) -> str:
    """A new line, appended to its room's list on the page."""
    return format_html(
        '<ol id="chat-lines-{}" hx-swap-oob="beforeend">{}</ol>',
        line["room"],
        line_html(line, viewer_id),
    )


def room_html(match_id: int, room: str, user) -> str:
    """The room's newest lines for ``user``, replacing the room's list on the page."""
    viewer_id = user.pk if user is not None and user.is_authenticated else None
    lines = selectors.room_lines(match_id, room, user)
    return render_to_string(
        "chat/_lines.html", {"room": room, "lines": lines, "viewer_id": viewer_id, "oob": True}
    )


def muted_html(user, match_id: int) -> str:
    muted = selectors.muted_users(user, match_id)
    return render_to_string("chat/_muted.html", {"muted": muted, "oob": True})


def panel(match: Match, user) -> dict:
    """The match page's chat (templates/chat/_panel.html): the rooms this reader reads, the
    spectators' room only named for a player until they open it (its lines come over the
    socket then), and whether they may write."""
    viewer_id = user.pk if user is not None and user.is_authenticated else None
    seated = match.seat_of(user) is not None
    first = ChatLine.Room.PLAYER if seated else ChatLine.Room.SPECTATOR
    rooms = [
        {
            "name": room,
            "shown": room == first,
            "lines": selectors.room_lines(match.pk, room, user) if room == first else [],
        }
        for room in selectors.readable_rooms(match, user)
    ]
    return {
        "seated": seated,
        "can_write": viewer_id is not None and not getattr(user, "bot_level", ""),
        "rooms": rooms,
        "viewer_id": viewer_id,
        "muted": selectors.muted_users(user, match.pk),
        "last_id": selectors.newest_id(match.pk, [first]),
        "max_line": MAX_LINE,
    }


def replay_rooms(match: Match, user) -> list[dict]:
    """What the replay shows of the chat: the spectators' room to everyone, the players'
    room to the match's players only (as it was during the match)."""
    rooms = selectors.readable_rooms(match, user)
    return [
        {"name": room, "lines": selectors.room_lines(match.pk, room, user, limit=1000)}
        for room in rooms
    ]


def match_page(request, match: Match) -> dict:
    """The match page's chat (games.features ``page_context``)."""
    return {"chat": panel(match, request.user)}


def replay_page(request, match: Match) -> dict:
    """The replay page's chat (games.features ``page_context``)."""
    return {"chat_rooms": replay_rooms(match, request.user)}
