"""The API's own writes besides tokens: an account becomes a program's; a program's hints
become public or private."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from games.errors import Refused
from games.models import Seat


@transaction.atomic
def account_upgrade(user) -> None:
    """``user`` becomes a program's account (``POST /api/bot/account/upgrade``), marked as a
    program wherever its name shows. Only a member's account that has never held a seat:
    a person's results must not turn into a program's."""
    locked = get_user_model().objects.select_for_update().get(pk=user.pk)
    if locked.is_program:
        return
    if locked.is_guest or locked.bot_level:
        raise Refused("Only a member's account can become a program's.")
    if Seat.objects.filter(user=locked).exists():
        raise Refused(
            "This account has played matches: only an account that has played none can "
            "become a program's. Make a new account for your program."
        )
    locked.is_program = True
    locked.save(update_fields=["is_program"])
    user.is_program = True


def public_hints_update(user, *, public: bool) -> None:
    """Whether everyone may read ``user``'s move hints after its matches (docs/api.md,
    Hints); a program's owner chooses it on the profile's token section."""
    user.public_hints = bool(public)
    user.save(update_fields=["public_hints"])
