"""A move's hint (docs/api.md, Hints): stored with its ply and sent to nobody while the match
runs, since an opponent could read it. Twin matches, the same moves with and without
hints, give byte for byte the same game streams (to both seats and a spectator) and pages;
after the match the replay and the exported record show a program's hints to its owner,
and to everyone once the owner makes them public; the computer's are public. Everything
runs in this process: the streams on the in-memory layer, pages and the API through
Django's test client."""

from __future__ import annotations

import asyncio
import json
import re
from urllib.parse import quote

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client as DjangoClient
from django.utils import translation

from accounts.models import User
from api import streams
from api.tokens import token_create
from games import computer, services
from games.models import Match, Move
from games.registry import get_engine
from tests.web.support import play_a_move

HINT = "my <b>plan</b>: take the centre"
BOB_HINT = "bob thinks hard"


def _program(name: str):
    user = User.objects.create_user(name, password=f"pw-{name}-123456")
    user.is_program = True
    user.save(update_fields=["is_program"])
    token, plain = token_create(user, "test")
    return user, token, DjangoClient(HTTP_AUTHORIZATION=f"Bearer {plain}")


def _twins():
    """Two Hive matches of alice and bob with one setup, a spectator's token, API clients."""
    alice, alice_token, alice_api = _program("alice")
    bob, bob_token, bob_api = _program("bob")
    fan = User.objects.create_user("fan", password="pw-fan-123456")
    fan_token, _ = token_create(fan, "watching")
    twins = []
    for _ in range(2):
        match = services.match_create(game="hive", creator=alice, seat=0)
        twins.append(services.match_join(match_id=match.pk, user=bob).public_id)
    one = Match.objects.get(public_id=twins[0])
    Match.objects.filter(public_id=twins[1]).update(seed=one.seed, state=one.state)
    return {
        "ids": twins,
        "tokens": {"alice": alice_token, "bob": bob_token, "fan": fan_token},
        "api": {"alice": alice_api, "bob": bob_api},
    }


def _code(public_id: str, seat: int) -> str:
    """The first legal code of ``seat`` in the match now (the same in both twins)."""
    match = Match.objects.get(public_id=public_id)
    engine = get_engine("hive")
    state = engine.from_json(match.state)
    return engine.encode(state, next(iter(engine.legal_moves(state, seat))))


def _move(api, public_id: str, seat: int, hint: str | None):
    path = f"/api/bot/game/{public_id}/move/{_code(public_id, seat)}"
    answer = api.post(path, {"hint": hint} if hint is not None else {})
    assert answer.status_code == 200, answer.content


def _play(public_id: str, seat: int, hint: str | None):
    """The move service as the API calls it (the API's own path: the tests below)."""
    match = Match.objects.with_players().get(public_id=public_id)
    engine = get_engine("hive")
    move = engine.decode(engine.from_json(match.state), _code(public_id, seat))
    user = match.seat_list()[seat].user
    services.move_play(match_id=match.pk, user=user, ply=match.ply, move=move, hint=hint)


def _normal(text: bytes, public_id: str) -> bytes:
    """What differs between twins by nature: ids, invites, times, per-request tokens."""
    match = Match.objects.get(public_id=public_id)
    text = text.replace(public_id.encode(), b"ID").replace(match.invite.encode(), b"INVITE")
    text = re.sub(rb'(csrfmiddlewaretoken" value="|nonce=")[^"]*', rb"\1X", text)
    text = re.sub(rb'("X-CSRFToken": ")[^"]*', rb"\1X", text)
    return re.sub(rb"\b1\d{12}\b", b"TIME", text)  # milliseconds since the epoch


def _pages(public_id: str) -> dict[str, bytes]:
    """What a page shows of a running match: to its players, a member watching, anyone."""
    shown = {}
    for who in ("alice", "bob", "fan", None):
        browser = DjangoClient()
        if who:
            browser.force_login(User.objects.get(username=who))
        for path in ("/m/{}/", "/m/{}/replay/", "/m/{}/record.json"):
            answer = browser.get(path.format(public_id), follow=True)
            shown[f"{who} {path}"] = _normal(answer.content, public_id)
        shown[f"{who} api"] = _body(browser.get("/api/games/user/alice"))
    return shown


def _body(answer) -> bytes:
    """An answer's bytes, read whole even when it streams (the API's export)."""
    return b"".join(answer) if answer.streaming else answer.content


async def _line(stream) -> bytes:
    while (line := await asyncio.wait_for(stream.__anext__(), 10)) == b"\n":
        pass
    return line


@pytest.mark.django_db(transaction=True)
async def test_hints_reach_no_stream_and_no_page_while_the_match_runs():
    world = await database_sync_to_async(_twins)()
    ids, tokens = world["ids"], world["tokens"]
    seats = {"alice": 0, "bob": 1, "fan": None}
    layer = get_channel_layer()
    opened, seen = {}, {}
    try:
        for public_id in ids:
            for who, seat in seats.items():
                match = await database_sync_to_async(Match.objects.with_players().get)(
                    public_id=public_id
                )
                stream = streams.game_stream(
                    tokens[who], match, seat, "127.0.0.1", await layer.new_channel()
                )
                opened[public_id, who] = stream
                seen[public_id, who] = [await _line(stream)]  # gameFull
        for public_id, hinted in zip(ids, (True, False), strict=True):
            for seat, hint in ((0, HINT), (1, BOB_HINT)):
                await database_sync_to_async(_play)(public_id, seat, hint if hinted else None)
                for who in seats:  # each move's gameState, before the next move
                    seen[public_id, who].append(await _line(opened[public_id, who]))
    finally:
        for stream in opened.values():
            await stream.aclose()
    hinted, plain = ids
    stored = await database_sync_to_async(
        lambda: list(Move.objects.filter(match__public_id=hinted).values_list("hint", flat=True))
    )()
    assert stored == [HINT, BOB_HINT]
    for who in seats:
        one = [await database_sync_to_async(_normal)(x, hinted) for x in seen[hinted, who]]
        two = [await database_sync_to_async(_normal)(x, plain) for x in seen[plain, who]]
        assert one == two, who
        assert b"plan" not in b"".join(one)
    # Streams opened now (gameFull), and every page and record a running match has.
    for who, seat in seats.items():
        full = {}
        for public_id in ids:
            match = await database_sync_to_async(Match.objects.with_players().get)(
                public_id=public_id
            )
            stream = streams.game_stream(
                tokens[who], match, seat, "127.0.0.1", await layer.new_channel()
            )
            try:
                full[public_id] = await database_sync_to_async(_normal)(
                    await _line(stream), public_id
                )
            finally:
                await stream.aclose()
        assert full[hinted] == full[plain], who
    pages = {p: await database_sync_to_async(_pages)(p) for p in ids}
    for key, shown in pages[hinted].items():
        assert shown == pages[plain][key], key
        assert b"plan" not in shown and b"Hint" not in shown, key


def _finished_with_hints():
    world = _twins()
    public_id = world["ids"][0]
    _move(world["api"]["alice"], public_id, 0, HINT)
    _move(world["api"]["bob"], public_id, 1, BOB_HINT)
    assert world["api"]["alice"].post(f"/api/bot/game/{public_id}/resign").status_code == 200
    return world, public_id


def _replay(public_id: str, who: str | None) -> str:
    browser = DjangoClient()
    if who:
        browser.force_login(User.objects.get(username=who))
    return browser.get(f"/m/{public_id}/replay/").content.decode()


def _exported(api_or_browser, path: str) -> dict:
    answer = api_or_browser.get(path)
    assert answer.status_code == 200
    text = _body(answer).decode()  # the API's: a record a line; the download: one, indented
    record = json.loads(text.splitlines()[0] if path.startswith("/api/") else text)
    return {m["seat"]: m.get("hint") for m in record["moves"] if m["move"].get("type") != "leave"}


def test_after_the_match_each_owner_reads_its_hints_and_others_only_public_ones(db):
    world, public_id = _finished_with_hints()
    escaped = "my &lt;b&gt;plan&lt;/b&gt;: take the centre"
    mine = _replay(public_id, "alice")
    assert escaped in mine and BOB_HINT not in mine and "<b>plan" not in mine
    assert BOB_HINT in _replay(public_id, "bob") and escaped not in _replay(public_id, "bob")
    for who in ("fan", None):
        assert "plan" not in _replay(public_id, who) and BOB_HINT not in _replay(public_id, who)
    # The records: the API's export and the download, under the same rule.
    api = world["api"]
    assert _exported(api["alice"], "/api/games/user/alice") == {0: HINT, 1: None}
    assert _exported(api["bob"], "/api/games/user/alice") == {0: None, 1: BOB_HINT}
    assert _exported(DjangoClient(), "/api/games/user/alice") == {0: None, 1: None}
    browser = DjangoClient()
    browser.force_login(User.objects.get(username="alice"))
    assert _exported(browser, f"/m/{public_id}/record.json") == {0: HINT, 1: None}
    # alice makes her program's hints public on its profile: everyone reads them.
    page = browser.get("/accounts/u/alice/").content.decode()
    assert 'id="hints-setting"' in page and "hints on its finished matches" in page
    browser.post("/api/tokens/hints", {"public": "1"})
    assert User.objects.get(username="alice").public_hints
    for who in ("fan", None, "bob"):
        assert escaped in _replay(public_id, who), who
    assert _exported(DjangoClient(), f"/m/{public_id}/record.json") == {0: HINT, 1: None}
    assert _exported(api["bob"], "/api/games/user/alice") == {0: HINT, 1: BOB_HINT}
    browser.post("/api/tokens/hints", {})
    assert "plan" not in _replay(public_id, None)


def test_a_hint_is_cleaned_as_a_chat_line_and_a_long_one_is_refused_with_nothing_changed(db):
    world = _twins()
    public_id, api = world["ids"][0], world["api"]["alice"]
    code = _code(public_id, 0)
    too_long = api.post(f"/api/bot/game/{public_id}/move/{code}", {"hint": "x" * 301})
    assert too_long.status_code == 400
    assert too_long.json()["error"] == "A hint holds at most 300 characters; this one has 301."
    assert Match.objects.get(public_id=public_id).ply == 0 and not Move.objects.exists()
    # The query string carries it as well; marks and control characters go, spaces fold.
    messy = "  a\u202eb \u200f\n\tc\x00d  " + "y" * 294
    answer = api.post(f"/api/bot/game/{public_id}/move/{code}?hint={quote(messy)}")
    assert answer.status_code == 200, answer.content
    assert Move.objects.get().hint == "ab cd " + "y" * 294
    # Nothing left after cleaning: no hint.
    _move(world["api"]["bob"], public_id, 1, "\u202e\x01 ")
    assert Move.objects.get(ply=1).hint == ""


def test_the_computer_writes_its_estimate_as_a_public_hint(db):
    alice = User.objects.create_user("alice", password="pw-alice-123456")
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    if not Move.objects.filter(match=match).exists():
        assert computer.play_turn(match.pk, scale=0.2)
    hint = Move.objects.get(match=match, ply=0).hint
    assert re.fullmatch(r"win \d{1,3} % · [\d,]+ iterations?", hint), hint
    assert hint not in _pages_of_running(match.public_id)
    services.match_resign(match_id=match.pk, user=alice)
    assert hint in _replay(match.public_id, None)
    record = DjangoClient().get(f"/m/{match.public_id}/record.json").json()
    assert record["moves"][0]["hint"] == hint
    # A German replay says it in German; records and programs keep the English above.
    german = DjangoClient(HTTP_ACCEPT_LANGUAGE="de").get(f"/m/{match.public_id}/replay/")
    page = german.content.decode()
    assert hint not in page
    assert re.search(r"Gewinnchance \d{1,3} % · [\d.]+ Iteration(en)?", page), page


def test_the_computers_hint_reads_in_the_pages_language_and_a_programs_stays_as_written():
    with translation.override("de"):
        assert computer.hint_words("win 63 % · 4,210 iterations") == (
            "Gewinnchance 63 % · 4.210 Iterationen"
        )
        assert computer.hint_words("a move drawn at random · 1 iteration") == (
            "ein zufällig gezogener Zug · 1 Iteration"
        )
        assert computer.hint_words("win big · 3 iterations") == "win big · 3 iterations"
    with translation.override("en"):
        assert computer.hint_words("win 63 % · 4,210 iterations") == "win 63 % · 4,210 iterations"


def _pages_of_running(public_id: str) -> str:
    return DjangoClient().get(f"/m/{public_id}/").content.decode()


def test_the_model_shows_nobody_a_hint_while_the_match_runs(db):
    """``Match.hint_seats`` itself holds the rule (issue #53): the pages never ask while a
    match runs, so only the model's own guard keeps the computer's public estimate, and a
    player's own hints, from whoever would ask it next."""
    alice = User.objects.create_user("alice", password="pw-alice-123456")
    match = services.match_create(game="powerdrain", creator=alice, seat=1, bots={0: "easy"})
    if not Move.objects.filter(match=match).exists():
        assert computer.play_turn(match.pk, scale=0.2)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.ACTIVE and Move.objects.get(match=match, ply=0).hint
    assert match.hint_seats(alice) == set() and match.hints_for(alice) == {}
    assert match.hints_for(None) == {}
    play_a_move(match)  # alice's, without a hint
    services.match_resign(match_id=match.pk, user=alice)
    hint = Move.objects.get(ply=0).hint
    assert Match.objects.get(pk=match.pk).hints_for(None) == {0: hint}
    assert Match.objects.get(pk=match.pk).hints_for(alice) == {0: hint}  # hers have none
