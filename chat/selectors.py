"""Reading the chat: who reads which room, its lines for one reader (their mutes left out)."""

from __future__ import annotations

from django.utils.crypto import salted_hmac

from chat.models import ChatLine, ChatMute
from games.models import Match

#: Lines a page shows of a room (its newest).
SHOWN_LINES = 100


def readable_rooms(match: Match, user, *, opened: bool = True) -> list[str]:
    """The rooms ``user`` reads in ``match``: a seated person the players' room, and the
    spectators' one only when ``opened``; everyone else the spectators' room."""
    if match.seat_of(user) is None:
        return [ChatLine.Room.SPECTATOR]
    if opened:
        return [ChatLine.Room.PLAYER, ChatLine.Room.SPECTATOR]
    return [ChatLine.Room.PLAYER]


def author_alias(match_id: int, user_id: int | None) -> str:
    """How a match's pages name a chat author for muting and for hiding their lines: the
    same within the match, unrelated across matches, and no user id (ids count the sign-ups,
    and the order they came in)."""
    if user_id is None:
        return ""
    return salted_hmac("chat.author", f"{match_id}.{user_id}").hexdigest()[:16]


def muted_ids(user) -> set[int]:
    if user is None or not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(owner=user).values_list("muted_id", flat=True))


def is_muted(owner_id: int | None, author_id: int | None) -> bool:
    if owner_id is None or author_id is None:
        return False
    return ChatMute.objects.filter(owner_id=owner_id, muted_id=author_id).exists()


def room_lines(match_id: int, room: str, user=None, limit: int = SHOWN_LINES) -> list[dict]:
    """The newest ``limit`` lines of ``room``, oldest first, without those of authors
    ``user`` muted, as dicts (chat/rendering.py)."""
    query = ChatLine.objects.filter(match_id=match_id, room=room)
    muted = muted_ids(user)
    if muted:
        query = query.exclude(author_id__in=muted)
    rows = list(query.order_by("-id")[:limit])
    return [line_data(line) for line in reversed(rows)]


def newest_id(match_id: int, rooms: list[str]) -> int:
    """The id of the newest line in ``rooms`` (0: none)."""
    last = ChatLine.objects.filter(match_id=match_id, room__in=rooms).order_by("-id").first()
    return last.pk if last is not None else 0


def line_data(line: ChatLine) -> dict:
    """What a line is outside the database: the push notice and each page's rendering."""
    return {
        "id": line.pk,
        "room": line.room,
        "author_id": line.author_id,
        "alias": author_alias(line.match_id, line.author_id),
        "author": line.author_name,
        "text": line.text,
    }


def muted_users(user, match_id: int) -> list[dict]:
    """Whom ``user`` muted, for the Unmute list on ``match_id``'s page: ``{"alias", "name"}``."""
    if user is None or not user.is_authenticated:
        return []
    mutes = ChatMute.objects.filter(owner=user).select_related("muted").order_by("created")
    return [
        {"alias": author_alias(match_id, m.muted_id), "name": m.muted.display_name} for m in mutes
    ]
