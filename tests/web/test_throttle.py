"""config.throttle's ``Limit`` on its own, with its clock moved by the test: events count per
key and per window, the allowed number passes and the next is refused, and a new window
starts from nothing (the pages' and the API's limits are all ``Limit``s)."""

import time
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends import base as cache_base
from django.core.cache.backends import locmem

from config import throttle
from config.throttle import Limit

LOCMEM = "django.core.cache.backends.locmem.LocMemCache"


@pytest.fixture
def limit():
    cache.clear()
    made = Limit("test", lambda: 3, lambda: 60)
    made.clock = lambda: 6000.0  # the start of a window
    return made


def test_the_allowed_number_passes_and_the_next_is_refused(limit):
    assert [limit.take("a") for _ in range(4)] == [True, True, True, False]
    assert limit.count("a") == 4 and limit.exceeded("a")
    assert limit.count("b") == 0 and not limit.exceeded("b") and limit.take("b")


def test_exceeded_is_reached_at_the_allowed_number(limit):
    for _ in range(2):
        limit.hit("a")
    assert not limit.exceeded("a")
    assert limit.hit("a") == 3 and limit.exceeded("a")


def test_a_new_window_starts_from_nothing(limit):
    for _ in range(4):
        limit.take("a")
    limit.clock = lambda: 6059.9  # the same window's last moment
    assert not limit.take("a")
    limit.clock = lambda: 6060.0
    assert limit.count("a") == 0 and limit.take("a")


def test_limits_of_other_names_count_apart(limit):
    other = Limit("other", lambda: 1, lambda: 60)
    other.clock = limit.clock
    for _ in range(4):
        limit.take("a")
    assert other.take("a") and not other.take("a")


def test_the_limits_read_their_settings_when_asked(settings):
    settings.IMPORTS_PER_HOUR = 7
    assert throttle.IMPORTS.allowed() == 7 and throttle.IMPORTS.window() == 3600
    settings.LOGIN_WINDOW = 123
    assert throttle.LOGIN_FAILURES.window() == 123
    # The limits above are made at import; one made now reads its setting the same way.
    made = Limit("made-now", throttle._setting("IMPORTS_PER_HOUR"), lambda: 3600)
    settings.IMPORTS_PER_HOUR = 2
    assert [made.take("a") for _ in range(3)] == [True, True, False]


def test_a_limit_counts_by_the_wall_clock_unless_told_otherwise():
    cache.clear()
    made = Limit("wall", lambda: 1, lambda: 60)
    assert made.take("a") and not made.take("a")


def test_a_count_that_expires_between_its_add_and_its_increment_starts_again(limit, monkeypatch):
    limit.hit("a")

    def expired(key, *args, **kwargs):
        cache.delete(key)
        raise ValueError(key)

    monkeypatch.setattr(cache, "incr", expired)
    assert limit.hit("a") == 1
    assert limit.count("a") == 1
    if settings.CACHES["default"]["BACKEND"] == LOCMEM:  # the count begun again expires too
        moved = SimpleNamespace(time=lambda: time.time() + 62)
        monkeypatch.setattr(cache_base, "time", moved)
        monkeypatch.setattr(locmem, "time", moved)
        assert limit.count("a") == 0


def test_a_one_second_window_still_counts():
    """A count lives in the cache a second beyond its window: a timeout a second short of
    it would keep nothing of a one-second window (Django's timeout 0 stores nothing)."""
    cache.clear()
    made = Limit("second", lambda: 1, lambda: 1)
    made.clock = lambda: 6000.0
    assert made.take("a") and not made.take("a")


@pytest.mark.skipif(
    settings.CACHES["default"]["BACKEND"] != LOCMEM, reason="moves the in-memory cache's clock"
)
def test_a_count_lasts_its_whole_window_in_the_cache_and_then_goes(monkeypatch):
    """The cache's own expiry, on its clock moved: an hour's count outlives the cache's
    default timeout (300 s), which would let a new hour's worth in after five minutes, and
    is gone a second after its window, so the cache keeps no count for ever."""
    cache.clear()
    made = Limit("hour", lambda: 1, lambda: 3600)
    made.clock = lambda: 7200.0  # the limit's window stays the same one throughout
    assert made.take("a")
    for later, counted in ((301, 1), (3602, 0)):
        moved = SimpleNamespace(time=lambda later=later: time.time() + later)
        monkeypatch.setattr(cache_base, "time", moved)
        monkeypatch.setattr(locmem, "time", moved)
        assert made.count("a") == counted, later
