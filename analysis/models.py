"""A match's computer analysis: one row per match (a match is analysed once), its progress
and, per position, what the Hard search said there (analysis/estimate.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Match


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    # One analysis per match: the unique key makes a second request find the first.
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="analysis")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    iterations = models.PositiveIntegerField()  # the search's budget per position
    total = (
        models.PositiveIntegerField()
    )  # positions to estimate (the plies, the last one's result)
    # Per position 0..total-1 (before ply n+1), the estimate (analysis.runner.position_entry);
    # None where no slice stored it yet (slices run side by side in several workers).
    positions = models.JSONField(default=list, blank=True)
    # The slices workers hold now: {"from": first, "to": past the last, "by": the worker's
    # token, "until": the lease's end in epoch seconds}; a lapsed one is free again.
    claims = models.JSONField(default=list, blank=True)
    # When a slice of it was last taken: the lane serves the requester served least recently.
    served_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # When a worker last took it or stored a position: a running analysis silent for
    # ``ANALYSIS_LOST_SECONDS`` lost its worker, and the sweep queues it again.
    touched_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id} ({self.status}, {self.done}/{self.total})"

    @property
    def done(self) -> int:
        return stored_count(self.positions)

    @property
    def finished(self) -> bool:
        return self.status == self.Status.DONE


def stored_count(positions: list) -> int:
    """The positions stored so far (the list has holes while slices run side by side)."""
    return sum(1 for p in positions if p is not None)
