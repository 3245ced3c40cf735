"""A club is its name, its leader, whether anyone may join or the leader accepts each
request, its members and its pending join requests (lichess's teams, docs/api.md "Clubs").

The club's ``slug`` is its id outside (pages, the API's ``teamId``), made from the name once.
A member and a request are unique per club and user, so a join sent twice writes once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse


class Club(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=60)
    description = models.TextField(max_length=1000, blank=True)
    # Open: joining makes a member at once. Closed: a request the leader accepts or declines.
    open = models.BooleanField(default=True)
    leader = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="clubs_led"
    )
    created_at = models.BigIntegerField()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", args=[self.slug])


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    joined_at = models.BigIntegerField()

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_member_per_user")]

    def __str__(self) -> str:
        return f"{self.club} member {self.user_id}"


class JoinRequest(models.Model):
    """A request to join a closed club, waiting for its leader."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_requests"
    )
    message = models.CharField(max_length=200, blank=True)
    created_at = models.BigIntegerField()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_request_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.club} request {self.user_id}"
