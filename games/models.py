"""A match is its setup (game, seed, options, seats) plus its ordered moves.

``state`` caches the engine state after the last move so a move costs one apply,
not a replay; it is rewritten in the same transaction as the move it follows,
and can always be rebuilt from the setup and the moves (``selectors.state_at``).
"""

import secrets

from django.conf import settings
from django.db import models


def new_invite() -> str:
    return secrets.token_urlsafe(9)


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        ACTIVE = "active", "Playing"
        FINISHED = "finished", "Finished"

    game = models.CharField(max_length=40, db_index=True)
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    ply = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    result = models.JSONField(null=True, blank=True)
    invite = models.CharField(max_length=20, unique=True, default=new_invite)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def game_name(self) -> str:
        from games.registry import get_engine

        return get_engine(self.game).name

    @property
    def player_names(self) -> str:
        return " vs ".join(s.user.display_name if s.user else "…" for s in self.seats.all())

    def seat_of(self, user) -> int | None:
        """Returns the seat ``user`` holds here, or None for a spectator."""
        if not user or not user.is_authenticated:
            return None
        for seat in self.seats.all():
            if seat.user_id == user.pk:
                return seat.index
        return None


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["match", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}"


class Move(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ply"]
        constraints = [
            # The last line of defence against a double submission recording two moves.
            models.UniqueConstraint(fields=["match", "ply"], name="one_move_per_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.match} ply {self.ply}"
