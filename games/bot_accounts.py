"""The table's computer players as accounts: one per level (and a second, third … of a level
for a match that seats several), found or made when a match seats them.

Below the services, which seat them; playing a computer's turn is a reaction
(games/computer.py).
"""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.models import User
from games.bots.levels import LEVELS
from games.errors import Refused

LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def bot_user(level: str, number: int = 1) -> User:
    """The computer player of ``level``; ``number`` > 1 for a second bot of that level in
    one match (a match seats an account once)."""
    if level not in LEVELS:
        raise Refused(
            gettext("The computer plays %(levels)s, not “%(level)s”.")
            % {"levels": ", ".join(LEVELS), "level": level}
        )
    suffix = "" if number == 1 else f"-{number}"
    name = f"Computer ({LEVEL_NAMES[level]}){'' if number == 1 else f' {number}'}"
    user, created = User.objects.get_or_create(
        username=f"computer-{level}{suffix}", defaults={"nickname": name, "bot_level": level}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def free_bot(level: str, taken: set[str]) -> User:
    """The first computer player of ``level`` whose username is not in ``taken`` (the
    accounts already seated in a match: a match seats an account once)."""
    number = 1
    while (bot := bot_user(level, number)).username in taken:
        number += 1
    return bot
