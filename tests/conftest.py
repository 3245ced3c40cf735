"""Fixtures shared by the web tests: players and a Powerdrain match between them."""

import os

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from django.utils import translation
from huey.contrib.djhuey import HUEY
from hypothesis import settings as hypothesis_settings

from accounts.models import User
from config.lanes import ANALYSIS
from config.layers import redis_layer
from games import services
from games.models import Match
from games.registry import get_engine, get_game
from tooling.servers import redis_database, xdist_worker

# Background tasks of both lanes run inline in tests, in memory (the browser tests run real
# workers).
HUEY.immediate = True
ANALYSIS.immediate = True

# Under `pytest -n` (make test) every worker process keeps to a Redis database of its own on
# the scale path: two workers' matches and users share ids, so a shared database would mix
# their groups, rate limits and fragments (tooling.servers gives their servers theirs too).
WORKER = xdist_worker()
if WORKER is not None and os.environ.get("REDIS_URL"):
    WORKER_REDIS = redis_database(os.environ["REDIS_URL"], 4 + WORKER)
    settings.CHANNEL_LAYERS = {"default": redis_layer(WORKER_REDIS, settings.REDIS_PREFIX)}
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": WORKER_REDIS}}
    settings.FRAGMENT_REDIS_URL = WORKER_REDIS

# `make mutants` runs an area's tests once a mutant (tooling/mutants.py): an area whose
# properties would take most of its time loads this profile (``--hypothesis-profile=mutants``).
# A property asks for a multiple of the profile's examples, so it runs a tenth of them there,
# the same ones every run (one mutant's verdict does not hang on the draw), and keeps no
# database of failing examples (a mutant's would be replayed against the real code).
hypothesis_settings.register_profile("mutants", max_examples=10, derandomize=True, database=None)


def pytest_sessionstart(session):
    """A test process forked from another reads the parent's settings, the SQLite test
    database's name (the parent's pid) too: mutmut forks each mutant's tests so, and two at
    once shared one file, failing each other's tests (nearly every mutant "killed"). Each session
    names it by its own pid."""
    test = settings.DATABASES["default"].get("TEST", {})
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") and "NAME" in test:
        test["NAME"] = settings.VAR_DIR / f"test-{os.getpid()}.sqlite3"
    # The statements a process writes out once (games/store, games/positions) are written
    # anew too: a forked session used its parent's, so a mutant of their code never ran.
    from games import positions
    from games.store import seat_query, written_sql

    for written in (
        positions._row,
        seat_query._plan,
        written_sql._update_sql,
        written_sql._insert_sql,
    ):
        written.cache_clear()


# Passwords are hashed with MD5 in the test process: Django's PBKDF2 (a million rounds) took
# 0.3-0.6 s a user, most of a tournament test's time. The servers that the browser tests
# start hash as production does, and so do the users they make.
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Connections opened by worker threads (consumers, concurrent submissions) must not outlive a
# test, or PostgreSQL refuses to drop the test database at the end.
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0


@pytest.fixture(autouse=True, scope="session")
def static_urls_without_a_manifest():
    """Pages render ``{% static %}`` without collected files: with DEBUG off (the default)
    a server uses the manifest that ``collectstatic`` writes, which tests do not run."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        yield


# A fixed Powerdrain setup so tests know which plug comes next.
PD_OPTIONS = {
    "rows": [9, 7, 1, 5, 3],
    "cols": [1, 3, 7, 5, 9],
    "plugs": ["46", "82", "26", "66", "42", "44", "22", "24",
              "28", "86", "88", "64", "62", "68", "48", "84"],
}  # fmt: skip


@pytest.fixture(autouse=True)
def in_english():
    """Each test starts and ends in the default language: a page requested in German (the
    test client runs requests in the test's own thread) leaves German active there."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with no event counted (config.throttle keeps counts in the cache)."""
    cache.clear()


@pytest.fixture(autouse=True)
def empty_task_queue():
    """Each test starts with nothing scheduled and no computer turn marked queued
    (games.tasks), nor a slice in the analysis lane: ids of matches come round again from
    test to test."""
    HUEY.flush()
    ANALYSIS.flush()


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
def importer(client, carol):
    """The test client logged in as a member, who may import records (visitors and guests
    may not); ``client`` in the same test is this client too."""
    client.force_login(carol)
    return client


def create_rigged(*, game: str, options: dict, **kwargs) -> Match:
    """Creates a match whose hidden setup is fixed too, as only a test may: the lobby and
    ``match_create`` accept the public parts alone (docs/rules.md §7)."""
    public = get_game(game).public_options
    match = services.match_create(
        game=game, options={k: v for k, v in options.items() if k in public}, **kwargs
    )
    engine = get_engine(game)
    state = engine.setup(players=match.players, seed=match.seed, options=options)
    Match.objects.filter(pk=match.pk).update(options=options, state=engine.to_json(state))
    match.refresh_from_db()
    return match


@pytest.fixture
def match(alice, bob):
    """A running Powerdrain match: alice is seat 0 (positive, to move), bob seat 1."""
    created = create_rigged(game="powerdrain", creator=alice, options=PD_OPTIONS, seat=0)
    return services.match_join(match_id=created.pk, user=bob)


def every_seat_moves(match: Match) -> Match:
    """Each seat still in makes a move (the first legal one, as many plies as that takes), so
    that a leave after it ends the match with a result instead of aborting it (a match that
    ends before every player has moved is aborted, docs/rules.md §7.3)."""
    match = Match.objects.get(pk=match.pk)
    engine = get_engine(match.game)
    log = list(match.moves.values_list("seat", "move"))
    gone = {s for s, move in log if move.get("type") == "leave"}
    moved = {s for s, move in log if move.get("type") != "leave"} | gone
    while match.status == Match.Status.ACTIVE and len(moved) < match.players:
        state = engine.from_json(match.state)
        seat = engine.to_move(state)[0]
        move = next(iter(engine.legal_moves(state, seat)))
        user = match.seat_list()[seat].user
        match = services.move_play(match_id=match.pk, user=user, move=move, ply=match.ply)
        moved.add(seat)
    return match


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_makereport(item, call):
    """A falsified Hypothesis property keeps its name and its report: Hypothesis's plugin
    would write a patch adding the failing example, through a libcst transformer whose
    constructor reads every name ``dir()`` lists; Twisted (under Daphne and Channels)
    declares its ``BaseConnector(ABC)`` with zope.interface, which leaves on ``abc.ABC`` a
    ``__provides__`` that ``dir()`` lists but instances cannot read, so the constructor
    raised AttributeError inside pytest's report (INTERNALERROR, exit code 3). This hook
    runs inside Hypothesis's and takes its failing examples off the item before it writes
    the patch; the failure's text still shows the falsifying example. The fault is
    libcst's (its issue 1458: it reads every ``dir()`` name without a default); once its
    visitors skip a name they cannot read, this hook can go."""
    yield
    item.__dict__.pop("_hypothesis_failing_examples", None)
