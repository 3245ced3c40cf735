"""Asking for an analysis: who may, a live match refused, the limits, once per match, the
worker's queue found again after a restart, and what programs read."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from analysis import runner, services, tasks
from analysis.models import Analysis
from config.lanes import ANALYSIS
from games import services as match_services
from games.errors import Refused
from tests.analysis.support import analyse_all, analysed, finished_powerdrain
from tests.conftest import every_seat_moves
from tests.web.test_api_export import records

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch) -> list[str]:
    """The slices handed to the analysis lane's queue, kept there (the tests run tasks inline
    otherwise)."""
    found = []
    monkeypatch.setattr(ANALYSIS, "enqueue", lambda task: found.append(task.name))
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
    assert queued == ["analyse", "analyse"]  # a slice for each of the lane's two workers
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


def test_a_second_worker_takes_the_next_slice_and_a_position_is_stored_once(alice, bob):
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    now = timezone.now()
    with override_settings(ANALYSIS_SLICE_POSITIONS=2):
        one = services.slice_take(token="one", now=now)
        two = services.slice_take(token="two", now=now)
        assert services.slice_take(token="three", now=now) is None  # all four held
    assert (one.start, one.end, two.start, two.end) == (0, 2, 2, 4)
    assert services.analysis_store(analysis_id=analysis.pk, index=0, position={"x": 0}, token="one")
    # Not its slice, or stored already (a worker whose claim lapsed, still running): refused.
    assert not services.analysis_store(
        analysis_id=analysis.pk, index=1, position={"x": 1}, token="two"
    )
    assert not services.analysis_store(
        analysis_id=analysis.pk, index=0, position={"x": 1}, token="one"
    )
    assert Analysis.objects.get(pk=analysis.pk).positions == [{"x": 0}]


@override_settings(ANALYSIS_SLICE_POSITIONS=2)
def test_a_slice_lost_with_its_worker_is_done_again_after_its_lease(alice, bob, queued):
    """A worker stored position 0 of its slice and died: the sweep queues slices, the next
    worker does the rest but that slice's claim, and once its lease lapsed that too; the
    lost worker's late store is refused, and the result is one run's."""
    match = analysed(finished_powerdrain(alice, bob), alice)
    analysis = Analysis.objects.get(match=match)
    whole = analysis.positions
    Analysis.objects.filter(pk=analysis.pk).update(positions=[], status="queued")
    lost = services.slice_take(token="lost")
    ticks = iter([0.0, 10.0])  # its clock: after one position the slice's time is up
    runner.estimate_slice(lost, lambda: next(ticks))  # and it never releases its claim
    assert Analysis.objects.get(pk=analysis.pk).done == 1
    tasks.analysis_sweep.call_local()
    assert queued == ["analyse", "analyse"]
    assert analyse_all("next") == 1  # positions 2 and 3; 1 is held by the lost worker
    assert Analysis.objects.get(pk=analysis.pk).status == "running"
    claims = Analysis.objects.get(pk=analysis.pk).claims
    lapsed = [{**c, "until": c["until"] - settings.ANALYSIS_LOST_SECONDS - 1} for c in claims]
    Analysis.objects.filter(pk=analysis.pk).update(claims=lapsed)
    assert analyse_all("next") == 1
    assert not services.analysis_store(analysis_id=analysis.pk, index=1, position={}, token="lost")
    done = Analysis.objects.get(pk=analysis.pk)
    assert done.status == "done" and done.positions == whole and done.claims == []
    assert not services.under_way()


@override_settings(ANALYSIS_SLICE_POSITIONS=1, ANALYSES_AT_ONCE=5, NEW_MATCHES_PER_HOUR=1000)
def test_requesters_take_turns_so_a_long_match_does_not_hold_back_a_short_one(alice, bob):
    """Alice asked first for two matches, Bob then for one: the lane serves Alice, Bob,
    Alice, Bob, ... so Bob's is done after at most twice its positions' slices."""
    mine = [finished_powerdrain(alice, bob) for _ in range(2)]
    for match in mine:
        services.analysis_request(match_id=match.pk, user=alice)
    his = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=bob)
    served = []
    while (taken := runner.run("one")) is not None:
        served.append(taken.analysis.requested_by_id)
        if Analysis.objects.get(pk=his.pk).finished:
            break
    assert len(served) <= 2 * his.total, served
    assert served[:4] == [alice.pk, bob.pk, alice.pk, bob.pk], served


@override_settings(NEW_MATCHES_PER_HOUR=1000)
def test_the_page_says_how_many_analyses_wait_ahead(client, alice, bob):
    services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)
    match = finished_powerdrain(alice, bob)
    services.analysis_request(match_id=match.pk, user=bob)
    client.force_login(bob)
    page = client.get(f"/m/{match.public_id}/replay/").content.decode()
    assert "1 analysis waits ahead of this one" in page
    services.slice_take(token="one")  # the first
    services.slice_take(token="two")  # then this one: it runs, nobody ahead
    page = client.get(f"/m/{match.public_id}/replay/").content.decode()
    assert re.search(r'id="analysis-ahead"[^>]* hidden>', page)
    client.cookies["django_language"] = "de"
    services.analysis_request(match_id=(later := finished_powerdrain(alice, bob)).pk, user=alice)
    page = client.get(f"/m/{later.public_id}/replay/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Vor dieser warten noch 2 Analysen" in page


def test_a_failing_analysis_is_marked_failed(alice, bob, monkeypatch):
    analysis = services.analysis_request(match_id=finished_powerdrain(alice, bob).pk, user=alice)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(runner, "estimate", broken)
    tasks.analyse.call_local()
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
