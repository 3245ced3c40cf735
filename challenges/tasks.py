"""The worker's sweep of challenges: those nobody answered in time expire (and the streams
hear of it). Accepting checks the time itself, so a late sweep never lets one through."""

from __future__ import annotations

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from challenges import services


@db_periodic_task(crontab(minute="*"))
def expire_challenges() -> None:
    services.challenges_expire()
