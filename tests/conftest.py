"""Fixtures shared by the web tests: players and a Powerdrain match between them."""

import pytest
from django.conf import settings

# Background tasks run inline in tests (set before anything imports the task queue).
settings.HUEY["immediate"] = True

from accounts.models import User  # noqa: E402
from games import services  # noqa: E402

# Connections opened by worker threads (consumers, concurrent submissions) must not outlive a
# test, or PostgreSQL refuses to drop the test database at the end.
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0

# A fixed Powerdrain setup so tests know which plug comes next.
PD_OPTIONS = {
    "rows": [9, 7, 1, 5, 3],
    "cols": [1, 3, 7, 5, 9],
    "plugs": ["46", "82", "26", "66", "42", "44", "22", "24",
              "28", "86", "88", "64", "62", "68", "48", "84"],
}  # fmt: skip


@pytest.fixture
def alice(db):
    return User.objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def bob(db):
    return User.objects.create_user("bob", password="pw-bob-123")


@pytest.fixture
def carol(db):
    return User.objects.create_user("carol", password="pw-carol-123")


@pytest.fixture
def match(alice, bob):
    """A running Powerdrain match: alice is seat 0 (positive, to move), bob seat 1."""
    created = services.match_create(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0)
    return services.match_join(match_id=created.pk, user=bob)
