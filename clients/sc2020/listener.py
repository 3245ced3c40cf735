"""The bridge's port on 127.0.0.1, open for its whole run and shared by the matches it plays
at once (a ladder encounter's two, a challenge beside a tournament's round).

A connection's first message says which match it is for. With a command (the bridge starts
each match's program) ``<joinPrepared reservationCode=…/>`` names the reservation that
match's program was started with; ``<join gameType="swc_2020_hive"/>`` takes the match that
has waited longest for its program. Without a command the programs are started by hand and
any join takes the match that has waited longest. A join that comes while no match waits
for a program waits for one (at most ``WAITING`` at once); one whose program closed its socket
meanwhile is dropped, never handed a match.
"""

from __future__ import annotations

import queue
import select
import socket
import threading

from clients.sc2020 import messages
from clients.sc2020.markup import STREAM_END, STREAM_START
from clients.sc2020.program import HOST, JOIN_SECONDS, PORT, SEND_SECONDS, Connection
from clients.sc2020.reader import ProtocolError

GAME_TYPE = "swc_2020_hive"
WAITING = 4  # joins kept waiting for a match at once
UNJOINED = 16  # connections not joined to a match at once (a thread reads each)


class Opening:
    """A match waiting for its program: the reservation it was started with (None: any
    join) and the queue its messages go to."""

    def __init__(self, reservation: str | None, events: queue.Queue):
        self.reservation, self.events = reservation, events
        self.taken = False


def _gone(connection: Connection) -> bool:
    """Whether the program closed its socket while its join waited: a peek, which reads
    nothing, sees the end."""
    try:
        readable, _, _ = select.select([connection.socket], [], [], 0)
        return bool(readable) and connection.socket.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):  # closed here already
        return True


class Listener:
    def __init__(
        self,
        port: int = PORT,
        reserved: bool = False,
        join_seconds=JOIN_SECONDS,
        send_seconds=SEND_SECONDS,
    ):
        """``reserved``: the bridge starts the programs, so a reservation must be known;
        ``join_seconds``: how long a connection may take to send its join; ``send_seconds``:
        how long a write may wait on a program that does not read."""
        self.reserved = reserved
        self.join_seconds = join_seconds
        self.send_seconds = send_seconds
        self.socket = socket.create_server((HOST, port))
        self.port = self.socket.getsockname()[1]
        self.changed = threading.Condition()
        self.openings: list[Opening] = []
        self.waiting: list[Connection] = []  # joins waiting for a match
        self.unjoined: list[Connection] = []
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.socket.accept()
            except OSError:
                return  # closed
            sock.settimeout(self.send_seconds)
            with self.changed:
                self.unjoined = [c for c in self.unjoined if c.open and c.events is None]
                full = len(self.unjoined) >= UNJOINED
            try:
                if full:
                    refused = messages.refusal(
                        "Too many connections wait to join; try again later."
                    )
                    sock.sendall((STREAM_START + refused + STREAM_END).encode())
                    sock.close()
                    continue
                connection = Connection(sock, self._route, self.join_seconds)
            except OSError:
                sock.close()  # gone before it was greeted
                continue
            with self.changed:
                self.unjoined.append(connection)

    def open(self, reservation: str | None, events: queue.Queue) -> Opening:
        """A match waits for its program; its join arrives on ``events`` as
        ("joined", connection), then that connection's messages."""
        with self.changed:
            opening = Opening(reservation, events)
            self.openings.append(opening)
            self.changed.notify_all()
        return opening

    def shut(self, opening: Opening) -> None:
        """The match is over: no join reaches it any more."""
        with self.changed:
            if opening in self.openings:
                self.openings.remove(opening)

    def _pick(self, element) -> Opening | None:
        """The opening this join is for (None: none yet); ProtocolError for no join."""
        free = [o for o in self.openings if not o.taken]
        if element.tag == "joinPrepared":
            if not self.reserved:
                return free[0] if free else None
            code = element.get("reservationCode")
            found = next((o for o in free if o.reservation == code), None)
            if found is None:
                raise ProtocolError("Unknown reservation code.")
            return found
        if element.tag == "join":
            if element.get("gameType") != GAME_TYPE:
                raise ProtocolError(f"This bridge plays {GAME_TYPE} only.")
            return free[0] if free else None
        raise ProtocolError(
            f'Join first: <joinPrepared reservationCode=…/> or <join gameType="{GAME_TYPE}"/>, '
            f"not <{element.tag}>."
        )

    def _route(self, connection: Connection, element) -> queue.Queue:
        """Hands a joined connection to its match; the queue its messages go to from now."""
        with self.changed:
            while not self.closed:
                opening = self._pick(element)
                if opening is not None:
                    opening.taken = True
                    opening.events.put(("joined", connection))
                    return opening.events
                if len(self.waiting) >= WAITING:
                    self.waiting = [c for c in self.waiting if not _gone(c)]
                if len(self.waiting) >= WAITING:
                    raise ProtocolError("Too many programs wait for a match; try again later.")
                self.waiting.append(connection)
                try:
                    self.changed.wait()
                finally:
                    if connection in self.waiting:
                        self.waiting.remove(connection)
                if _gone(connection):
                    raise ProtocolError("The program closed its connection.")
            raise ProtocolError("The bridge has stopped.")

    def waiting_joins(self) -> int:
        with self.changed:
            return len(self.waiting)

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()
        self.socket.close()
