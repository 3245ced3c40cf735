"""The analysis's row locks raced (tests/web/races.py: forced on PostgreSQL, taking turns on
SQLite): two workers on one analysis, two requests for one match, one user's two requests."""

from functools import partial

import pytest
from django.test import override_settings

from analysis import runner, services, tasks
from analysis.models import Analysis
from tests.analysis.support import finished_powerdrain
from tests.web.races import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_worker(monkeypatch):
    """The requests here queue no task (tasks run inline in tests): the racers are the workers."""
    monkeypatch.setattr(tasks, "queue_analysis", lambda analysis_id: False)


def test_two_workers_on_one_analysis_store_each_position_once(alice, bob):
    """``analysis_take``'s lock: one worker takes it, the other finds it taken; and
    ``analysis_store``'s lock with its position check."""
    match = finished_powerdrain(alice, bob)
    analysis = services.analysis_request(match_id=match.pk, user=alice)
    outcomes = race([partial(runner.run, analysis.pk), partial(runner.run, analysis.pk)])
    assert sorted(outcomes) == [False, True], outcomes
    stored = Analysis.objects.get(pk=analysis.pk)
    assert stored.status == "done" and stored.done == stored.total == match.ply + 1
    alone = stored.positions
    Analysis.objects.filter(pk=analysis.pk).update(positions=[], status="queued")
    assert runner.run(analysis.pk)
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


def test_two_workers_taking_one_analysis_at_once_one_gets_it(alice, bob):
    """``analysis_take``'s lock: the second worker does not spend the CPU at all."""
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    outcomes = race([partial(services.analysis_take, analysis_id=analysis.pk)] * 2)
    assert sorted(o is None for o in outcomes) == [False, True], outcomes


def test_two_workers_storing_one_position_at_once_store_it_once(alice, bob):
    """``analysis_store``'s lock: both read "0 stored" without it, and both append."""
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    services.analysis_take(analysis_id=analysis.pk)
    outcomes = race(
        [
            partial(services.analysis_store, analysis_id=analysis.pk, index=0, position={"n": n})
            for n in (1, 2)
        ]
    )
    assert sorted(outcomes) == [False, True], outcomes
    assert len(Analysis.objects.get(pk=analysis.pk).positions) == 1
