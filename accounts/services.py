"""Creating accounts: guests get a real user row so seats, history and profiles treat them alike."""

import secrets

from django.db import transaction

from accounts.models import User


class NameTaken(ValueError):
    """A nickname that would pass for someone else; the message is written for the guest."""


def live_guest_names():
    """Nicknames of guests seated in a match that is not over (their names are in use)."""
    return User.objects.filter(is_guest=True, seats__match__status__in=("waiting", "active"))


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
    user = User(username=f"guest-{secrets.token_hex(5)}", nickname=nickname, is_guest=True)
    user.set_unusable_password()
    user.save()
    return user
