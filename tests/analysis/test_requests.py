"""Asking for an analysis: who may, a live match refused, the limits, once per match, the
worker's queue found again after a restart, and what programs read."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone
from huey.contrib.djhuey import HUEY

from analysis import runner, services, tasks
from analysis.models import Analysis
from games import services as match_services
from games.errors import Refused
from tests.analysis.support import analysed, finished_powerdrain
from tests.conftest import every_seat_moves
from tests.web.test_api_export import records

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch) -> list[int]:
    """The analyses handed to the worker's queue (the tests run tasks inline otherwise)."""
    found = []
    real = HUEY.enqueue

    def enqueue(task):
        if task.name == "analyse":
            found.append(task.args[0])
            return None
        return real(task)

    monkeypatch.setattr(HUEY, "enqueue", enqueue)
    return found


def test_a_live_match_is_refused_and_nothing_is_queued(match, alice, queued):
    with pytest.raises(Refused, match="once it is over: not while it is played"):
        services.analysis_request(match_id=match.pk, user=alice)
    assert not Analysis.objects.exists() and not queued


def test_a_request_queues_the_worker_once_and_a_second_finds_the_first(
    alice, bob, carol, django_capture_on_commit_callbacks, queued
):
    match = finished_powerdrain(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        first = services.analysis_request(match_id=match.pk, user=alice)
        again = services.analysis_request(match_id=match.pk, user=carol)  # open: anyone
    assert again.pk == first.pk and Analysis.objects.count() == 1
    assert queued == [first.pk]
    assert first.iterations == 120  # a tenth of Powerdrain's 1200 here (tests/analysis/conftest.py)


def test_a_private_match_only_for_its_players_and_nobody_signed_out(alice, bob, carol):
    from django.contrib.auth.models import AnonymousUser

    created = match_services.match_create(game="powerdrain", creator=alice, seat=0, private=True)
    match = match_services.match_join(match_id=created.pk, user=bob, invite=created.invite)
    match = match_services.match_resign(match_id=every_seat_moves(match).pk, user=bob)
    for outsider in (carol, AnonymousUser()):
        with pytest.raises(Refused, match="Only the players of a private match"):
            services.analysis_request(match_id=match.pk, user=outsider)
    assert services.analysis_request(match_id=match.pk, user=bob).requested_by == bob


@override_settings(ANALYSES_AT_ONCE=1, NEW_MATCHES_PER_HOUR=1000)
def test_one_user_at_once(alice, bob):
    one, two = finished_powerdrain(alice, bob), finished_powerdrain(alice, bob)
    services.analysis_request(match_id=one.pk, user=alice)
    with pytest.raises(Refused, match="You have 1 analysis under way"):
        services.analysis_request(match_id=two.pk, user=alice)
    services.analysis_request(match_id=two.pk, user=bob)  # another user may
    Analysis.objects.filter(match=one).update(status="done")
    assert services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)


@override_settings(ANALYSES_PER_DAY=2, NEW_MATCHES_PER_HOUR=1000)
def test_one_user_in_a_day(alice, bob):
    now = timezone.now()
    for _ in range(2):
        made = services.analysis_request(
            match_id=finished_powerdrain(alice, bob).pk, user=alice, now=now
        )
        Analysis.objects.filter(pk=made.pk).update(status="done")
    with pytest.raises(Refused, match="2 analyses in a day"):
        services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice, now=now)
    Analysis.objects.update(created_at=now - timedelta(days=1, seconds=1))
    assert services.analysis_request(
        match_id=finished_powerdrain(alice, bob).pk, user=alice, now=now
    )


@override_settings(ANALYSIS_QUEUE=2, NEW_MATCHES_PER_HOUR=1000)
def test_in_total(alice, bob, carol):
    services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=bob)
    with pytest.raises(Refused, match="has 2 matches to analyse already"):
        services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=carol)


def test_the_button_posts_and_a_refusal_reads_on_the_replay(client, match, alice, bob):
    client.force_login(alice)
    live = client.post(f"/m/{match.public_id}/analyse/", follow=True)
    assert "not while it is played" in live.content.decode()
    done = finished_powerdrain(alice, bob)
    page = client.get(f"/m/{done.public_id}/replay/").content.decode()
    assert 'id="analyse"' in page
    page = client.post(f"/m/{done.public_id}/analyse/", follow=True).content.decode()
    assert 'id="analysis-progress"' in page and "0 of 4 positions" in page
    assert client.get(f"/m/{done.public_id}/analyse/").status_code == 405


def test_one_worker_takes_an_analysis_and_a_second_finds_it_taken(alice, bob):
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    now = timezone.now()
    assert services.analysis_take(analysis_id=analysis.pk, now=now)
    assert services.analysis_take(analysis_id=analysis.pk, now=now) is None
    assert services.analysis_store(analysis_id=analysis.pk, index=0, position={"x": 0})
    # A position stored twice (a worker the sweep took for lost, still running) is refused.
    assert not services.analysis_store(analysis_id=analysis.pk, index=0, position={"x": 1})
    assert Analysis.objects.get(pk=analysis.pk).positions == [{"x": 0}]


def test_a_worker_lost_midway_is_found_by_the_sweep_and_the_next_goes_on(alice, bob, queued):
    """A worker stopped after two positions: after ``ANALYSIS_LOST_SECONDS`` the sweep
    queues the analysis again, and the next worker stores the rest, the same as one run."""
    match = analysed(finished_powerdrain(alice, bob), alice)
    whole = Analysis.objects.get(match=match).positions
    past = timezone.now() - timedelta(minutes=10)
    Analysis.objects.filter(match=match).update(
        positions=whole[:2], status="running", touched_at=past
    )
    assert services.lost_analyses() == [Analysis.objects.get(match=match).pk]
    tasks.analyses_catch_up()
    tasks.analyses_catch_up()  # queued once, however often the sweep runs
    assert queued == [Analysis.objects.get(match=match).pk]
    assert runner.run(queued[0])
    assert Analysis.objects.get(match=match).positions == whole
    assert services.lost_analyses() == []


def test_a_failing_analysis_is_marked_failed(alice, bob, monkeypatch):
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(runner, "estimate", broken)
    tasks.analyse.call_local(analysis.pk)
    assert Analysis.objects.get(pk=analysis.pk).status == "failed"


def test_programs_read_the_progress_the_record_and_the_export(client, alice, bob):
    match = finished_powerdrain(alice, bob)
    assert client.get(f"/api/game/{match.public_id}/analysis").json() == {
        "status": "none",
        "done": 0,
        "total": 0,
    }
    record = client.get(f"/m/{match.public_id}/record.json").json()
    assert "analysis" not in record
    analysed(match, alice)
    progress = client.get(f"/api/game/{match.public_id}/analysis").json()
    assert progress["status"] == "done" and progress["done"] == progress["total"] == 4
    assert len(progress["analysis"]) == 3
    record = client.get(f"/m/{match.public_id}/record.json").json()
    assert record["analysis"] == progress["analysis"]
    assert records(client.get("/api/games/user/alice"))[0]["analysis"] == progress["analysis"]
    assert client.get("/api/game/nosuchid/analysis").status_code == 404
