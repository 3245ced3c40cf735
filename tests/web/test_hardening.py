"""What an attacker tried (issue #16), each refused: rigged setups, option and request bombs,
frames that cost work or crash the handler, phantom viewers, joining without the invite,
sockets outliving a logout, borrowed names and unsafe defaults."""

import json
import os
import stat
import subprocess
import sys
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils import timezone

from accounts.models import User
from config.asgi import application
from config.throttle import LOGIN_FAILURES, MOVE_POSTS
from games import presence, services
from games.live.consumers import MatchConsumer
from games.models import Match, Move, Presence
from games.records import export_record
from tests.conftest import PD_OPTIONS
from tests.web.support import connect, connected, play_a_move, run_in_own_loop

POWERDRAIN_PUBLIC = {k: PD_OPTIONS[k] for k in ("rows", "cols")}


class Clock:
    """A clock that moves only when told to: rate limits without sleeping."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def create(client, **fields):
    return client.post("/matches/new/", {"game": "powerdrain", "seat": "0", **fields}, follow=True)


def finished_match(alice, bob) -> Match:
    """A Powerdrain match between alice and bob, played to the end."""
    match = services.match_create(game="powerdrain", creator=alice, seat=0)
    services.match_join(match_id=match.pk, user=bob)
    while match.status != Match.Status.FINISHED:
        match = play_a_move(match)
    return Match.objects.with_players().get(pk=match.pk)


# 1. Rigged hidden setups ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("powerdrain", {"plugs": PD_OPTIONS["plugs"]}),
        ("high-voltage-companies", {"cards": list(range(48))}),
        ("high-voltage-companies", {"companies": ["red", "yellow"]}),
    ],
)
def test_a_custom_setup_may_fix_only_what_everyone_sees(client, alice, game, options):
    client.force_login(alice)
    page = create(client, game=game, options_json=json.dumps(options)).content.decode()
    assert "only what everyone sees" in page
    assert not Match.objects.exists()
    with pytest.raises(services.Refused):
        services.match_create(game=game, creator=alice, options=options)


def test_every_custom_option_is_shown_to_the_invited_the_joiners_and_the_watchers(
    client, alice, carol
):
    client.force_login(alice)
    create(client, options_json=json.dumps(POWERDRAIN_PUBLIC), opt_draft="1")
    match = Match.objects.get()
    assert match.options == {**POWERDRAIN_PUBLIC, "draft": True}
    watcher = Client()
    watcher.force_login(carol)
    for page in (
        Client().get(f"/m/join/{match.invite}/"),  # invited, not logged in
        watcher.get(f"/m/join/{match.invite}/"),  # about to join
        watcher.get(f"/m/{match.public_id}/"),  # watching
    ):
        html = page.content.decode()
        assert "rows: [9, 7, 1, 5, 3]" in html and "cols: [1, 3, 7, 5, 9]" in html
        assert "draft: true" in html


def test_imports_still_accept_full_records_with_hidden_setups(client, importer, match, alice, bob):
    for ply, move in enumerate([[0, 0], [0, 1]]):
        services.move_play(
            match_id=match.pk, user=[alice, bob][ply], ply=ply, move={"type": "place", "at": move}
        )
    services.match_resign(match_id=match.pk, user=bob)
    record = export_record(Match.objects.with_players().get(pk=match.pk))
    assert record["options"]["plugs"] == PD_OPTIONS["plugs"]
    record["seats"] = ["ann", "ben"]
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 302
    assert Match.objects.get(imported=True).options == PD_OPTIONS


# 2. Option and request bombs ------------------------------------------------------------------


def test_swamps_are_bounded_in_number_not_only_in_the_cells_they_cover(client, importer, alice):
    """Swamps on one cell cover one cell however many there are: only their count bounds the
    list, in the service, the lobby (nine, far under its 4 KiB options cap) and imports."""
    bomb = {"swamps": [[5, 5, 1]] * 20_000}
    with pytest.raises(services.Refused, match="at most 8 swamps"):
        services.match_create(game="high-voltage", creator=alice, options=bomb)
    client.force_login(alice)
    nine = json.dumps({"swamps": [[5, 5, 1]] * 9})
    page = create(client, game="high-voltage", options_json=nine).content.decode()
    assert "at most 8 swamps" in page and not Match.objects.exists()
    record = {
        "format": "gametable-match/1",
        "game": "high-voltage",
        "seed": 1,
        "options": bomb,
        "seats": ["ann", "ben"],
        "moves": [],
        "result": {"reason": "resigned", "resigned": 0, "winners": [1], "scores": [0, 0]},
    }
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400 and "at most 8 swamps" in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "options",
    [
        {"draft": [[[1]]]},
        {"draft": 1},
        {"rows": [1.0, 3, 5, 7, 9]},
        {"rows": list(range(20_000))},
    ],
)
def test_each_option_is_checked_for_its_real_shape(alice, options):
    with pytest.raises(services.Refused, match="options do not work"):
        services.match_create(game="powerdrain", creator=alice, options=options)


def _post(body_chunks, length: int | None):
    """A POST to /m/import/ through the ASGI app; returns (status, chunks the app read)."""
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/x-www-form-urlencoded")]
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/m/import/",
        "raw_path": b"/m/import/",
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 80),
    }
    read, sent = [], []
    chunks = list(body_chunks)

    async def receive():
        if chunks:
            body = chunks.pop(0)
            read.append(body)
            return {"type": "http.request", "body": body, "more_body": bool(chunks)}
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    run_in_own_loop(application(scope, receive, send))
    return sent[0]["status"], read


@pytest.mark.django_db(transaction=True)
def test_request_bodies_over_the_cap_are_refused_before_they_are_read(settings):
    settings.MAX_REQUEST_BYTES = 1000
    status, read = _post([b"x" * 100] * 50, length=5000)
    assert status == 413 and read == []  # refused from its Content-Length, unread
    status, read = _post([b"x" * 100] * 50, length=None)
    assert status == 413 and len(read) == 11  # streamed without a length: stopped at the cap


# 3. A rate limit that saves work --------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_refused_frames_get_a_short_error_and_count_against_the_budget(
    match, carol, settings, monkeypatch
):
    clock = Clock()
    monkeypatch.setattr(MatchConsumer, "clock", staticmethod(clock))
    settings.FRAME_BURST, settings.FRAMES_PER_SECOND = 3, 1
    socket = await connected(match, carol)
    await socket.receive_from()
    for frame in ("x" * 5000, "{not json", "[1]"):  # oversized, malformed, not an object
        await socket.send_to(text_data=frame)
        reply = await socket.receive_from(timeout=3)
        assert len(reply) < 200 and 'id="frame-error"' in reply and "board" not in reply
    await socket.send_to(bytes_data=b"\x00")  # binary: over budget now
    assert "slow down" in await socket.receive_from(timeout=3)
    clock.now += 1  # one more frame's worth of budget
    await socket.send_to(text_data=json.dumps({"t": "sync", "ply": -1, "status": "active"}))
    assert 'id="board"' in await socket.receive_from(timeout=3)
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_sockets_are_capped_per_session_and_per_address(match, carol, settings):
    settings.SOCKETS_PER_SESSION, settings.SOCKETS_PER_ADDRESS = 2, 3
    cookie = await sync_to_async(_cookie)(carol)
    same_session = [await connect(match, cookie=cookie) for _ in range(3)]
    assert [accepted for _, accepted in same_session] == [True, True, False]
    third, accepted = await connect(match)  # anonymous, same address: the third socket
    assert accepted
    _, accepted = await connect(match)
    assert not accepted
    _, accepted = await connect(match, address="10.0.0.7")  # another address
    assert accepted
    for socket, accepted in [*same_session, (third, True)]:
        if accepted:
            await socket.disconnect()


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def test_the_http_move_fallback_is_throttled_too(client, match, alice, settings, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(MOVE_POSTS, "clock", clock)
    settings.MOVE_POSTS_PER_MINUTE = 2
    client.force_login(alice)
    url, hx = f"/m/{match.public_id}/move/", {"HX-Request": "true"}
    bad = {"move": json.dumps({"type": "place", "at": [9, 9]}), "ply": "0"}
    assert client.post(url, bad, headers=hx).status_code == 200
    assert client.post(url, bad, headers=hx).status_code == 200
    refused = client.post(url, {**bad, "move": '{"type":"place","at":[0,0]}'}, headers=hx)
    assert refused.status_code == 429 and "slow down" in refused.content.decode()
    assert not Move.objects.exists()
    clock.now += 60
    good = {"move": '{"type":"place","at":[0,0]}', "ply": "0"}
    assert client.post(url, good, headers=hx).status_code == 200
    assert Move.objects.count() == 1


# 4. Crashing frames and phantom viewers -------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ('{"t": "move", "ply": Infinity, "move": {"type": "place", "at": [0, 0]}}', "not a number"),
        ('{"t": "move", "ply": 1e400, "move": {"type": "place", "at": [0, 0]}}', "which position"),
        ('{"t": "move", "ply": 0.0, "move": {"type": "place", "at": [0, 0]}}', "which position"),
        ("[" * 2000 + "]" * 2000, "nested too deeply"),
        ('{"t": "move", "ply": 0, "move": "' + "[" * 1000 + '"}', "nested too deeply"),
    ],
)
async def test_frames_that_crashed_the_handler_are_refused_and_the_socket_lives(
    match, alice, frame, message
):
    socket = await connected(match, alice)
    await socket.receive_from()
    await socket.send_to(text_data=frame)
    assert message in await socket.receive_from(timeout=3)
    await socket.send_to(
        text_data=json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})
    )
    assert 'data-ply="1"' in await socket.receive_from(timeout=3)  # still open and playing
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_viewer_row_leaves_however_the_socket_ends(match):
    socket = await connected(match)
    await socket.receive_from()
    assert await sync_to_async(Presence.objects.count)() == 1
    socket.future.cancel()  # the handler task ends without a disconnect event (a crash)
    with pytest.raises(BaseException):  # noqa: B017 (cancelled or closed: either way it ended)
        await socket.receive_output(timeout=1)
    assert await sync_to_async(Presence.objects.count)() == 0


@pytest.mark.django_db(transaction=True)
async def test_one_session_is_one_viewer_and_stale_rows_do_not_count(client, match, carol):
    cookie = await sync_to_async(_cookie)(carol)
    sockets = [await connected(match, cookie=cookie) for _ in range(3)]
    left_over = await sync_to_async(Presence.objects.create)(
        match=match,
        channel_name="gone.process!abc",
        viewer="session:gone",
        address="10.0.0.1",
        server="an-earlier-process",
        seen_at=timezone.now() - timedelta(hours=1),
    )
    page = (await sync_to_async(client.get)("/watch/")).content.decode()
    assert '<td class="viewers hide-phone">1</td>' in page
    await sync_to_async(presence.renew)()  # what every process runs at start-up and after
    assert not await sync_to_async(Presence.objects.filter(pk=left_over.pk).exists)()
    assert await sync_to_async(Presence.objects.count)() == 3
    for socket in sockets:
        await socket.disconnect()


# 5. Private and open matches ------------------------------------------------------------------


def test_a_private_match_seats_only_through_its_invite_and_never_on_a_get(
    client, alice, bob, carol
):
    client.force_login(alice)
    create(client, private="1")
    match = Match.objects.get()
    assert match.private
    other = Client()
    other.force_login(carol)
    assert f"/m/{match.public_id}/" not in other.get("/").content.decode()  # not listed
    assert match.invite not in other.get(f"/m/{match.public_id}/").content.decode()  # nor shown
    assert other.post(f"/m/{match.public_id}/join/").status_code == 404
    with pytest.raises(services.Refused, match="private"):
        services.match_join(match_id=match.pk, user=carol)
    invited = Client()
    invited.force_login(bob)
    page = invited.get(f"/m/join/{match.invite}/")
    html = page.content.decode()
    assert page.status_code == 200 and "Powerdrain" in html and "alice" in html
    assert "Private" in html and 'id="time-control"' in html
    match.refresh_from_db()
    assert match.seat_of(bob) is None and match.status == Match.Status.WAITING
    assert invited.post(f"/m/join/{match.invite}/")["Location"] == f"/m/{match.public_id}/"
    match.refresh_from_db()
    assert match.seat_of(bob) == 1 and match.status == Match.Status.ACTIVE


def test_a_private_match_is_listed_nowhere_public_but_under_its_players_own(
    client, alice, bob, carol
):
    client.force_login(alice)
    create(client, private="1")
    match = Match.objects.get()
    services.match_join(match_id=match.pk, user=bob, invite=match.invite)
    other = Client()
    other.force_login(carol)
    link = f"/m/{match.public_id}/"
    for page in ("/", "/watch/"):
        assert link not in other.get(page).content.decode(), page
    assert link in client.get("/").content.decode()  # alice's own matches
    services.match_resign(match_id=match.pk, user=bob)
    assert link not in other.get("/history/").content.decode()
    assert other.get(link).status_code == 200  # its link still shows it


def test_an_open_match_is_listed_and_anyone_joins_by_a_post_from_its_page(client, alice, bob):
    client.force_login(alice)
    create(client, private="")
    match = Match.objects.get()
    joiner = Client()
    joiner.force_login(bob)
    assert f"/m/{match.public_id}/join/" in joiner.get("/").content.decode()
    page = joiner.get(f"/m/{match.public_id}/join/").content.decode()
    assert "Open" in page and "Take a seat" in page
    match.refresh_from_db()
    assert match.seat_of(bob) is None
    joiner.post(f"/m/{match.public_id}/join/")
    match.refresh_from_db()
    assert match.seat_of(bob) == 1


def test_an_invite_to_a_full_or_finished_match_says_so_before_asking_for_a_nickname(
    client, match, alice, bob
):
    page = client.get(f"/m/join/{match.invite}/").content.decode()
    assert "This match is full" in page and "nickname" not in page
    response = client.post(f"/m/join/{match.invite}/", {"nickname": "Eve"})
    assert not User.objects.filter(is_guest=True).exists()
    assert "This match is full" in response.content.decode()
    services.match_resign(match_id=match.pk, user=bob)
    page = client.get(f"/m/join/{match.invite}/").content.decode()
    assert "This match is over" in page and "nickname" not in page


# 6. Logout closes sockets ---------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_logging_out_closes_the_sockets_of_that_session(match, alice):
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()
    socket = await connected(match, cookie=cookie)
    await socket.receive_from()
    await sync_to_async(browser.post)("/accounts/logout/")
    closed = await socket.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": 4401}
    move = json.dumps({"t": "move", "move": {"type": "place", "at": [0, 0]}, "ply": 0})
    again, accepted = await connect(match, cookie=cookie)  # the old cookie: a spectator now
    assert accepted
    await again.receive_from()
    await again.send_to(text_data=move)
    assert "watching" in await again.receive_from(timeout=3)
    await again.disconnect()


# 7. Names and imports -------------------------------------------------------------------------


def test_a_guest_cannot_take_a_members_name_or_a_playing_guests(client, match, alice):
    for name in ("alice", "ALICE"):
        page = client.post("/accounts/guest/", {"nickname": name}).content.decode()
        assert "member is called that" in page
    assert client.post("/accounts/guest/", {"nickname": "Zoë"}).status_code == 302
    zoe = User.objects.get(is_guest=True)
    assert zoe.display_name == "Zoë (guest)"
    waiting = services.match_create(game="powerdrain", creator=alice)
    services.match_join(match_id=waiting.pk, user=zoe)
    page = Client().post("/accounts/guest/", {"nickname": "zoë"}).content.decode()
    assert "guest playing now" in page
    page = Client().post("/accounts/guest/", {"nickname": "alice (guest)"}).content.decode()
    assert "brackets" in page
    assert User.objects.filter(is_guest=True).count() == 1


def test_imported_records_are_marked_not_linked_and_recognised_the_second_time(
    client, importer, alice, bob
):
    played = finished_match(alice, bob)
    record = json.dumps(export_record(played))
    assert client.post("/m/import/", {"record": record, "listed": "on"}).status_code == 302
    imported = Match.objects.get(imported=True)
    assert all(seat.user_id is None for seat in imported.seats.all())
    history = client.get("/history/?player=alice&imported=1").content.decode()
    assert history.count("history-row") == 2 and history.count("imported-tag") == 1
    profile = client.get("/accounts/u/alice/").content.decode()
    assert f"/m/{played.public_id}/" in profile and f"/m/{imported.public_id}/" not in profile
    replay = client.get(f"/m/{imported.public_id}/replay/").content.decode()
    assert "imported-tag" in replay
    again = client.post("/m/import/", {"record": record})
    assert again.status_code == 400
    assert f"imported before, as match #{imported.public_id}" in again.content.decode()
    assert Match.objects.filter(imported=True).count() == 1


# 8. Defaults ----------------------------------------------------------------------------------


def _settings_in_a_fresh_process(tmp_path, **env) -> dict:
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps({'debug': settings.DEBUG, 'key': settings.SECRET_KEY, "
        "'hosts': settings.ALLOWED_HOSTS, "
        "'static': settings.STORAGES['staticfiles']['BACKEND'], "
        "'validators': [v['NAME'].rsplit('.', 1)[1] for v in settings.AUTH_PASSWORD_VALIDATORS]}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    clean.update(
        VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings", ALLOWED_HOSTS="", **env
    )
    if not env.get("ALLOWED_HOSTS"):
        clean.pop("ALLOWED_HOSTS")
    out = subprocess.run(
        [sys.executable, "-c", code], env=clean, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_defaults_are_safe_to_expose(tmp_path):
    first = _settings_in_a_fresh_process(tmp_path)
    assert first["debug"] is False
    assert "testserver" not in first["hosts"]
    assert first["static"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert "NumericPasswordValidator" in first["validators"]
    key_file = tmp_path / "secret_key"
    assert key_file.read_text() == first["key"] and len(first["key"]) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert _settings_in_a_fresh_process(tmp_path)["key"] == first["key"]  # kept, not renewed
    assert _settings_in_a_fresh_process(tmp_path, DEBUG="1")["debug"] is True


def _login(client, username: str, password: str, address: str):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_login_failures_for_one_name_are_throttled_from_any_address(client, alice, monkeypatch):
    """Each guess from its own address: only the count per name can refuse the sixth try."""
    clock = Clock()
    monkeypatch.setattr(LOGIN_FAILURES, "clock", clock)
    for i in range(5):
        assert _login(client, "alice", "guess", f"10.0.0.{i}").status_code == 200
    page = _login(client, "alice", "pw-alice-123", "10.0.0.9")
    assert page.status_code == 200 and "Too many failed attempts" in page.content.decode()
    clock.now += 301
    assert _login(client, "alice", "pw-alice-123", "10.0.0.9").status_code == 302


def test_login_failures_from_one_address_are_throttled_for_any_name(client, alice, monkeypatch):
    """Each guess at another name: only the count per address can refuse alice's right
    password from there, while she logs in from elsewhere."""
    clock = Clock()
    monkeypatch.setattr(LOGIN_FAILURES, "clock", clock)
    for i in range(5):
        assert _login(client, f"someone{i}", "guess", "10.0.1.1").status_code == 200
    page = _login(client, "alice", "pw-alice-123", "10.0.1.1")
    assert page.status_code == 200 and "Too many failed attempts" in page.content.decode()
    assert _login(client, "alice", "pw-alice-123", "10.0.1.2").status_code == 302
    clock.now += 301
    assert _login(Client(), "alice", "pw-alice-123", "10.0.1.1").status_code == 302


@pytest.mark.parametrize(
    ("password", "refusal"),
    [
        ("dorothea-1", "too similar to the username"),  # UserAttributeSimilarityValidator
        ("q7#Kz2", "too short"),  # MinimumLengthValidator
        ("sunshine", "too common"),  # CommonPasswordValidator
        ("83920174562", "entirely numeric"),  # NumericPasswordValidator
    ],
)
def test_each_of_djangos_password_validators_is_on(client, db, password, refusal):
    """Each password breaks one validator's rule only, so each case needs its own validator."""
    form = {"username": "dorothea", "password1": password, "password2": password}
    page = client.post("/accounts/signup/", form).content.decode()
    assert refusal in page and not User.objects.exists()


def test_https_responses_carry_hsts_and_a_content_security_policy(client, db):
    response = client.get("/", secure=True)
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    assert "Strict-Transport-Security" not in client.get("/")  # never over plain HTTP


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("origin", "accepted"),
    [
        (b"http://127.0.0.1", True),
        (b"http://127.0.0.1:80", True),
        (b"http://127.0.0.1:8001", False),  # another port, e.g. another app on the same host
        (b"https://127.0.0.1", False),  # another scheme
        (b"http://localhost", False),  # another allowed host is still another origin
        (b"null", False),
    ],
)
async def test_websocket_origin_must_match_scheme_host_and_port(match, origin, accepted):
    socket, ok = await connect(match, origin=origin)
    assert ok is accepted
    if ok:
        await socket.disconnect()


def test_inputs_that_gave_500s_are_clear_refusals(client, importer, match, alice):
    client.force_login(alice)
    page = create(client, seat="²").content.decode()
    assert "Choose a seat or random." in page
    page = create(client, players="2.0").content.decode()
    assert "Choose how many players." in page
    page = create(client, options_json="[" * 2000 + "]" * 2000).content.decode()
    assert "nested too deeply" in page
    hx = {"HX-Request": "true"}
    deep = {"move": "[" * 2000 + "]" * 2000, "ply": "0"}
    assert (
        "nested too deeply"
        in client.post(f"/m/{match.public_id}/move/", deep, headers=hx).content.decode()
    )
    for ply in ("0.0", "1e3", "²"):
        move = {"move": '{"type":"place","at":[0,0]}', "ply": ply}
        page = client.post(f"/m/{match.public_id}/move/", move, headers=hx).content.decode()
        assert "which position" in page
    record = json.loads(json.dumps({"format": "gametable-match/1", "game": "powerdrain"}))
    response = client.post("/m/import/", {"record": "[" * 3000 + "]" * 3000})
    assert response.status_code == 400 and "nested too deeply" in response.content.decode()
    record.update(seed=2**70, options={}, seats=["ann", "ben"], moves=[])
    response = client.post("/m/import/", {"record": json.dumps(record)})
    assert response.status_code == 400 and "64-bit" in response.content.decode()
    assert Match.objects.count() == 1 and not Move.objects.exists()
