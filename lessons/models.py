"""A learner's progress through one game's lesson: the step they are at and its position,
and the stars of every step done. A member's and a guest's rows are theirs (``user``); a
visitor who has not picked a nickname yet is known by a token in their session."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Progress(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    visitor = models.CharField(max_length=32, blank=True, default="")
    game = models.CharField(max_length=40)
    step = models.PositiveSmallIntegerField(default=0)
    # The current step's position (the engine's to_json), None before its first move.
    position = models.JSONField(null=True, blank=True)
    replied = models.PositiveSmallIntegerField(default=0)  # scripted replies played so far
    moves = models.PositiveSmallIntegerField(default=0)  # the learner's moves in this try
    tries = models.PositiveSmallIntegerField(default=1)  # the current try of the step
    solved = models.BooleanField(default=False)  # the current step is done (position shows it)
    # Step key -> stars (3 at the first try, 2 at the second, else 1): the steps done.
    stars = models.JSONField(default=dict, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game"], condition=Q(user__isnull=False), name="lesson_per_user"
            ),
            models.UniqueConstraint(
                fields=["visitor", "game"], condition=~Q(visitor=""), name="lesson_per_visitor"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id or self.visitor} {self.game} step {self.step}"
