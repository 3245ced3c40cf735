"""What was said at a match's table: its lines, in two rooms, and who muted whom."""

from django.conf import settings
from django.db import models

from games.models import Match

#: The longest line, in characters (lichess's 140).
MAX_LINE = 140


class ChatLine(models.Model):
    class Room(models.TextChoices):
        # The match's players (the seated people); nobody else reads or writes it.
        PLAYER = "player", "Players"
        # Everyone watching; players see it only when they open it.
        SPECTATOR = "spectator", "Spectators"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_lines")
    room = models.CharField(max_length=10, choices=Room.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The name shown, as it was when the line was said (a guest may become a member later).
    author_name = models.CharField(max_length=80)
    text = models.CharField(max_length=MAX_LINE)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["match", "room", "id"], name="chat_line_room")]

    def __str__(self) -> str:
        return f"{self.match} {self.room}: {self.author_name}: {self.text}"


class ChatMute(models.Model):
    """``owner`` no longer reads ``muted``'s lines, in any match (a per-user mute, kept)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "muted"], name="one_mute_per_pair")]

    def __str__(self) -> str:
        return f"{self.owner_id} muted {self.muted_id}"
