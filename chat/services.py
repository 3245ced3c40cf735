"""The only writers of the chat: validate, write, then announce after commit (chat/events.py).

A line is plain text: control characters are removed, runs of white space become one space,
and it holds at most ``MAX_LINE`` characters. It is stored as said and escaped wherever it is
shown (chat/rendering.py); links stay text. Who may say what where:

- the players' room: the match's seated people (guests too), nobody else;
- the spectators' room: anyone logged in (members, guests, API programs);
- the table's own computer players say nothing.

Each user may say ``CHAT_LINES_PER_MINUTE`` lines a minute (``CHAT_LINES``, all sockets and
the API together); each socket has its own, shorter budget too (games/live/consumers.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from chat import events, selectors
from chat.models import MAX_LINE, ChatLine, ChatMute
from config.throttle import Limit
from games.errors import Refused
from games.models import Match
from games.plaintext import clean

CHAT_LINES = Limit("chat", lambda: settings.CHAT_LINES_PER_MINUTE, lambda: 60)
ROOMS = (ChatLine.Room.PLAYER, ChatLine.Room.SPECTATOR)


def clean_text(text) -> str:
    """``text`` as a line: control characters (and bidi overrides) out, white space runs one
    space, trimmed. Refused when nothing is left or it is longer than ``MAX_LINE``."""
    if not isinstance(text, str):
        raise Refused(_("Say something first."))
    line = clean(text)  # the same cleaning as a move's hint (games/plaintext.py)
    if not line:
        raise Refused(_("Say something first."))
    if len(line) > MAX_LINE:
        raise Refused(_("A line holds at most %(count)d characters.") % {"count": MAX_LINE})
    return line


def chat_say(*, match_id: int, user, room, text) -> ChatLine:
    """``user`` says ``text`` in ``room`` (``"player"`` or ``"spectator"``) of match
    ``match_id``; returns the stored line, announced after commit (``chat_line_said``)."""
    if room not in ROOMS:
        raise Refused(_("There is no such chat room."))
    if user is None or not user.is_authenticated:
        raise Refused(_("Log in or play as a guest to chat."))
    if user.bot_level:
        raise Refused(_("The table's computer players say nothing."))
    line = clean_text(text)
    match = Match.objects.with_players().filter(pk=match_id).first()
    if match is None:
        raise Refused(_("There is no such match."))
    if room == ChatLine.Room.PLAYER and match.seat_of(user) is None:
        raise Refused(_("Only the match's players talk in the players' room."))
    if not CHAT_LINES.take(f"user:{user.pk}"):
        raise Refused(_("Too many chat lines: wait a moment."))
    with transaction.atomic():
        said = ChatLine.objects.create(
            match=match, room=room, author=user, author_name=user.display_name, text=line
        )
        events.announce_on_commit(said)
    return said


def chat_mute(*, user, match_id: int, alias) -> User:
    """``user`` no longer reads the lines of the author ``alias`` names on ``match_id``'s
    page, in any match; returns who was muted."""
    muted = _other(user, match_id, alias)
    ChatMute.objects.get_or_create(owner=user, muted=muted)
    return muted


def chat_unmute(*, user, match_id: int, alias) -> User:
    """``user`` reads the lines of the author ``alias`` names on ``match_id``'s page again."""
    muted = _other(user, match_id, alias)
    ChatMute.objects.filter(owner=user, muted=muted).delete()
    return muted


def _other(user, match_id: int, alias) -> User:
    """The author ``alias`` names: one who wrote in the match, or one ``user`` muted (the
    Unmute list names them too)."""
    if user is None or not user.is_authenticated:
        raise Refused(_("Log in or play as a guest to mute someone."))
    authors = set(ChatLine.objects.filter(match_id=match_id).values_list("author_id", flat=True))
    authors |= selectors.muted_ids(user)
    found = [a for a in authors if a is not None and selectors.author_alias(match_id, a) == alias]
    if not found or found[0] == user.pk:
        raise Refused(_("There is nobody like that to mute."))
    return User.objects.get(pk=found[0])
