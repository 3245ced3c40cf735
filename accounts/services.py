"""Creating accounts: guests get a real user row so seats, history and profiles treat them alike."""

import secrets

from accounts.models import User


def guest_create(*, nickname: str) -> User:
    """Returns a new guest user called ``nickname`` with no usable password."""
    user = User(username=f"guest-{secrets.token_hex(5)}", nickname=nickname.strip(), is_guest=True)
    user.set_unusable_password()
    user.save()
    return user
