"""A tournament is its terms (game, options, format, time, who may join), its entries and
the pairings it made, each linking the match the games services created for it.

Every moment is in server milliseconds (``games.services.server_now``), as the clocks are,
so the services and the worker take an injected clock. A round and a table of a round are
unique, and so is a pairing's match: a step that two workers take at once writes once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.clocks import TimeControl
from games.models import Match, new_invite, new_public_id
from games.registry import get_game


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        ARENA = "arena", _("Arena")

    class Status(models.TextChoices):
        CREATED = "created", _("Upcoming")
        STARTED = "started", _("Running")
        FINISHED = "finished", _("Finished")

    public_id = models.CharField(max_length=8, unique=True, default=new_public_id, editable=False)
    name = models.CharField(max_length=60)
    game = models.CharField(max_length=40)
    # Public setup options only (docs/rules.md §7.1), as a match's.
    options = models.JSONField(default=dict, blank=True)
    # Players at each table: 2, or 3-4 for power companies.
    table_size = models.PositiveSmallIntegerField(default=2)
    format = models.CharField(max_length=12, choices=Format.choices)
    # Swiss: the rounds to play. Round robin: the rounds of its schedule, set at the start.
    rounds = models.PositiveSmallIntegerField(default=0)
    # Round robin: the matches of one encounter, seats swapped (2; the Software Challenge 6).
    encounter = models.PositiveSmallIntegerField(default=2)
    # Arena: how long it runs.
    minutes = models.PositiveIntegerField(default=0)
    time_control = models.JSONField(default=dict, blank=True)
    # Correspondence rounds: the next starts when this one has ended or after these days.
    round_days = models.PositiveSmallIntegerField(default=0)
    rated = models.BooleanField(default=True)
    # Private: not listed; joined through the invite link only.
    private = models.BooleanField(default=False)
    # Kept to one club's members (clubs/): only they may join.
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, null=True, blank=True, related_name="tournaments"
    )
    invite = models.CharField(max_length=20, unique=True, default=new_invite)
    max_players = models.PositiveIntegerField(default=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED)
    starts_at = models.BigIntegerField()
    # Arena: the end. Round robin and Swiss: when the last round ended.
    ends_at = models.BigIntegerField(null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    # The moment the worker next has something to do here (the start, a round's pause or
    # deadline, an Arena's end); None when only a match's end moves it on.
    next_step_at = models.BigIntegerField(null=True, blank=True, db_index=True)
    # Counts every change a viewer sees: pushes carry it, renders are cached by it.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]
        indexes = [models.Index(fields=["status", "private", "-starts_at"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.public_id])

    @property
    def control(self) -> TimeControl:
        return TimeControl.from_json(self.time_control)

    @property
    def game_name(self) -> str:
        return get_game(self.game).name

    @property
    def by_rounds(self) -> bool:
        return self.format != self.Format.ARENA


class Entry(models.Model):
    """One player in one tournament, from joining on: withdrawn entries stay (their results
    count) and are paired no more."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # Swiss: the first round this player is paired in (earlier ones are half-point byes).
    joined_round = models.PositiveSmallIntegerField(default=1)
    withdrawn = models.BooleanField(default=False)
    # Arena: not paired while paused.
    paused = models.BooleanField(default=False)
    # Matches lost by missing the first move (docs/rules.md §7.3); two withdraw from a Swiss.
    missed = models.PositiveSmallIntegerField(default=0)
    # Round robin: the place in the schedule, fixed at the start.
    seed = models.PositiveIntegerField(default=0)
    # Arena: since when this player waits for a match (None: playing, or not yet started).
    waiting_since = models.BigIntegerField(null=True, blank=True)
    joined_at = models.BigIntegerField()

    class Meta:
        ordering = ["seed", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} entry {self.user_id}"


class Round(models.Model):
    """A round of a round robin or a Swiss, made once (unique per tournament and number)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.BigIntegerField()
    # Correspondence: the next round starts at this moment if this one has not ended before.
    deadline = models.BigIntegerField(null=True, blank=True)
    ended_at = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Pairing(models.Model):
    """A table of a round (or of an Arena, ``round`` 0) and its match; a full-point bye is a
    pairing of one player without a match. ``places`` and ``forfeit`` are set once its match
    ended (per seat: 1 = first, ties share; forfeit: lost by a missed first move)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()  # 1-based; 0 in an Arena
    table = models.PositiveIntegerField()  # numbered within the round (an Arena: all along)
    # The players' user ids in seat order, the first mover first.
    seats = models.JSONField()
    match = models.OneToOneField(
        Match, on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_pairing"
    )
    places = models.JSONField(null=True, blank=True)
    forfeit = models.JSONField(default=list, blank=True)
    # The order in which pairings finished (Arena streaks read results in this order).
    finished_order = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.BigIntegerField()

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table"], name="one_pairing_per_table"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} table {self.table}"

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def finished(self) -> bool:
        return self.bye or self.places is not None
