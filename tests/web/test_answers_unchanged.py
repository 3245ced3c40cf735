"""What users see of fixed matches stays byte for byte the same while the code beneath moves:
records, the API's lines for every seat and spectators, the move list in both languages and
the replay's fragments, compared with answers kept in ``tests/web/golden/`` (written by the
code before the match log replaced four replays of the move log).

A change meant to alter these answers rewrites the files: ``GOLDEN_WRITE=1 pytest
tests/web/test_answers_unchanged.py``, and the diff shows what users will see differently.
"""

import datetime
import json
import os
import random
from pathlib import Path

import pytest
from django.utils import translation

from accounts.models import User
from api import selectors as api
from games import services
from games.live.rendering import seat_rows
from games.models import Match
from games.records import export_record
from games.registry import GAMES, get_engine
from games.store import movelog
from tests.engines.harness import choose_move
from tooling.matches import reseed

GOLDEN = Path(__file__).parent / "golden"
NOW = 1_800_000_000_000
CREATED = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
# The replay's header shows the day the match finished: the day the answers were written.
FINISHED = datetime.datetime(2026, 11, 27, 12, 0, tzinfo=datetime.UTC)
PLIES = 30
# Left out: what another change may set on purpose (whether a match is rated).
VOLATILE = {"rated"}


def _plain(data):
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items() if k not in VOLATILE}
    if isinstance(data, list | tuple):
        return [_plain(v) for v in data]
    return data


def _move_list(match: Match) -> dict:
    view = get_engine(match.game).view(get_engine(match.game).from_json(match.state), None)
    words = {}
    for language in ("en", "de"):
        with translation.override(language):
            seats = seat_rows(match, view, turns=True, winners=[])
            words[language] = [
                [r["number"], r["name"], r["text"], r["first"], r["last"], r["separator"]]
                for r in movelog.rows(match, seats)
            ]
    return words


def _api(match: Match) -> dict:
    lines = {}
    for seat in (None, *range(match.players)):
        lines[str(seat)] = api.game_full(match, seat, now=NOW)
        if seat is not None:
            lines[f"event {seat}"] = api.game_event(
                match, match.seat_list()[seat].user, "gameStart"
            )
    return lines


def _answers(client, slug: str) -> dict:
    engine = get_engine(slug)
    users = [User.objects.create(username=f"gold-{i}") for i in range(2)]
    match = services.match_create(game=slug, creator=users[0], seat=0)
    services.match_join(match_id=match.pk, user=users[1])
    reseed(match, 4242)
    Match.objects.filter(pk=match.pk).update(
        public_id=f"golden{list(GAMES).index(slug)}x", created_at=CREATED
    )
    rng = random.Random(7)
    answers: dict = {}
    for _ in range(PLIES):
        match = Match.objects.with_players().get(pk=match.pk)
        state = engine.from_json(match.state)
        if not engine.to_move(state):
            break
        seat = engine.to_move(state)[0]
        move = choose_move(engine, state, seat, rng)
        services.move_play(match_id=match.pk, user=users[seat], ply=match.ply, move=move)
    match = Match.objects.with_players().get(pk=match.pk)
    answers["running"] = {"api": _api(match), "moves": _move_list(match)}
    if match.status == Match.Status.ACTIVE:
        services.match_resign(match_id=match.pk, user=users[engine.to_move(state)[0]])
    Match.objects.filter(pk=match.pk).update(finished_at=FINISHED)
    match = Match.objects.with_players().get(pk=match.pk)
    replays = {}
    for ply in sorted({0, match.ply // 2, match.ply}):
        page = client.get(f"/m/{match.public_id}/replay/?ply={ply}", headers={"HX-Request": "true"})
        assert page.status_code == 200
        replays[str(ply)] = page.content.decode()
    answers["finished"] = {
        "api": _api(match),
        "moves": _move_list(match),
        "record": export_record(match),
        "replays": replays,
    }
    return _plain(answers)


@pytest.mark.parametrize("slug", list(GAMES))
def test_records_api_lines_move_lists_and_replays_read_as_before(client, db, slug):
    answers = json.loads(json.dumps(_answers(client, slug)))
    kept = GOLDEN / f"{slug}.json"
    if os.environ.get("GOLDEN_WRITE"):
        kept.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
    expected = json.loads(kept.read_text())
    for part in ("running", "finished"):
        for what in expected[part]:
            assert answers[part][what] == expected[part][what], (slug, part, what)
