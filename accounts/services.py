"""Creating accounts: guests get a real user row so seats, history and profiles treat them alike."""

import hmac
import re
import secrets
import time

from django.core import signing
from django.db import transaction

from accounts.models import User

RUNNING = ("waiting", "active")


class NameTaken(ValueError):
    """A nickname that would pass for someone else; the message is written for the guest."""


class NotAllowed(ValueError):
    """A change this user may not make (e.g. a guest giving an email address)."""


def live_guest_names():
    """Nicknames of guests seated in a match that is not over (their names are in use)."""
    return User.objects.filter(is_guest=True, seats__match__status__in=RUNNING)


def running_match_count(user: User) -> int:
    """How many matches ``user`` sits in that are not over (what a guest would leave behind)."""
    return user.seats.filter(match__status__in=RUNNING).count()


@transaction.atomic
def guest_create(*, nickname: str) -> User:
    """Returns a new guest user called ``nickname`` with no usable password.

    A guest may not take a member's name, nor the name of a guest playing now; guests are
    shown as "name (guest)" everywhere, so "alice vs alice" cannot happen.
    """
    nickname = nickname.strip()
    if User.objects.filter(is_guest=False, username__iexact=nickname).exists():
        raise NameTaken("A member is called that; please pick another nickname.")
    if live_guest_names().filter(nickname__iexact=nickname).exists():
        raise NameTaken("A guest playing now is called that; please pick another nickname.")
    user = User(
        username=f"guest-{secrets.token_hex(5)}",
        nickname=nickname,
        is_guest=True,
        rejoin_token=secrets.token_urlsafe(32),
    )
    user.set_unusable_password()
    user.save()
    return user


def rejoin_key(user: User) -> str:
    """The secret part of a guest's rejoin link: their id (to find the row) and their token."""
    return f"{user.pk}-{user.rejoin_token}"


def guest_for_rejoin_key(key: str) -> User | None:
    """The guest whose rejoin link holds ``key``, or None.

    The token is compared in constant time, so timing tells nothing about how much of a
    guessed token was right (the id in front of it is no secret).
    """
    found = re.fullmatch(r"(\d{1,18})-(.+)", key)
    guest = found and User.objects.filter(pk=int(found[1]), is_guest=True).first()
    if not guest or not guest.rejoin_token:
        return None
    return guest if hmac.compare_digest(guest.rejoin_token.encode(), found[2].encode()) else None


@transaction.atomic
def guest_make_member(user: User, *, username: str, password: str, email: str = "") -> User:
    """Turns the guest ``user`` into a member: the same row, so every seat and result stays.

    The nickname goes (a member is shown by their username) and so does the rejoin token:
    the password replaces the link, which stops working. Matches under way show the new name
    from their next position on.
    """
    guest = User.objects.select_for_update().get(pk=user.pk)
    if not guest.is_guest:
        raise NotAllowed("This is already an account.")
    guest.username, guest.email = username, email
    guest.is_guest, guest.nickname, guest.rejoin_token = False, "", ""
    guest.set_password(password)
    guest.save()
    return guest


def email_settings_update(user: User, *, email: str, notices: bool) -> None:
    """Stores where ``user`` wants correspondence emails and whether at all (games.notices)."""
    if user.is_guest:
        raise NotAllowed("Guests cannot get emails; make an account first.")
    user.email, user.email_notices = email, notices
    user.save(update_fields=["email", "email_notices"])


# How long a link to verify an email address works.
VERIFY_SECONDS = 3 * 86_400
_VERIFY_SALT = "accounts.verify-email"


def verification_token(user: User) -> str:
    """The signed, timestamped secret of the link that proves ``user`` reads their address."""
    return signing.TimestampSigner(salt=_VERIFY_SALT).sign_object(
        {"user": user.pk, "email": user.email}
    )


def verify_email(token: str, *, now: float | None = None) -> User | None:
    """Marks the address in ``token`` as verified and returns its user; None when the token
    is forged, older than ``VERIFY_SECONDS`` at ``now`` (seconds since the epoch), or its
    user's address has changed since it was sent."""
    now = time.time() if now is None else now
    try:
        # TimestampSigner measures a token's age from time.time(): moved to ``now``.
        signed = signing.TimestampSigner(salt=_VERIFY_SALT).unsign_object(
            token, max_age=VERIFY_SECONDS + time.time() - now
        )
        user_id, email = int(signed["user"]), str(signed["email"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_guest=False).first()
        if user is None or not email or user.email != email:
            return None
        if user.verified_email != email:
            user.verified_email = email
            user.save(update_fields=["verified_email"])
    return user
