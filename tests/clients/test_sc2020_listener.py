"""The bridge's port shared by matches played at once (clients/sc2020/listener.py), over real
sockets: a started program reaches its own match by its reservation whatever the order they
connect in, a program started by hand takes the match that waited longest (or waits for
one), and a join no match expects gets the protocol's error."""

from __future__ import annotations

import queue
import socket
import threading
import time

import pytest

from clients.sc2020.listener import GAME_TYPE, UNJOINED, WAITING, Listener


@pytest.fixture
def listener(request):
    made = Listener(0, reserved=request.param)
    yield made
    made.close()


def join(listener: Listener, text: str) -> socket.socket:
    program = socket.create_connection(("127.0.0.1", listener.port))
    program.sendall(b"<protocol>" + text.encode())
    return program


def joined(events: queue.Queue):
    kind, connection = events.get(timeout=10)
    assert kind == "joined"
    return connection


def said_by(connection, events: queue.Queue) -> str:
    """What the program sends next, as its match reads it."""
    kind, (source, element) = events.get(timeout=10)
    assert (kind, source) == ("message", connection)
    return element.get("content")


def read_all(program: socket.socket) -> bytes:
    seen = b""
    while data := program.recv(4096):
        seen += data
    return seen


@pytest.mark.parametrize("listener", [True], indirect=True)
def test_each_started_program_reaches_its_own_match_by_its_reservation(listener):
    first, second = queue.Queue(), queue.Queue()
    listener.open("aaaa", first)
    listener.open("bbbb", second)
    late = join(listener, '<joinPrepared reservationCode="bbbb"/><hint content="b"/>')
    connection = joined(second)
    assert said_by(connection, second) == "b"
    early = join(listener, '<joinPrepared reservationCode="aaaa"/><hint content="a"/>')
    connection = joined(first)
    assert said_by(connection, first) == "a"
    assert first.empty() and second.empty()
    late.close(), early.close()


@pytest.mark.parametrize("listener", [True], indirect=True)
def test_a_join_no_match_expects_gets_the_error_and_is_closed(listener):
    listener.open("aaaa", queue.Queue())
    for text, says in (
        ('<joinPrepared reservationCode="zzzz"/>', b'<error message="Unknown reservation code."/>'),
        ('<join gameType="swc_2019_piranhas"/>', b"plays swc_2020_hive only"),
        ('<room roomId="r"/>', b"Join first"),
    ):
        program = join(listener, text)
        seen = read_all(program)  # the connection's end follows the error
        assert says in seen and seen.endswith(b"</protocol>"), seen
        program.close()


@pytest.mark.parametrize("listener", [True], indirect=True)
def test_a_join_by_game_type_takes_the_oldest_match_and_a_taken_one_is_no_more_offered(listener):
    first, second = queue.Queue(), queue.Queue()
    listener.open("aaaa", first)
    listener.open("bbbb", second)
    by_hand = join(listener, '<join gameType="swc_2020_hive"/>')
    joined(first)
    program = join(listener, '<joinPrepared reservationCode="aaaa"/>')  # its match is taken
    assert b"Unknown reservation code." in read_all(program)
    by_hand.close(), program.close()


@pytest.mark.parametrize("listener", [False], indirect=True)
def test_a_program_started_by_hand_waits_for_a_match_and_takes_the_one_that_waited_longest(
    listener,
):
    program = join(listener, '<joinPrepared reservationCode="mine"/><hint content="x"/>')
    first, second = queue.Queue(), queue.Queue()
    opening = listener.open(None, first)
    listener.open(None, second)
    connection = joined(first)  # it waited for the first match, whatever its reservation
    assert said_by(connection, first) == "x" and second.empty()
    listener.shut(opening)
    again = join(listener, '<join gameType="swc_2020_hive"/>')
    joined(second)
    program.close(), again.close()


def waits(listener: Listener, count: int) -> None:
    """Until ``count`` joins wait for a match (each join is read by its own thread)."""
    for _ in range(400):
        if listener.waiting_joins() == count:
            return
        time.sleep(0.01)
    raise AssertionError(f"{listener.waiting_joins()} joins wait, not {count}")


@pytest.mark.parametrize("listener", [False], indirect=True)
def test_a_join_whose_program_left_is_dropped_and_takes_no_match(listener):
    abandoned = []
    for count in range(1, WAITING + 1):  # as many as the slots hold
        abandoned.append(join(listener, f'<join gameType="{GAME_TYPE}"/>'))
        waits(listener, count)
    for program in abandoned:
        program.close()
    healthy = join(listener, f'<join gameType="{GAME_TYPE}"/><hint content="alive"/>')
    events: queue.Queue = queue.Queue()
    waits(listener, 1)  # the dead were dropped to make room, not refused it
    listener.open(None, events)
    connection = joined(events)
    assert said_by(connection, events) == "alive"
    healthy.close()


@pytest.mark.parametrize("listener", [False], indirect=True)
def test_connections_that_do_not_join_are_capped(listener):
    silent = [socket.create_connection(("127.0.0.1", listener.port)) for _ in range(UNJOINED)]
    for program in silent:
        assert program.recv(64).startswith(b"<protocol>")  # greeted: each has its reader
    refused = socket.create_connection(("127.0.0.1", listener.port))
    refused.settimeout(5)
    assert b"Too many connections" in read_all(refused)
    silent[0].close()
    for _ in range(400):  # the closed one's place is free again
        again = socket.create_connection(("127.0.0.1", listener.port))
        again.settimeout(5)
        if again.recv(64) == b"<protocol>":
            break
        again.close()
        time.sleep(0.01)
    else:
        raise AssertionError("a place freed by a closed connection was not taken")
    for program in silent[1:]:
        program.close()


def test_a_connection_that_sends_no_join_in_time_is_refused_and_closed():
    quick = Listener(0, join_seconds=0.3)
    try:
        silent = socket.create_connection(("127.0.0.1", quick.port))
        silent.settimeout(10)  # the bound of this read; the listener's deadline is 0.3 s
        said = read_all(silent)
        assert said.startswith(b"<protocol>") and b"No join came in time" in said
        assert said.endswith(b"</protocol>")
        late = join(quick, "")  # a join begun in time but not finished is refused too
        late.settimeout(10)
        late.sendall(b'<join gameType="swc')
        assert b"No join came in time" in read_all(late)
    finally:
        quick.close()


@pytest.mark.parametrize("listener", [False], indirect=True)
def test_the_stream_ends_as_the_servers_did_and_the_programs_goodbye_is_read(listener):
    """``</protocol>``, then the bridge writes no more and reads on until the program closed
    its side: its goodbye after our end meets an open socket (the 2020 program ended every
    match with a BrokenPipeError when the bridge closed at once)."""
    events: queue.Queue = queue.Queue()
    listener.open(None, events)
    program = join(listener, f'<join gameType="{GAME_TYPE}"/>')
    program.settimeout(10)
    connection = joined(events)
    closing = threading.Thread(target=connection.close)
    closing.start()
    assert read_all(program).endswith(b"</protocol>")  # the bridge's end, then its FIN
    for _ in range(20):  # the season's client: its goodbye, a piece at a time
        program.sendall(b" ")
        time.sleep(0.005)
    program.sendall(b"<sc.protocol.responses.CloseConnection/></protocol>")
    program.shutdown(socket.SHUT_WR)
    assert program.recv(64) == b""  # a clean end, no reset
    closing.join(10)
    assert not closing.is_alive()
    kind, (source, element) = events.get(timeout=10)
    assert element.tag == "sc.protocol.responses.CloseConnection"
    program.close()


def test_a_program_that_stops_reading_loses_its_connection_and_never_holds_the_bridge():
    """The timeout a connection's socket gets when it connects bounds every write: once the
    program reads nothing and the buffers are full, a send gives up after ``send_seconds``
    and the connection counts as gone, where it would wait forever on the match's thread."""
    quick = Listener(0, send_seconds=0.2)
    try:
        events: queue.Queue = queue.Queue()
        quick.open(None, events)
        program = join(quick, f'<join gameType="{GAME_TYPE}"/>')  # and never reads again
        connection = joined(events)
        chunk = "<!--" + "x" * 65536 + "-->"
        outcome = []

        def flood():  # at most 64 MiB: far beyond what loopback's buffers hold
            outcome.append(all(connection.send(chunk) for _ in range(1024)))

        flooding = threading.Thread(target=flood, daemon=True)
        flooding.start()
        flooding.join(10)
        held = flooding.is_alive()
        program.close()  # frees a send that waits for ever, so the test ends either way
        flooding.join(10)
        assert not held, "a send waited beyond send_seconds on a program that reads nothing"
        assert outcome == [False] and not connection.open
    finally:
        quick.close()
