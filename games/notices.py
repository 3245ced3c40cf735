"""Emails to correspondence players: it is your turn, and your time is running out.

Only correspondence matches send email (a real-time player is at the board); only to
registered players whose address is verified (accounts.services.verify_email) and who did
not opt out. A turn email goes out at most once an hour per match and player, never while
that player has the match open (games.presence), and never for a reply that comes within a
minute of their own move (they are at the board); a reminder at most once a day. Each is
marked on the seat under its match's row lock, so two workers never both send it, and sent
after the commit: a slow mail server holds no lock. A send that fails takes its mark back
and raises, so the task (games.tasks) tries again.

Names in a mail are one line of plain text (``one_line``); nothing in a mail links anywhere
but to the match, at ``SITE_URL``.
"""

from __future__ import annotations

import logging
import unicodedata

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, ngettext

from accounts.models import User
from games import presence
from games.clocks import DAY_MS
from games.models import Match, Move, Seat
from games.registry import get_engine

log = logging.getLogger(__name__)

REMIND_BEFORE_MS = 12 * 3_600_000  # remind when less than this is left of a turn
TURN_MAIL_EVERY_MS = 3_600_000  # at most one turn email per match and player in this time
AT_THE_BOARD_MS = 60_000  # a player who moved this recently is at the board
NAME_CHARS = 60


def one_line(text: str, limit: int = NAME_CHARS) -> str:
    """``text`` (a player's name) as one line of plain text: control and format characters
    (line breaks too) become spaces, every run of white space one space, at most ``limit``
    characters."""
    text = "".join(" " if unicodedata.category(c)[0] == "C" else c for c in text)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _player_names(match: Match) -> str:
    return " vs ".join(one_line(seat.display_name) for seat in match.seat_list())


def correspondence(match: Match) -> bool:
    """Whether ``match`` is a running correspondence match (the only ones that send email)."""
    return match.control.kind == "days" and match.status == Match.Status.ACTIVE


def _mover_seat(match: Match):
    engine = get_engine(match.game)
    movers = engine.to_move(engine.from_json(match.state))
    for seat in match.seat_list():
        if seat.index in movers:
            return seat
    return None


def _recipient(seat) -> User | None:
    """The seat's player if they take these emails, read afresh: ``seat_list`` keeps the users
    as they were when the match started, and an address or the opt-out may have changed since."""
    user = User.objects.filter(pk=seat.user_id).first() if seat is not None else None
    if user and user.email_verified and user.email_notices and not user.is_guest:
        return None if user.is_bot else user
    return None


def _at_the_board(match: Match, seat: Seat, now: int) -> bool:
    """Whether ``seat``'s player has the match open, or moved in it within the last minute."""
    if seat.index in presence.seats_here(match.pk):
        return True
    moves = Move.objects.filter(match=match, seat=seat.index).order_by("-ply")
    last = moves.values_list("created_at", flat=True).first()
    return last is not None and now - last.timestamp() * 1000 < AT_THE_BOARD_MS


def _body(match: Match, text: str) -> str:
    url = settings.SITE_URL.rstrip("/") + match.get_absolute_url()
    return f"{text}\n\n{url}\n\n" + gettext(
        "You get these emails for correspondence matches; turn them off on your profile page."
    )


def _send_marked(seat_id: int, field: str, before, now: int, subject, body, to) -> None:
    """Sends a mail whose sending is marked ``now`` in the seat's ``field``; if the mail server
    refuses it, the mark goes back to ``before`` (unless another send took it since)."""
    try:
        send_mail(subject, body, None, [to])
    except Exception:
        Seat.objects.filter(pk=seat_id, **{field: now}).update(**{field: before})
        raise


def your_turn(match_id: int, ply: int, now: int) -> bool:
    """Emails the player to move in correspondence match ``match_id`` at ``ply`` that it is
    their turn, unless one of the rules above says not to; whether it did. ``now`` is the
    server's time in ms. Raises what the mail server raised."""
    with transaction.atomic():
        match = Match.objects.select_for_update().with_players().filter(pk=match_id).first()
        if match is None or match.ply != ply or not correspondence(match):
            return False  # over, or moved on: the newer position sends its own
        seat = _mover_seat(match)
        user = _recipient(seat)
        if user is None or (seat.mailed is not None and now - seat.mailed < TURN_MAIL_EVERY_MS):
            return False
        if _at_the_board(match, seat, now):
            return False
        before, seat.mailed = seat.mailed, now
        seat.save(update_fields=["mailed"])
        days = match.control.days
        with translation.override(user.language or settings.LANGUAGE_CODE):
            words = {"game": match.game_name, "id": match.public_id}
            subject = gettext("Your turn in %(game)s #%(id)s") % words
            body = _body(
                match,
                gettext("It is your turn in %(game)s (%(players)s).")
                % {"game": match.game_name, "players": _player_names(match)}
                + " "
                + ngettext(
                    "You have %(count)d day for it.", "You have %(count)d days for it.", days
                )
                % {"count": days},
            )
    _send_marked(seat.pk, "mailed", before, now, subject, body, user.email)
    return True


def send_reminders(now: int) -> int:
    """Reminds correspondence players whose turn ends within 12 hours; returns how many.
    A reminder the mail server refused is tried again by the next sweep."""
    sent = 0
    due = Match.objects.filter(
        status=Match.Status.ACTIVE,
        time_control__kind="days",
        deadline__gt=now,
        deadline__lte=now + REMIND_BEFORE_MS,
    ).values_list("pk", flat=True)
    for match_id in due:
        with transaction.atomic():
            match = Match.objects.select_for_update().with_players().get(pk=match_id)
            seat = _mover_seat(match)
            user = _recipient(seat)
            if user is None or (seat.reminded and now - seat.reminded < DAY_MS):
                continue
            before, seat.reminded = seat.reminded, now
            seat.save(update_fields=["reminded"])
            hours = max(1, (match.deadline - now) // 3_600_000)
            with translation.override(user.language or settings.LANGUAGE_CODE):
                words = {"game": match.game_name, "id": match.public_id}
                subject = gettext("Time is running out in %(game)s #%(id)s") % words
                body = _body(
                    match,
                    ngettext(
                        "You have about %(count)d hour left for your move in %(game)s "
                        "(%(players)s).",
                        "You have about %(count)d hours left for your move in %(game)s "
                        "(%(players)s).",
                        hours,
                    )
                    % {"count": hours, "game": match.game_name, "players": _player_names(match)},
                )
        try:
            _send_marked(seat.pk, "reminded", before, now, subject, body, user.email)
        except Exception:
            log.exception("Reminder for match %s not sent; the next sweep tries again", match_id)
            continue
        sent += 1
    return sent
