"""A challenge: who asks whom to play which game on which terms, and how it ended.

Times are the server's clock (``games.services.server_now``, milliseconds since the epoch)
turned into datetimes, so the services take ``now`` and tests pass their own.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_noop

from games.clocks import TimeControl
from games.models import PUBLIC_ID_LENGTH, new_public_id
from games.registry import get_game

#: The computer levels a challenge's terms name, translated where shown.
FILL_LEVELS = (gettext_noop("easy"), gettext_noop("medium"), gettext_noop("hard"))

#: lichess's decline reasons (key: the words the challenger reads, marked for translation:
#: pages show them in the viewer's language, the API in English).
DECLINE_REASONS = {
    "generic": gettext_noop("I'm not accepting challenges at the moment."),
    "later": gettext_noop("This is not the right time for me, please ask again later."),
    "tooFast": gettext_noop(
        "This time control is too fast for me, please challenge again with a slower game."
    ),
    "tooSlow": gettext_noop(
        "This time control is too slow for me, please challenge again with a faster game."
    ),
    "timeControl": gettext_noop("I'm not accepting challenges with this time control."),
    "rated": gettext_noop("Please send me a rated challenge instead."),
    "casual": gettext_noop("Please send me a casual challenge instead."),
    "variant": gettext_noop("I'm not willing to play this game right now."),
    "noBot": gettext_noop("I'm not accepting challenges from programs."),
    "onlyBot": gettext_noop("I'm only accepting challenges from programs."),
}

#: The same reasons as the decline form's short choices (a whole reason is cut off in a
#: select on a phone); the challenger reads the reason itself.
DECLINE_CHOICES = {
    "generic": gettext_noop("Not now"),
    "later": gettext_noop("Ask again later"),
    "tooFast": gettext_noop("Too fast for me"),
    "tooSlow": gettext_noop("Too slow for me"),
    "timeControl": gettext_noop("Not this time control"),
    "rated": gettext_noop("Rated only"),
    "casual": gettext_noop("Casual only"),
    "variant": gettext_noop("Not this game now"),
    "noBot": gettext_noop("No programs"),
    "onlyBot": gettext_noop("Programs only"),
}


class Challenge(models.Model):
    class Status(models.TextChoices):
        CREATED = "created", gettext_noop("Waiting for an answer")
        ACCEPTED = "accepted", gettext_noop("Accepted")
        DECLINED = "declined", gettext_noop("Declined")
        CANCELED = "canceled", gettext_noop("Canceled")
        EXPIRED = "expired", gettext_noop("Expired")

    # Its name outside (URLs, API, streams), random like a match's.
    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id, editable=False
    )
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    game = models.CharField(max_length=40)
    # The public setup options only (docs/rules.md §7), as match_create takes them.
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField(default=2)
    # The challenger's seat (None: drawn when accepted); the challenged takes another one.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The computer level of every seat beyond the two people (power companies, 3–4 players).
    fill_level = models.CharField(max_length=10, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    # Stored for the ratings to come; nothing reads it yet.
    rated = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED)
    decline_reason = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    # When a page of the challenger's last asked for its challenge bar (set when made): a
    # real-time challenge stops waiting once they have left (challenges.selectors).
    challenger_seen_at = models.DateTimeField(null=True, blank=True)
    match = models.ForeignKey(
        "games.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The side that did not act and has yet to see how it ended (the challenger of an
    # accepted or declined challenge, the challenged of a canceled one): their pages say so
    # (an accepted one opens the match) until they have seen it.
    unseen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["challenged", "status"]),
            models.Index(fields=["challenger", "status"]),
            models.Index(fields=["status", "expires_at"]),
        ]

    def __str__(self) -> str:
        return f"challenge {self.public_id}"

    def get_absolute_url(self) -> str:
        return reverse("challenges:detail", args=[self.public_id])

    @property
    def control(self) -> TimeControl:
        return TimeControl.from_json(self.time_control)

    @property
    def game_name(self) -> str:
        return get_game(self.game).name

    @property
    def decline_text(self) -> str:
        return DECLINE_REASONS.get(self.decline_reason, "")
