"""The site with the API limits' clock stopped at ``LIMITS_CLOCK`` (seconds since the epoch),
as tests/api/test_limits.py serves it: the limits count requests per minute of their clock
(config/throttle.py), so with it stopped every request of a test falls in one minute however
long the test takes, and no test waits for a fresh one."""

import os

from config.asgi import application
from config.throttle import Limit

_AT = float(os.environ["LIMITS_CLOCK"])


def _stopped() -> float:
    return _AT


def _stop_api_limits() -> None:
    from api import views

    for limit in vars(views).values():
        if isinstance(limit, Limit):
            limit.clock = _stopped


_stop_api_limits()

__all__ = ["application"]
