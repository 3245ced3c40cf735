"""One match through the bridge: the table's game stream on one side, the program's
connection on the other, both read by threads into one queue and handled here in order.

Time is the table's (docs/rules.md §7.3): the bridge posts the program's move however long
it took, the table decides whether it came in time, and the bridge says so when a move was
slower than the program's clock allowed. A program that breaks the protocol or sends a
move the table refuses gets the protocol's ``error`` and the bridge resigns for it, as the
season's server ended a match on a rule violation. A program that is gone loses on time
in a timed match; in an untimed one nothing else would end it, so the bridge resigns.
"""

from __future__ import annotations

import queue
import secrets
import threading
import time

from clients.sc2020 import messages, moves, outcome
from clients.sc2020.api import ApiError
from clients.sc2020.program import Connection, Process
from clients.sc2020.reader import ProtocolError

FIRST_MOVE_MS = 30_000  # a real-time seat's first move must come this soon (§7.3)
CONNECT_SECONDS = 30  # how long a started program may take to connect, each time


class Match:
    def __init__(
        self, api, game_id: str, listener, command: list[str], clock=time.monotonic, log=print
    ):
        self.api, self.id, self.listener, self.command = api, game_id, listener, command
        self.clock, self.log = clock, log
        self.events: queue.Queue = queue.Queue()
        self.over = False
        self.seat: int | None = None
        self.names = ["", ""]
        self.realtime = False
        self.state: dict | None = None
        self.sent_turn: int | None = None  # the turn of the last memento the program got
        self.connection: Connection | None = None
        self.joined = False
        self.gone = False
        self.requested_at: float | None = None
        self.allowed_ms: int | None = None
        self.violation: tuple[int, str] | None = None
        self.process: Process | None = None
        self.opening = None  # the listener's, while the program may join
        self.connect_by: float | None = None

    # The two sources of events.

    def _stream(self) -> None:
        try:
            for event in self.api.stream(f"/api/bot/game/stream/{self.id}", stop=lambda: self.over):
                self.events.put(("api", event))
        except ApiError as refused:
            self.events.put(("stream-refused", str(refused)))
            return
        self.events.put(("stream-end", None))

    # The match.

    def play(self) -> dict | None:
        """Plays the match to its end; returns its last gameState (None if never seen)."""
        threading.Thread(target=self._stream, daemon=True).start()
        try:
            while not self.over:
                try:
                    kind, item = self.events.get(timeout=1)
                except queue.Empty:
                    self._waiting()
                    continue
                getattr(self, "_on_" + kind.replace("-", "_"))(item)
        finally:
            self.over = True
            if self.opening is not None:
                self.listener.shut(self.opening)
            self._close_late_joins()
            if self.connection is not None:
                self.connection.close()
            if self.process is not None:
                self.process.stop()
        return self.state

    def _close_late_joins(self) -> None:
        """A program that joined as the match ended gets the stream's end, not silence."""
        while True:
            try:
                kind, item = self.events.get_nowait()
            except queue.Empty:
                return
            if kind == "joined" and item is not self.connection:
                item.close()

    def missed(self) -> bool:
        """Whether the match ended while the program owed a move: it lost on time or
        missed its first move (the ladder pauses such a program)."""
        return (
            self.state is not None
            and self.state["status"] in ("outoftime", "aborted")
            and self.requested_at is not None
        )

    def _on_api(self, event: dict) -> None:
        if event.get("type") == "gameFull":
            if self.seat is None:
                self._begin(event)
            event = event["state"]
        if event.get("type") == "gameState":
            self._on_state(event)

    def _begin(self, full: dict) -> None:
        self.seat = full.get("you")
        for entry in full["seats"]:
            player = entry.get("player") or {}
            self.names[entry["seat"]] = player.get("name") or entry.get("name") or ""
        self.realtime = full.get("clock") is not None
        if self.seat is None:
            self.log(f"{self.id}: this account has no seat in the match; left alone")
            self.over = True
            return
        if full["state"]["status"] != "started":
            return
        colour = messages.COLOURS[self.seat].lower()
        self.log(f"{self.id}: the program plays {colour} against {self.names[1 - self.seat]}")
        self.connect_by = self.clock() + CONNECT_SECONDS
        reservation = secrets.token_hex(8)
        self.opening = self.listener.open(reservation if self.command else None, self.events)
        try:
            self.process = Process(self.command, self.listener.port, reservation)
        except OSError as failed:
            self._gone(f"the program could not be started ({failed})")

    def _on_state(self, state: dict) -> None:
        if self.state is not None and state["ply"] < self.state["ply"]:
            return  # an older line after a reconnect
        self.state = state
        if state["status"] != "started":
            self._finish()
            return
        self._tell()

    def _tell(self) -> None:
        """Sends the program the position it has not seen, and asks for its move."""
        state = self.state
        if not self.joined or state is None:
            return
        self._memento()
        mine = self.seat in state["toMove"]
        if mine and self.requested_at is None and self.violation is None:
            self.requested_at = self.clock()  # before the program can have read the request
            self.allowed_ms = self._allowed(state)
            self.connection.send(messages.move_request(self.id))

    def _memento(self) -> None:
        """The whole state after every move (not again after a leave, which moves nothing)."""
        view = self.state["view"]
        turn = sum(view["moves_made"])
        if self.sent_turn != turn:
            self.connection.send(messages.memento(self.id, view, self.names))
            self.sent_turn = turn

    def _allowed(self, state: dict) -> int | None:
        """How many milliseconds the program's clock gives this move (None: untimed)."""
        if not state.get("times"):
            return None
        if self.realtime and state["view"]["moves_made"][self.seat] == 0:
            return FIRST_MOVE_MS
        return state["times"][self.seat]

    def _waiting(self) -> None:
        """Once a second without events: is the program still to come?"""
        if self.joined or self.gone or self.connect_by is None:
            return
        if self.process is not None and self.command and not self.process.running():
            self._gone("the program exited before it joined")
        elif self.clock() > self.connect_by:
            self.log(f"{self.id}: the program has not joined within {CONNECT_SECONDS} s")
            self.connect_by = self.clock() + CONNECT_SECONDS

    def _on_joined(self, connection: Connection) -> None:
        """The program joined (the listener matched its join to this match)."""
        self.connection, self.joined = connection, True
        self.connection.send(messages.joined(self.id))
        self.connection.send(messages.welcome(self.id, self.seat))
        self._tell()

    def _on_message(self, item) -> None:
        source, element = item
        if source is not self.connection:
            return
        if element.tag in ("close", "left"):
            return  # the program says goodbye; its connection's end follows
        if element.tag in ("join", "joinPrepared"):
            # A join repeated on the joined connection: the program is in this room already,
            # and hears so again; nothing to lose a match over.
            self.connection.send(messages.joined(self.id))
            return
        try:
            data = moves.move_data(element)
            if self.requested_at is None:
                raise ProtocolError("It's not your turn yet: no move was requested from you.")
            code = moves.code(data, self.seat, self.state["view"]["board"])
        except ProtocolError as problem:
            self._violate(str(problem))
            return
        self._post(code, moves.hint(data))

    def _post(self, code: str, hint: str | None = None) -> None:
        took = round((self.clock() - self.requested_at) * 1000)
        self.requested_at = None
        if self.allowed_ms is not None and took > self.allowed_ms:
            self.log(
                f"{self.id}: the program took {took / 1000:.1f} s for {code}, more than the "
                f"{self.allowed_ms / 1000:.1f} s its clock allowed: the table decides if it counts"
            )
        for attempt in range(3):
            try:
                form = {"hint": hint} if hint else None
                self.api.post(f"/api/bot/game/{self.id}/move/{code}", form)
                return
            except ApiError as refused:
                if refused.status == 400:
                    self._violate(f"Invalid move {code}: {refused}")
                    return
                self.log(f"{self.id}: move {code} not sent ({refused}); try {attempt + 2} of 3")
                time.sleep(1)
        self.log(f"{self.id}: move {code} could not be sent; the clock decides")

    def _violate(self, text: str) -> None:
        """A rule violation, as the season's server ended a match on one: the protocol's
        error to the program, then the bridge resigns for it."""
        if self.violation is not None or self.over:
            return
        self.violation = (self.seat, text)
        self.log(f"{self.id}: rule violation: {text}")
        if self.connection is not None:
            self.connection.send(messages.error(self.id, text))
        self._resign()

    def _resign(self) -> None:
        try:
            self.api.post(f"/api/bot/game/{self.id}/resign")
        except ApiError as refused:
            self.log(f"{self.id}: could not resign: {refused}")

    def _on_broken(self, item) -> None:
        source, text = item
        if source is self.connection:
            self._violate(text)

    def _on_closed(self, item) -> None:
        source, why = item
        if source is self.connection and not (self.over or self.gone):
            self._gone(why)

    def _gone(self, why: str) -> None:
        self.gone = True
        if self.violation is not None:
            return
        if self.realtime or (self.state and self.state.get("times")):
            self.log(f"{self.id}: {why}; its clock will run out")
        else:
            self.log(f"{self.id}: {why}; the bridge resigns for it (an untimed match)")
            self._resign()

    def _on_stream_end(self, _) -> None:
        if not self.over:
            self.over = True

    def _on_stream_refused(self, text: str) -> None:
        self.log(f"{self.id}: the game stream was refused: {text}")
        self.over = True

    def _finish(self) -> None:
        state = self.state
        if self.joined and self.connection is not None:
            self._memento()
            scores = outcome.scores(state, self.names, self.violation)
            self.connection.send(
                messages.result(self.id, scores, state.get("winners") or [], self.names)
            )
            self.connection.send(messages.left(self.id))
        winners = state.get("winners") or []
        said = ", ".join(self.names[s] for s in winners) or "nobody"
        self.log(f"{self.id}: over ({state['status']}, {state.get('reason')}); won: {said}")
        self.over = True
