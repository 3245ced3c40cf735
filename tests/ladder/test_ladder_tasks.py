"""The worker's ladder tick (ladder/tasks.py): one pending at a time however many workers
ask, a tick lost with its worker queued again, and a tick that runs a round of every ladder
with programs on it."""

from __future__ import annotations

import pytest
from huey.contrib.djhuey import HUEY

from ladder import tasks
from ladder.models import Entry, Round
from tests.ladder.test_ladder_services import on_ladder, program


def test_one_tick_is_pending_at_a_time_and_a_lost_one_is_queued_again(settings):
    settings.LADDER_ROUND_SECONDS = 10
    assert tasks.queue_tick(now=1000)
    assert not tasks.queue_tick(now=1001)  # a second worker's sweep: already pending
    assert not tasks.queue_tick(now=1000 + tasks.LOST_ROUNDS * 10 + 59)
    assert tasks.queue_tick(now=1000 + tasks.LOST_ROUNDS * 10 + 61)  # lost with its worker


@pytest.mark.django_db
def test_a_tick_runs_a_round_of_every_ladder_with_programs_and_queues_the_next(settings):
    on_ladder(program("ticked"), "hive")
    off = on_ladder(program("gone"), "triangulum")
    Entry.objects.filter(pk=off.pk).update(state=Entry.State.OFF)
    HUEY.put(tasks.PENDING, 0)
    tasks.tick.call_local()
    assert list(Round.objects.values_list("game", flat=True)) == ["hive"]
    assert HUEY.get(tasks.PENDING, peek=True) is not None  # the next one is queued
