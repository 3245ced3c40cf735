"""One rating per player and game, and what each rated match changed (docs/rules.md §7.6).

``Rating`` is the player's current (μ, σ) in a game; ``RatingChange`` is one seat's before
and after in one match, at most one per match and player, so a match is never rated twice.
The changes in the order of the matches' ends are the whole history: ``recompute_ratings``
rebuilds every ``Rating`` from the finished rated matches and gets the same numbers.
"""

from django.conf import settings
from django.db import models

from games.models import Match
from ratings.scale import Shown, shown


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated matches played in this game
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game"),
        ]
        indexes = [models.Index(fields=["game", "-mu"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.shown}"

    @property
    def shown(self) -> Shown:
        return shown(self.mu, self.sigma)


class RatingChange(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(max_length=40)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()  # 1 = first; equal places tied
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    at = models.DateTimeField()  # the match's end

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_change_per_match"),
        ]
        indexes = [models.Index(fields=["user", "game", "at"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.match} {self.user} {self.delta:+d}"

    @property
    def before(self) -> Shown:
        return shown(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Shown:
        return shown(self.mu_after, self.sigma_after)

    @property
    def delta(self) -> int:
        """The change as shown: the rating after minus the rating before, both rounded."""
        return self.after.rating - self.before.rating
