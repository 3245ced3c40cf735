"""The background work's two lanes (docs/architecture.md, "Background work"): each a huey
instance with its own queue and its own consumer processes, so that heavy work in one never
delays the other.

- ``PLAY``: djhuey's own instance (settings.HUEY, ``manage.py run_huey``): what people wait
  on, a computer's turn, a flag, a deadline, a tournament's or the ladder's step, a mail.
- ``ANALYSIS``: settings.ANALYSIS_HUEY (``manage.py run_analysis``): analyses, slice by slice.
"""

from __future__ import annotations

from django.conf import settings
from huey.contrib.djhuey import HUEY as PLAY
from huey.utils import load_class


def build(config: dict):
    """A huey instance from a settings dict of djhuey's form (name, huey_class, connection,
    consumer: the consumer's options are read by its command, not here)."""
    options = {k: v for k, v in config.items() if k not in ("name", "huey_class", "connection")}
    options.pop("consumer", None)
    return load_class(config["huey_class"])(
        config["name"], **options, **config.get("connection", {})
    )


ANALYSIS = build(settings.ANALYSIS_HUEY)

__all__ = ["ANALYSIS", "PLAY", "build"]
