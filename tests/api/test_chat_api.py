"""The Bot API's chat (issue #29): ``POST /api/bot/game/{id}/chat`` and the game stream's
``chatLine`` events, against a real server: a program talks in the players' room, reads its
opponent there, and a spectators' line reaches the stream too (lichess streams both rooms)."""

from __future__ import annotations

from tests.api.conftest import fresh


def next_event(lines, keepalives: int = 20):
    """The stream's next event, waiting through at most ``keepalives`` empty lines (0.5 s
    apart here): a line that never comes fails the test instead of hanging it."""
    for _ in range(keepalives):
        event = next(lines)
        if event is not None:
            return event
    raise AssertionError("no event on the stream")


def test_programs_talk_over_the_api_and_read_each_other_on_the_game_stream(build):
    a, b = fresh("talker"), fresh("listener")
    spec = {
        "users": [{"name": a, "program": True}, {"name": b, "program": True}],
        "matches": [{"game": "powerdrain", "seats": [a, b]}],
    }
    clients, (match,) = build(spec)
    response, lines = clients[b].stream(f"/api/bot/game/stream/{match}")
    assert next(lines)["type"] == "gameFull"
    said = clients[a].post(
        f"/api/bot/game/{match}/chat", data={"room": "player", "text": "good <b>luck</b>"}
    )
    assert said.status_code == 200 and said.json() == {"ok": True}
    line = next_event(lines)
    assert line == {"type": "chatLine", "room": "player", "username": f"{a} (BOT)",
                    "text": "good <b>luck</b>"}  # fmt: skip
    clients[a].post(f"/api/bot/game/{match}/chat", data={"room": "spectator", "text": "hi all"})
    line = next_event(lines)
    assert line["room"] == "spectator" and line["text"] == "hi all"
    response.close()

    refused = clients[a].post(f"/api/bot/game/{match}/chat", data={"room": "lobby", "text": "x"})
    assert refused.status_code == 400 and "no such chat room" in refused.json()["error"]
    too_long = clients[a].post(
        f"/api/bot/game/{match}/chat", data={"room": "player", "text": "x" * 141}
    )
    assert too_long.status_code == 400


def test_a_spectators_stream_never_carries_the_players_room(build):
    """A spectating program reads the spectators' room only. Its first event after a
    players' line and then a spectators' line is the latter: the players' line, sent first
    on the same server, would have come before it."""
    a, b, c = fresh("seated"), fresh("seated"), fresh("watcher")
    spec = {
        "users": [{"name": n, "program": True} for n in (a, b, c)],
        "matches": [{"game": "powerdrain", "seats": [a, b]}],
    }
    clients, (match,) = build(spec)
    response, lines = clients[c].stream(f"/api/bot/game/stream/{match}")
    assert next(lines)["you"] is None  # gameFull, for a spectator
    for room, text in (("player", "between us"), ("spectator", "hello watchers")):
        said = clients[a].post(f"/api/bot/game/{match}/chat", data={"room": room, "text": text})
        assert said.status_code == 200, said.text
    line = next_event(lines)
    response.close()
    assert (line["room"], line["text"]) == ("spectator", "hello watchers")
