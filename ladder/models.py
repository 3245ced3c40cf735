"""The ladder's own rows: who stands on which game's ladder (``Entry``), which matches the
ladder made (``LadderMatch``), and one ``Round`` row per game that a scheduling round locks,
so two workers scheduling at once make every match once.

The matches themselves are the games app's; the ladder only points at them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Match


class Entry(models.Model):
    """A program's place on one game's ladder, and why it is not playing when it is not."""

    class State(models.TextChoices):
        CHECKING = "checking", _("checking")  # playing its two check matches against Easy
        ON = "on", _("on the ladder")
        PAUSED = "paused", _("paused")  # taken off by the table: ``reason`` says why
        OFF = "off", _("off")  # left by its owner

    class Reason(models.TextChoices):
        NONE = "", ""
        FIRST_MOVE = "first-move", _("it did not make its first move in time")
        TIME = "time", _("it ran out of time")
        GONE = "gone", _("it left a match (its opponent claimed the win)")
        CHECK = "check", _("a check match did not end cleanly")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_entries"
    )
    game = models.CharField(max_length=40)
    state = models.CharField(max_length=10, choices=State.choices, default=State.CHECKING)
    reason = models.CharField(max_length=12, choices=Reason.choices, blank=True, default="")
    # The match that paused it (its public id), for the owner to look at.
    reason_match = models.CharField(max_length=16, blank=True, default="")
    # The name of the person behind the program, as its owner gave it (shown on the ladder
    # page; two programs of one owner name are never seated together).
    owner = models.CharField(max_length=30, blank=True, default="")
    joined_at = models.DateTimeField()
    changed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="ladder_one_entry")]

    def __str__(self) -> str:
        return f"{self.user} on the {self.game} ladder ({self.state})"


class LadderMatch(models.Model):
    """A match the ladder made: a check match of a joining program, or a ladder match.
    ``encounter``: the matches played by one table (the seats turned between them)."""

    class Kind(models.TextChoices):
        CHECK = "check", _("check match")
        LADDER = "ladder", _("ladder match")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="ladder")
    game = models.CharField(max_length=40)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    encounter = models.CharField(max_length=32, db_index=True)
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["game", "kind", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} match {self.match_id}"


class Round(models.Model):
    """One per game: a scheduling round holds this row's lock from counting what runs to
    creating the new matches."""

    game = models.CharField(max_length=40, unique=True)
    ran_at = models.DateTimeField(null=True, blank=True)
    # The last round's queue, for the ladder page: [{user id, state, why}] in seating order.
    queue = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"{self.game} ladder rounds"
