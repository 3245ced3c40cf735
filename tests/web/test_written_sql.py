"""The move service's written-out INSERT and UPDATE (games/store/written_sql.py) write the rows
Django's ``create`` and ``save(update_fields=…)`` write."""

import json

import pytest
from django.db import DatabaseError, IntegrityError
from django.utils import timezone

from games.models import Match, Move
from games.store import written_sql

pytestmark = pytest.mark.django_db


def row(model, pk) -> dict:
    return model.objects.filter(pk=pk).values().get()


def test_an_update_writes_what_the_orms_save_writes(match):
    twin = Match.objects.get(pk=match.pk)
    twin.pk, twin.public_id, twin.invite = None, "twin0001", "twin-invite"
    twin.save()
    fields = ["ply", "status", "result", "finished_at", "deadline", "clock_ms"]
    finished = timezone.now().replace(microsecond=123456)  # once: both rows get the same time
    for target, write in ((match, "orm"), (twin, "written")):
        target.ply, target.status, target.deadline = 7, Match.Status.FINISHED, None
        target.result = {"winners": [1], "reason": "cables", "score": [2, 5]}
        target.finished_at = finished
        target.clock_ms = [1000, 2000]
        if write == "orm":
            target.save(update_fields=fields)
        else:
            written_sql.update(target, fields)
    ours, theirs = row(Match, twin.pk), row(Match, match.pk)
    for name in ("id", "public_id", "invite", "created_at"):
        ours.pop(name), theirs.pop(name)
    assert ours == theirs


def test_state_written_as_its_text_reads_back_as_the_json_it_encodes(match):
    state = {"rows": [1, 2], "name": 'ä"b'}
    written_sql.update(match, ["ply"], state=json.dumps(state))
    assert Match.objects.get(pk=match.pk).state == state


def test_an_update_of_a_row_that_is_gone_raises_as_django_does(match):
    ghost = Match.objects.get(pk=match.pk)
    Match.objects.filter(pk=match.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        written_sql.update(ghost, ["ply"])


def test_an_insert_writes_what_create_writes_and_the_unique_ply_still_refuses(match):
    move = {"type": "place", "at": [0, 1], "note": "ü"}
    Move.objects.create(match=match, ply=0, seat=0, move=move, hint="h")
    written_sql.insert(Move(match=match, ply=1, seat=0, move=move, hint="h"))
    made, written = Move.objects.filter(match=match).order_by("ply").values()
    assert abs(written.pop("created_at") - made.pop("created_at")).total_seconds() < 5
    for name in ("id", "ply"):
        made.pop(name), written.pop(name)
    assert written == made
    with pytest.raises(IntegrityError):
        written_sql.insert(Move(match=match, ply=1, seat=1, move=move))
