"""The Bot API through a real Daphne process over HTTP (docs/api.md): programs play whole
matches of every game, tokens are refused the moment they are revoked, no token moves for
another, secrets never reach another seat's stream, and the event stream tells of matches
and challenges as they happen."""

from __future__ import annotations

import json
import re
import threading
import time

import requests

from tests.api.conftest import fresh
from tooling import world
from tooling.programs import Client, play, play_all

GAMES = ["high-voltage", "high-voltage-companies", "hive", "triangulum", "powerdrain"]


def programs(build, *names, matches=()):
    spec = {"users": [{"name": n, "program": True} for n in names], "matches": list(matches)}
    return build(spec)


def test_two_programs_play_a_whole_match_of_every_game(build):
    a, b = fresh("alpha"), fresh("beta")
    specs = [{"game": g, "seats": [a, b]} for g in GAMES]
    specs.append({"game": "powerdrain", "seats": [a, b], "private": True})
    clients, ids = programs(build, a, b, matches=specs)
    pairs = []
    for index, public_id in enumerate(ids):
        pairs += [(clients[a], public_id, index), (clients[b], public_id, 100 + index)]
    results = play_all(pairs)
    for game, (mine, theirs) in zip(
        GAMES + ["powerdrain"], zip(results[::2], results[1::2], strict=True), strict=True
    ):
        assert mine["status"] != "started", game
        assert mine["moves"] == theirs["moves"] and mine["moves"], game
        assert mine["winners"] == theirs["winners"], game
    # Their finished open matches are public records; the private one never.
    lines = clients[b].get(f"/api/games/user/{a}").text.splitlines()
    records = [json.loads(x) for x in lines]
    assert sorted(r["id"] for r in records) == sorted(ids[:5])
    assert {r["game"] for r in records} == set(GAMES)
    assert all(r["format"] == "gametable-match/1" and r["moves"] for r in records)
    account = clients[a].get("/api/account").json()
    assert account["title"] == "BOT" and account["count"]["all"] == 6
    public = requests.get(f"{clients[a].base}/api/user/{a}", timeout=10).json()
    assert public["id"] == a and public["count"]["playing"] == 0


def test_requests_without_a_live_token_are_refused_and_revocation_is_at_once(build, api_server):
    a = fresh("rev")
    clients, _ = programs(build, a)
    me = clients[a]
    assert me.get("/api/account").status_code == 200
    bad = Client(me.base, "gtp_" + "x" * 43)
    answer = bad.get("/api/account")
    assert (answer.status_code, answer.json()) == (401, {"error": "No such token"})
    assert requests.get(me.base + "/api/account", timeout=10).status_code == 401

    response, lines = me.stream("/api/stream/event")
    assert response.status_code == 200
    ended = threading.Event()

    def read():
        for _ in lines:
            pass
        ended.set()

    threading.Thread(target=read, daemon=True).start()
    world.run_in(api_server.env, {"revoke": a})  # from another process (its notice reaches
    # the server only through Redis: without it, only the stream's token check ends it)
    # The very next request is refused, and the open stream ends at its next token check.
    assert me.get("/api/account").status_code == 401
    assert me.post("/api/bot/account/upgrade").status_code == 401
    assert ended.wait(30), "the stream of a revoked token stayed open"


def test_an_account_the_admin_disables_ends_its_open_streams_at_their_next_token_check(
    build, api_server
):
    """Disabling an account tells no stream, on any channel layer: what ends its open
    streams is the check of their token every API_TOKEN_CHECK_EVERY keep-alives (20 of
    0.5 s here, conftest). On Redis a revocation's notice reaches every server, so this is
    where the scale path sees that check at all."""
    a, b = fresh("disabled"), fresh("opponent")
    clients, ids = programs(build, a, b, matches=[{"game": "powerdrain", "seats": [a, b]}])
    me = clients[a]
    ended = []

    def read(path):
        response, lines = me.stream(path, within=60)
        assert response.status_code == 200
        ended.append(sum(line is None for line in lines))  # keep-alives until the end

    readers = [
        threading.Thread(target=read, args=(path,), daemon=True)
        for path in ("/api/stream/event", f"/api/bot/game/stream/{ids[0]}")
    ]
    for reader in readers:
        reader.start()
    world.run_in(api_server.env, {"disable": a})
    assert me.get("/api/account").status_code == 401
    for reader in readers:
        reader.join(40)
    assert len(ended) == 2, "a stream of a disabled account stayed open"
    assert all(keep_alives <= 2 * 20 for keep_alives in ended), ended


def signed_in(base: str, name: str) -> requests.Session:
    """A browser's session of the member ``name`` (tooling/world.py's password)."""
    session = requests.Session()
    session.get(f"{base}/accounts/login/", timeout=10)
    answer = session.post(
        f"{base}/accounts/login/",
        data={
            "username": name,
            "password": "a-long-Passw0rd!",
            "csrfmiddlewaretoken": session.cookies["csrftoken"],
        },
        headers={"Referer": f"{base}/accounts/login/"},
        timeout=10,
    )
    assert answer.ok and "sessionid" in session.cookies, answer.text[:300]
    return session


def test_a_token_revoked_on_the_profile_ends_its_open_streams_at_once(build):
    """The streams ask whether their token lives only every 20th keep-alive here (conftest),
    and would end there, after 19 empty lines: what ends them long before is the
    revocation's notice (the revoking request itself takes a keep-alive or two)."""
    a, b = fresh("notice"), fresh("noticed")
    clients, ids = programs(build, a, b, matches=[{"game": "powerdrain", "seats": [a, b]}])
    me = clients[a]
    browser = signed_in(me.base, a)
    profile = browser.get(f"{me.base}/accounts/u/{a}/", timeout=10).text
    (revoke,) = re.findall(r'action="(/api/tokens/\d+/revoke)"', profile)
    streams = []
    for path in ("/api/stream/event", f"/api/bot/game/stream/{ids[0]}"):
        response, lines = me.stream(path, within=60)
        assert response.status_code == 200
        streams.append(lines)
    for lines in streams:  # both running and quiet
        while next(lines) is not None:
            pass
    answer = browser.post(
        me.base + revoke,
        data={"csrfmiddlewaretoken": browser.cookies["csrftoken"]},
        headers={"Referer": f"{me.base}/accounts/u/{a}/"},
        timeout=10,
    )
    assert answer.ok and me.get("/api/account").status_code == 401
    for lines in streams:
        assert 1 + sum(line is None for line in lines) < 10  # the loop ends with the stream


def test_a_token_moves_only_for_its_own_user_and_seat(build):
    a, b, c = fresh("own"), fresh("other"), fresh("third")
    clients, ids = programs(
        build,
        a,
        b,
        c,
        matches=[
            {"game": "powerdrain", "seats": [b, c]},
            {"game": "powerdrain", "seats": [a, b]},
        ],  # fmt: skip
    )
    theirs, mine = ids
    # Not a seat of a's: nothing a sends moves there.
    for path in ("move/c3", "resign", "claim-victory"):
        answer = clients[a].post(f"/api/bot/game/{theirs}/{path}")
        assert answer.status_code == 403, answer.text
        assert "error" in answer.json()
    # a's own match, b to move after a's move: a's token cannot play b's turn.
    assert clients[a].post(f"/api/bot/game/{mine}/move/c3").status_code == 200
    answer = clients[a].post(f"/api/bot/game/{mine}/move/d3")
    assert (answer.status_code, answer.json()) == (400, {"error": "Not your turn."})
    # A code that names no move is refused saying why.
    answer = clients[b].post(f"/api/bot/game/{mine}/move/zz9")
    assert answer.status_code == 400 and "zz9" in answer.json()["error"]
    assert clients[b].post("/api/bot/game/NOSUCHID/move/c3").status_code == 404
    # Streams show each token's own seat.
    _, lines = clients[b].stream(f"/api/bot/game/stream/{theirs}")
    full = next(lines)
    assert full["you"] == 0 and [s["you"] for s in full["seats"]] == [True, False]
    assert full["state"]["legal"] and "view" in full["state"]
    _, lines = clients[a].stream(f"/api/bot/game/stream/{theirs}")
    full = next(lines)
    assert full["you"] is None and "legal" not in full["state"]


def test_a_person_needs_a_program_account_to_play_and_an_account_that_played_cannot_become_one(
    build,
):
    a, b = fresh("human"), fresh("newbot")
    clients, ids = build(
        {"users": [{"name": a}, {"name": b}], "matches": [{"game": "powerdrain", "seats": [a, b]}]}
    )
    answer = clients[a].post(f"/api/bot/game/{ids[0]}/move/c3")
    assert answer.status_code == 403 and "upgrade" in answer.json()["error"]
    answer = clients[a].post("/api/bot/account/upgrade")
    assert answer.status_code == 400 and "played" in answer.json()["error"]
    fresh_one = fresh("blank")
    more, _ = build({"users": [{"name": fresh_one}]})
    assert more[fresh_one].get("/api/account").json()["title"] is None
    assert more[fresh_one].post("/api/bot/account/upgrade").json() == {"ok": True}
    assert more[fresh_one].get("/api/account").json()["title"] == "BOT"


def _lines(client, public_id: str, count: int) -> list[bytes]:
    """The first ``count`` non-empty lines of a game stream, as the bytes sent."""
    response, lines = client.stream(f"/api/bot/game/stream/{public_id}", within=30, raw=True)
    got = []
    for raw in lines:
        if raw:
            got.append(raw)
        if len(got) == count:
            break
    response.close()
    return got


def _normal(full: bytes, public_id: str) -> bytes:
    data = json.loads(full)
    data["createdAt"] = 0
    return json.dumps(data, sort_keys=True).replace(public_id, "ID").encode()


def test_a_secret_point_never_reaches_another_seat_or_a_spectator(build):
    """Twin matches: the same open moves, different secret points. Everything the other seat
    and a spectator are sent is byte for byte the same in both (the match id aside)."""
    a, b, c = fresh("tri"), fresh("ang"), fresh("watch")
    clients, ids = programs(build, a, b, c, matches=[{"game": "triangulum", "seats": [a, b]}] * 2)
    secrets = ["10.2", "20.7"]
    for public_id, secret in zip(ids, secrets, strict=True):
        assert clients[a].post(f"/api/bot/game/{public_id}/move/3.4~{secret}").ok
    seen = {}
    for public_id in ids:  # b to move: b's full line carries its legalSample too
        seen[public_id] = {who: _lines(clients[who], public_id, 1)[0] for who in (a, b, c)}
    one, two = ids
    for who in (b, c):
        assert _normal(seen[one][who], one) == _normal(seen[two][who], two), who
    assert b"3.4~hidden" in seen[one][b] and b"10.2" not in seen[one][b]
    # The mover sees its own code.
    assert json.loads(seen[one][a])["state"]["moves"] == "3.4~10.2"
    assert json.loads(seen[two][a])["state"]["moves"] == "3.4~20.7"
    # Live lines too: b and the spectator follow both matches while b answers.
    streams = {}
    for public_id in ids:
        for who in (b, c):
            response, lines = clients[who].stream(
                f"/api/bot/game/stream/{public_id}", within=30, raw=True
            )
            streams[public_id, who] = (response, (x for x in lines if x))
            next(streams[public_id, who][1])  # gameFull
    for public_id in ids:
        assert clients[b].post(f"/api/bot/game/{public_id}/move/5.5~1.1").ok
    live = {key: next(lines) for key, (_, lines) in streams.items()}
    for response, _ in streams.values():
        response.close()
    for who in (b, c):
        assert live[one, who] == live[two, who], who
        assert json.loads(live[one, who])["moves"].startswith("3.4~hidden ")


def test_the_event_stream_tells_of_challenges_and_matches_as_they_happen(build):
    a, b = fresh("chal"), fresh("lenged")
    clients, _ = programs(build, a, b)
    streams = {}
    for who in (a, b):
        response, lines = clients[who].stream("/api/stream/event")
        assert response.status_code == 200
        streams[who] = (response, (e for e in lines if e is not None))
    made = clients[a].post(f"/api/challenge/{b}", data={"variant": "powerdrain"})
    assert made.status_code == 200, made.text
    challenge = made.json()["id"]
    event = next(streams[b][1])
    assert event["type"] == "challenge" and event["challenge"]["id"] == challenge
    assert next(streams[a][1])["type"] == "challenge"
    assert clients[b].post(f"/api/challenge/{challenge}/accept").ok
    starts = {who: next(streams[who][1]) for who in (a, b)}
    assert {e["type"] for e in starts.values()} == {"gameStart"}
    game = starts[a]["game"]["gameId"]
    assert starts[b]["game"]["gameId"] == game
    assert starts[a]["game"]["opponent"]["id"] == b and starts[a]["game"]["opponent"]["title"]
    assert clients[b].post(f"/api/bot/game/{game}/resign").ok
    finishes = {who: next(streams[who][1]) for who in (a, b)}
    assert {e["type"] for e in finishes.values()} == {"gameFinish"}
    assert finishes[a]["game"]["gameId"] == game
    # Resigned before either side moved: aborted, as lichess says (docs/rules.md §7.3).
    assert finishes[a]["game"]["status"]["name"] == "aborted"
    for response, _ in streams.values():
        response.close()
    # A stream opened later says first what is running.
    clients2, ids = programs(build, matches=[{"game": "hive", "seats": [a, b]}])
    response, lines = clients[a].stream("/api/stream/event")
    first = next(e for e in lines if e is not None)
    response.close()
    assert first["type"] == "gameStart" and first["game"]["gameId"] == ids[0]


def test_the_streams_say_whether_a_match_is_rated(build):
    a, b = fresh("rated"), fresh("casual")
    specs = [{"game": "powerdrain", "seats": [a, b], "rated": rated} for rated in (True, False)]
    clients, ids = programs(build, a, b, matches=specs)
    for public_id, rated in zip(ids, (True, False), strict=True):
        response, lines = clients[a].stream(f"/api/bot/game/stream/{public_id}", within=30)
        full = next(lines)
        response.close()
        assert (full["type"], full["rated"]) == ("gameFull", rated)
    response, lines = clients[b].stream("/api/stream/event", within=30)
    starts = [e for _, e in zip(ids, (e for e in lines if e is not None), strict=False)]
    response.close()
    assert {e["game"]["gameId"]: e["game"]["rated"] for e in starts} == dict(
        zip(ids, (True, False), strict=True)
    )


def test_a_game_stream_says_when_the_player_to_move_is_gone_and_the_claim_follows(
    build, api_server
):
    a, b = fresh("stay"), fresh("gone")
    clients, ids = programs(
        build, a, b, matches=[{"game": "powerdrain", "seats": [a, b], "time": "3+2"}]
    )
    match = ids[0]
    # Both move once (a real-time first turn cannot be claimed), then b is to move, away.
    assert clients[a].post(f"/api/bot/game/{match}/move/c3").ok
    assert clients[b].post(f"/api/bot/game/{match}/move/d4").ok
    assert clients[a].post(f"/api/bot/game/{match}/move/e5").ok
    world.run_in(api_server.env, {"age": {"match": match, "seat": 1, "seconds": 120}})
    response, lines = clients[a].stream(f"/api/bot/game/stream/{match}")
    gone = next(e for e in lines if e is not None and e["type"] == "opponentGone")
    assert gone == {"type": "opponentGone", "gone": True, "claimWinInSeconds": 0}
    assert clients[a].post(f"/api/bot/game/{match}/claim-victory").ok
    state = next(e for e in lines if e is not None and e["type"] == "gameState")
    response.close()
    assert state["status"] == "timeout" and state["winner"] == "white"


def test_a_programs_stream_survives_a_server_restart_by_reconnecting(tmp_path_factory):
    """The server is killed while the match runs, and each program's stream comes back into
    it. Both programs wait at ply ``HELD`` until the server is back, so the kill always lands
    mid-match: random Hive ends at ply 6 for about one match seed in 40 (a bee set beside the
    brambles or the edge), and a kill after the end proved nothing (it once failed so)."""
    from tests.api.conftest import start_server

    held = 4
    server = start_server(tmp_path_factory, "restart")
    try:
        a, b = fresh("re"), fresh("start")
        made = world.run_in(
            server.env,
            {
                "users": [{"name": a, "program": True}, {"name": b, "program": True}],
                "matches": [{"game": "hive", "seats": [a, b]}],
            },
        )
        match = made["matches"][0]
        clients = {n: Client(server.url, t) for n, t in made["tokens"].items()}
        results: dict = {}
        logs: dict = {a: [], b: []}
        back = threading.Event()

        def run(who, seed):
            results[who] = play(
                clients[who], match, seed, logs[who], reconnect=True, pause=0.1, hold=(held, back)
            )

        threads = [
            threading.Thread(target=run, args=(w, s), daemon=True) for w, s in ((a, 1), (b, 2))
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while not [e for e in logs[a][1:] if e["ply"] >= held or e["status"] != "started"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        before = logs[a][-1]
        assert (before["ply"], before["status"]) == (held, "started"), before  # still running
        seen = {who: len(log) for who, log in logs.items()}
        server.kill()  # as a crash or a deploy would; a program only sees its stream end
        server.start()
        back.set()
        for thread in threads:
            thread.join(90)
        assert results[a]["status"] != "started" and results[a]["moves"] == results[b]["moves"]
        assert results[a]["ply"] > held  # moves were played after the restart
        for who, log in logs.items():  # each stream ended with the server and came back
            assert [e for e in log[seen[who] :] if e["type"] == "gameFull"], (who, log[seen[who] :])
    finally:
        server.stop()
