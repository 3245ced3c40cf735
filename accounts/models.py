"""A user is either registered (password) or a guest (nickname only, this browser's session)."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext, gettext_noop

#: A computer player's level as its name says it (the New match form's words).
COMPUTER_LEVELS = {
    "easy": gettext_noop("Easy"),
    "medium": gettext_noop("Medium"),
    "hard": gettext_noop("Hard"),
}


class User(AbstractUser):
    is_guest = models.BooleanField(default=False)
    nickname = models.CharField(max_length=30, blank=True)
    # A computer player ("easy", "medium" or "hard"); empty for people.
    bot_level = models.CharField(max_length=10, blank=True)
    # Correspondence players are emailed when it becomes their turn, unless they opt out.
    email_notices = models.BooleanField(default=True)
    # Others may challenge this member by name (challenges/); members can turn it off.
    accept_challenges = models.BooleanField(default=True)
    # The address whose verification link (accounts.services.verify_email) was followed:
    # mail goes to ``email`` only while the two are the same, so a new address gets none
    # until its owner proves it is theirs.
    verified_email = models.EmailField(max_length=254, blank=True)
    # A program's account (docs/api.md, POST /api/bot/account/upgrade): it plays through the
    # API and is marked as a program wherever its name shows.
    is_program = models.BooleanField(default=False)
    # Whether everyone may read this program's move hints on its finished matches' replays
    # and records; its owner always may (games.models.Match.hint_seats).
    public_hints = models.BooleanField(default=False)
    # A guest's secret for their rejoin link (accounts.services.rejoin_key): a guest has no
    # password, so this is how they get back to their seats from another browser. Empty
    # for members.
    rejoin_token = models.CharField(max_length=64, blank=True)
    # The language the site speaks to them ("en", "de": settings.LANGUAGES), chosen with the
    # header's switch; empty: their browser's (config.language).
    language = models.CharField(max_length=8, blank=True)

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def email_verified(self) -> bool:
        return bool(self.email) and self.email == self.verified_email

    @property
    def display_name(self) -> str:
        """A guest's nickname is marked, so it can never pass for a member's name; so is a
        program's name, so nobody takes it for a person's. The mark is in the language active
        where the name is shown (the API's is English)."""
        if self.is_guest:
            return gettext("%(name)s (guest)") % {"name": self.nickname}
        if self.bot_level:
            return self._computer_name()
        name = self.nickname or self.username
        return gettext("%(name)s (BOT)") % {"name": name} if self.is_program else name

    def _computer_name(self) -> str:
        """A computer player's name in the viewer's language, "Computer (Leicht) 2" for the
        second of a level (username ``computer-easy-2``), as the New match form names levels;
        the stored nickname keeps the English one."""
        level = gettext(COMPUTER_LEVELS.get(self.bot_level, self.bot_level))
        name = gettext("Computer (%(level)s)") % {"level": level}
        number = self.username.rsplit("-", 1)[-1]
        return f"{name} {number}" if number.isdigit() else name

    def __str__(self) -> str:
        return self.display_name
