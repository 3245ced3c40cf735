"""The program's side: its process and its connection.

As the season's launcher did, the bridge starts the program with
``-h 127.0.0.1 -p PORT -r RESERVATION`` after its own command, in a session of its own: a
Ctrl-C at the terminal stops the bridge, which lets the running matches end, and not the
programs playing them. Everything a connection reads goes through ``Reader``; its first
message (the join) goes to ``route`` (the listener's), which says whose queue the rest goes
to, as ("message", (connection, element)), ending with one ("closed", (connection, why)).
"""

from __future__ import annotations

import contextlib
import queue
import select
import socket
import subprocess
import threading
import time
from collections.abc import Callable

from clients.sc2020 import messages
from clients.sc2020.markup import STREAM_END, STREAM_START
from clients.sc2020.reader import ProtocolError, Reader

HOST = "127.0.0.1"
PORT = 13050
EXIT_SECONDS = 5  # how long a program may take to end by itself after the match
SEND_SECONDS = 10  # a program that stops reading loses its connection, never the bridge
JOIN_SECONDS = 30  # a connection that has not sent its join by then is refused and closed


class Process:
    """The program started for one match (None without a command: started by hand)."""

    def __init__(self, command: list[str], port: int, reservation: str):
        self.process = None
        if command:
            arguments = [*command, "-h", HOST, "-p", str(port), "-r", reservation]
            self.process = subprocess.Popen(
                arguments, stdin=subprocess.DEVNULL, start_new_session=True
            )

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Gives the program EXIT_SECONDS to end, then ends it."""
        if self.process is None:
            return
        try:
            self.process.wait(EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.end()

    def end(self) -> None:
        """Ends the program now (asked nicely first)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Connection:
    """One program's socket: a thread reads it, its join to ``route`` and the rest to the
    queue ``route`` gave; ``send`` writes text. A join must come within ``join_seconds``
    of connecting (by ``clock``): a silent connection holds a thread and a place."""

    def __init__(
        self,
        sock: socket.socket,
        route: Callable[..., queue.Queue],
        join_seconds: float = JOIN_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.socket = sock
        self.route = route
        self.events: queue.Queue | None = None  # the match's, once joined
        self.reader = Reader()
        self.lock = threading.Lock()
        self.open = True
        self.clock = clock
        self.join_by = clock() + join_seconds
        self.finished = threading.Event()  # the reading is over: the program closed its side
        self.socket.sendall(STREAM_START.encode())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _await_join(self) -> bool:
        """Before its join: whether bytes came; ProtocolError once ``join_by`` has passed."""
        left = self.join_by - self.clock()
        if left <= 0:
            raise ProtocolError("No join came in time: the connection is closed.")
        return bool(select.select([self.socket], [], [], left)[0])

    def _read(self) -> None:
        try:
            self._read_all()
        finally:
            self.finished.set()

    def _read_all(self) -> None:
        why = "the program closed its connection"
        try:
            while True:
                try:
                    if self.events is None and not self._await_join():
                        continue
                    data = self.socket.recv(4096)
                except TimeoutError:
                    continue  # a program thinking; the match's clock decides
                if not data:
                    break
                for element in self.reader.feed(data):
                    if self.events is None:
                        self.events = self.route(self, element)
                    else:
                        self.events.put(("message", (self, element)))
                if self.reader.ended:
                    why = "the program ended its protocol"
                    break
        except ProtocolError as problem:
            if self.events is None:  # no match of its own to lose: refused, as the server did
                self.send(messages.refusal(str(problem)))
            else:
                self.events.put(("broken", (self, str(problem))))
            why = str(problem)
        except OSError as lost:
            why = f"the connection broke: {lost}"
        if self.events is None:
            self.close()
        else:
            self.events.put(("closed", (self, why)))

    def send(self, text: str) -> bool:
        """Writes ``text``; False once the program is gone or stopped reading."""
        with self.lock:
            if not self.open:
                return False
            try:
                self.socket.sendall(text.encode())
                return True
            except OSError:
                self.open = False
                return False

    def close(self, linger: float = EXIT_SECONDS) -> None:
        """Ends the stream as the season's server did: ``</protocol>``, then nothing more
        is written, and the socket closes once the program closed its side (its own
        goodbye is read, so its last writes never meet a closed socket) or after
        ``linger`` seconds."""
        self.send(STREAM_END)
        with self.lock:
            self.open = False
            with contextlib.suppress(OSError):
                self.socket.shutdown(socket.SHUT_WR)
        if threading.current_thread() is not self.thread:
            self.finished.wait(linger)
        with contextlib.suppress(OSError):
            self.socket.close()
