"""API tokens and the open API streams (docs/api.md).

A token is stored as its SHA-256 only: the plain token is shown once, when it is made, and a
leaked database gives nobody a way in. ``OpenStream`` rows count the open NDJSON streams per
token and per address for the caps; like ``games.models.Presence`` they are renewed by the
process that holds the stream and expire when it dies.
"""

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    # sha256 of the token, hex: what a request's Bearer token is looked up by.
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.user} token {self.name!r}"


class OpenStream(models.Model):
    """One open API stream (the event stream or a game stream)."""

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="streams")
    channel_name = models.CharField(max_length=200, unique=True)
    address = models.CharField(max_length=64, db_index=True)
    server = models.CharField(max_length=32, db_index=True)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"stream {self.channel_name}"
