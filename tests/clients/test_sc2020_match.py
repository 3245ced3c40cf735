"""One match of the bridge (clients/sc2020/match.py) in this process, against a table that
is a script of game-stream lines and a program that is this test's own socket: the move
is posted however late it comes, the log says it was slower than the clock allowed (time
comes from an injected clock, nobody waits), a program may join by game type, and in an
untimed match the bridge resigns for a program that is gone or never started."""

from __future__ import annotations

import queue
import socket
import threading
import time

from clients.sc2020.listener import Listener
from clients.sc2020.match import Match
from games.hive.engine import ENGINE

SEATS = [
    {"seat": 0, "player": {"name": "mybot"}, "name": "mybot (BOT)"},
    {"seat": 1, "player": {"name": "rival"}, "name": "rival (BOT)"},
]


class Table:
    """The Bot API as a script: stream lines put by the test, posts recorded."""

    def __init__(self):
        self.lines: queue.Queue = queue.Queue()
        self.posted: list[str] = []
        self.forms: list[dict | None] = []

    def stream(self, path, stop=lambda: False):
        while (line := self.lines.get(timeout=30)) is not None:
            yield line

    def post(self, path, form=None):
        self.posted.append(path)
        self.forms.append(form)
        return {"ok": True}


def game_state(state, status="started", **more) -> dict:
    to_move = ENGINE.to_move(state) if status == "started" else []
    view = ENGINE.view(state, 0)
    return {"type": "gameState", "ply": sum(view["moves_made"]), "toMove": to_move,
            "times": [60_000, 60_000], "status": status, "view": view, **more}  # fmt: skip


def await_post(table: Table) -> None:
    """Waits for the bridge to post the program's move (an event, not a deadline)."""
    for _ in range(1000):
        if table.posted:
            return
        time.sleep(0.01)
    raise AssertionError("the move was never posted")


def read_until(sock, text: bytes) -> bytes:
    seen = b""
    while text not in seen:
        data = sock.recv(65536)
        assert data, seen
        seen += data
    return seen


def test_a_late_move_is_posted_all_the_same_and_the_log_says_it_was_late():
    table, said, now = Table(), [], [100.0]
    listener = Listener(0)
    start = ENGINE.setup(2, 7, {"blocked": [[-4, 4, 0], [2, 2, -4], [3, -5, 2]]})
    full = {
        "type": "gameFull",
        "you": 0,
        "seats": SEATS,
        "clock": {"initial": 60_000, "increment": 0},
    }
    table.lines.put({**full, "state": game_state(start)})
    match = Match(table, "Xk3pQ9aZ", listener, [], clock=lambda: now[0], log=said.append)
    playing = threading.Thread(target=match.play, daemon=True)
    playing.start()
    program = socket.create_connection(("127.0.0.1", listener.port))
    # Two messages in one piece, the way a program may send them.
    program.sendall(b'<protocol><join gameType="swc_2020_hive"/>')
    seen = read_until(program, b"sc.framework.plugins.protocol.MoveRequest")
    assert b'<data class="welcomeMessage" color="red"/>' in seen and b'turn="0"' in seen
    now[0] += 31  # the first move's 30 s have passed on the bridge's clock
    program.sendall(
        b'<room roomId="Xk3pQ9aZ"><data class="setmove"><piece owner="RED" type="SPIDER"/>'
        b'<destination x="0" y="0" z="0"/></data></room>'
    )
    await_post(table)
    moved = ENGINE.apply(start, 0, {"type": "set", "piece": "SPIDER", "to": [0, 0, 0]})
    # The table counted the move, then the opponent's clock fell.
    table.lines.put(game_state(moved, "outoftime", winners=[0], reason="time"))
    table.lines.put(None)
    end = read_until(program, b"</protocol>")
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/Xk3pQ9aZ/move/S0.0"]
    assert any(
        "took 31.0 s for S0.0, more than the 30.0 s its clock allowed" in line for line in said
    )
    assert (
        b'turn="1"' in end
        and b'<score cause="HARD_TIMEOUT" reason="rival (BLUE) ran out of time.">' in end
    )
    assert b'<winner class="player" color="RED" displayName="mybot"/>' in end
    assert end.endswith(b'<left roomId="Xk3pQ9aZ"/>\n</protocol>')


def test_a_move_in_time_is_not_called_late():
    table, said, now = Table(), [], [0.0]
    listener = Listener(0)
    start = ENGINE.setup(2, 7, None)
    full = {
        "type": "gameFull",
        "you": 0,
        "seats": SEATS,
        "clock": {"initial": 60_000, "increment": 0},
    }
    table.lines.put({**full, "state": game_state(start)})
    match = Match(table, "r", listener, [], clock=lambda: now[0], log=said.append)
    playing = threading.Thread(target=match.play, daemon=True)
    playing.start()
    program = socket.create_connection(("127.0.0.1", listener.port))
    program.sendall(b'<protocol><joinPrepared reservationCode="any"/>')
    read_until(program, b"MoveRequest")
    now[0] += 29.9
    program.sendall(
        b'<room roomId="r"><data class="setmove"><piece owner="RED" type="BEE"/><destination x="1" y="0" z="-1"/></data></room>'
    )
    await_post(table)
    table.lines.put(game_state(start, "resign", winners=[1], reason="resigned"))
    table.lines.put(None)
    read_until(program, b"</protocol>")
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/r/move/Q1.0"]
    assert not any("clock allowed" in line for line in said)


def untimed(table: Table, listener, command: list[str], said: list):
    start = ENGINE.setup(2, 7, None)
    state = {**game_state(start), "times": None}
    table.lines.put({"type": "gameFull", "you": 0, "seats": SEATS, "clock": None, "state": state})
    match = Match(table, "u", listener, command, log=said.append)
    playing = threading.Thread(target=match.play, daemon=True)
    playing.start()
    return start, playing


def test_in_an_untimed_match_the_bridge_resigns_for_a_program_that_is_gone():
    table, said = Table(), []
    listener = Listener(0)
    start, playing = untimed(table, listener, [], said)
    program = socket.create_connection(("127.0.0.1", listener.port))
    program.sendall(b'<protocol><join gameType="swc_2020_hive"/>')
    read_until(program, b"MoveRequest")
    program.close()  # the program ends without a move
    await_post(table)
    table.lines.put(game_state(start, "resign", winners=[1], reason="resigned"))
    table.lines.put(None)
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/u/resign"]
    assert any("the bridge resigns for it (an untimed match)" in line for line in said)


def test_a_program_that_cannot_start_is_gone_before_it_joins():
    table, said = Table(), []
    listener = Listener(0)
    start, playing = untimed(table, listener, ["/nonexistent/start.sh"], said)
    await_post(table)
    table.lines.put(game_state(start, "resign", winners=[1], reason="resigned"))
    table.lines.put(None)
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/u/resign"]
    assert any("the program could not be started" in line for line in said)


def test_the_programs_hints_go_with_its_move_joined_and_cut_to_what_the_table_keeps():
    table, said = Table(), []
    listener = Listener(0)
    start = ENGINE.setup(2, 7, None)
    full = {"type": "gameFull", "you": 0, "seats": SEATS, "clock": None}
    table.lines.put({**full, "state": {**game_state(start), "times": None}})
    match = Match(table, "h", listener, [], log=said.append)
    playing = threading.Thread(target=match.play, daemon=True)
    playing.start()
    program = socket.create_connection(("127.0.0.1", listener.port))
    program.sendall(b'<protocol><join gameType="swc_2020_hive"/>')
    read_until(program, b"MoveRequest")
    long = "z" * 400
    program.sendall(
        b'<room roomId="h"><data class="setmove"><piece owner="RED" type="BEE"/>'
        b'<destination x="1" y="0" z="-1"/><hint content="bee first"/>'
        + f"<hint>{long}</hint></data></room>".encode()
    )
    await_post(table)
    table.lines.put(game_state(start, "resign", winners=[1], reason="resigned"))
    table.lines.put(None)
    read_until(program, b"</protocol>")
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/h/move/Q1.0"]
    assert table.forms == [{"hint": ("bee first · " + long)[:300]}]


def test_a_join_repeated_on_the_joined_connection_is_answered_and_costs_nothing():
    table, said = Table(), []
    listener = Listener(0)
    start, playing = untimed(table, listener, [], said)
    program = socket.create_connection(("127.0.0.1", listener.port))
    program.settimeout(10)
    program.sendall(b'<protocol><join gameType="swc_2020_hive"/>')
    read_until(program, b"MoveRequest")
    program.sendall(b'<join gameType="swc_2020_hive"/>')
    assert b'<joined roomId="u"' in read_until(program, b"<joined")
    program.sendall(
        b'<room roomId="u"><data class="setmove"><piece owner="RED" type="BEE"/>'
        b'<destination x="1" y="0" z="-1"/></data></room>'
    )
    await_post(table)
    table.lines.put(game_state(start, "resign", winners=[1], reason="resigned"))
    table.lines.put(None)
    read_until(program, b"</protocol>")  # the match's end told before the program goes
    program.close()
    playing.join(10)
    listener.close()
    assert table.posted == ["/api/bot/game/u/move/Q1.0"]  # no resignation for it
    assert not any("rule violation" in line for line in said)
