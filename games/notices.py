"""Emails to correspondence players: it is your turn, and your time is running out.

Only correspondence matches send email (a real-time player is at the board); only to
registered players who gave an address and did not opt out; at most one reminder per
match and player a day, marked on the seat under its match's row lock so two workers
never both send it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from accounts.models import User
from games.clocks import DAY_MS
from games.models import Match
from games.registry import get_engine

REMIND_BEFORE_MS = 12 * 3_600_000  # remind when less than this is left of a turn


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
    if user and user.email and user.email_notices and not user.is_guest and not user.is_bot:
        return user
    return None


def _send(match: Match, user: User, subject: str, text: str) -> None:
    url = settings.SITE_URL.rstrip("/") + match.get_absolute_url()
    body = (
        f"{text}\n\n{url}\n\nYou get these emails for correspondence matches; "
        "turn them off on your profile page."
    )
    send_mail(subject, body, None, [user.email])


def your_turn(match: Match) -> None:
    """Emails the player to move in a correspondence match that it is their turn."""
    if match.control.kind != "days" or match.status != Match.Status.ACTIVE:
        return
    user = _recipient(_mover_seat(match))
    if user is not None:
        days = match.control.days
        _send(
            match,
            user,
            f"Your turn in {match.game_name} #{match.public_id}",
            f"It is your turn in {match.game_name} ({match.player_names}). "
            f"You have {days} day{'s' if days > 1 else ''} for it.",
        )


def send_reminders(now: int) -> int:
    """Reminds correspondence players whose turn ends within 12 hours; returns how many."""
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
            seat.reminded = now
            seat.save(update_fields=["reminded"])
            hours = max(1, (match.deadline - now) // 3_600_000)
            _send(
                match,
                user,
                f"Time is running out in {match.game_name} #{match.public_id}",
                f"You have about {hours} hour{'s' if hours > 1 else ''} left for your move "
                f"in {match.game_name} ({match.player_names}).",
            )
            sent += 1
    return sent
