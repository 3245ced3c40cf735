"""The analysis's locks raced (tests/web/races.py: forced on PostgreSQL, taking turns on
SQLite): two workers splitting one analysis, two requests for one match, one user's two
requests, two users' requests against the total."""

import threading
from functools import partial

import pytest
from django.db import connection
from django.test import override_settings

from analysis import runner, services, tasks
from analysis.models import Analysis
from tests.analysis.support import analyse_all, finished_powerdrain
from tests.web.races import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_worker(monkeypatch):
    """The requests here queue no slice (tasks run inline in tests): the racers are the workers."""
    monkeypatch.setattr(tasks, "queue_slices", lambda: 0)


@override_settings(ANALYSIS_SLICE_POSITIONS=1)
def test_two_workers_split_one_matchs_positions_and_do_each_once(alice, bob, monkeypatch):
    """``slice_take``'s lock: two workers claim slices of one match at once, each position is
    estimated once (by one of them: on PostgreSQL both take part) and the result is one
    worker's alone."""
    match = finished_powerdrain(alice, bob)
    analysis = services.analysis_request(match_id=match.pk, user=alice)
    estimated = []
    real = runner.searched

    def counted(match, state, ply, index, *rest):
        estimated.append((threading.current_thread().name, index))
        return real(match, state, ply, index, *rest)

    monkeypatch.setattr(runner, "searched", counted)
    outcomes = race([partial(analyse_all, "one"), partial(analyse_all, "two")])
    assert all(isinstance(o, int) for o in outcomes), outcomes
    stored = Analysis.objects.get(pk=analysis.pk)
    assert stored.status == "done" and stored.done == stored.total == match.ply + 1
    indices = sorted(index for _, index in estimated)
    assert indices == list(range(match.ply)), estimated  # the last is the result: no search
    if connection.vendor == "postgresql":
        assert all(outcomes), outcomes  # both workers took slices
    alone = stored.positions
    Analysis.objects.filter(pk=analysis.pk).update(positions=[], status="queued", claims=[])
    analyse_all()
    assert Analysis.objects.get(pk=analysis.pk).positions == alone


def test_two_requests_for_one_match_make_one_analysis(alice, bob):
    """``analysis_request``'s match lock (and the unique match behind it)."""
    match = finished_powerdrain(alice, bob)
    outcomes = race(
        [partial(services.analysis_request, match_id=match.pk, user=u) for u in (alice, bob)]
    )
    assert all(isinstance(o, Analysis) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk and Analysis.objects.count() == 1


@override_settings(ANALYSES_AT_ONCE=1, NEW_MATCHES_PER_HOUR=1000)
def test_one_users_two_requests_at_once_count_one_after_the_other(alice, bob):
    """``_check_limits``' lock on the user's row."""
    one, two = finished_powerdrain(alice, bob), finished_powerdrain(alice, bob)
    outcomes = race(
        [partial(services.analysis_request, match_id=m.pk, user=alice) for m in (one, two)]
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Analysis", "Refused"], outcomes
    assert Analysis.objects.count() == 1


@override_settings(ANALYSIS_QUEUE=1, NEW_MATCHES_PER_HOUR=1000)
def test_two_users_requests_at_once_count_against_the_total_one_after_the_other(alice, bob):
    """``_check_limits``' queue lock: both would count 0 under way without it."""
    one, two = finished_powerdrain(alice, bob), finished_powerdrain(alice, bob)
    outcomes = race(
        [
            partial(services.analysis_request, match_id=m.pk, user=u)
            for m, u in ((one, alice), (two, bob))
        ]
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Analysis", "Refused"], outcomes
    assert Analysis.objects.count() == 1


def test_two_workers_taking_slices_at_once_take_different_ones(alice, bob):
    """``slice_take``'s row lock: without it both read the same free positions."""
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    with override_settings(ANALYSIS_SLICE_POSITIONS=2):
        outcomes = race([partial(services.slice_take, token=t) for t in ("one", "two")])
    assert sorted((o.start, o.end) for o in outcomes) == [(0, 2), (2, 4)], outcomes
    assert len(Analysis.objects.get(pk=analysis.pk).claims) == 2


def test_two_workers_storing_one_position_at_once_store_it_once(alice, bob):
    """``analysis_store``'s lock: both read "0 not stored" without it, and both store it."""
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    services.slice_take(token="one")
    outcomes = race(
        [
            partial(
                services.analysis_store,
                analysis_id=analysis.pk,
                index=0,
                position={"n": n},
                token="one",
            )
            for n in (1, 2)
        ]
    )
    assert sorted(outcomes) == [False, True], outcomes
    assert len(Analysis.objects.get(pk=analysis.pk).positions) == 1
