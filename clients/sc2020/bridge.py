"""The bridge's run: the program account's event stream, the challenges it accepts or
issues, the ladder and the tournament it joins, and its Hive matches, each played by a fresh
start of the program (as the season's launcher started one per game) and all at once: a
ladder encounter's two matches start together, and a program missing from a match's first
move loses it (docs/rules.md §7.3), which the ladder punishes with a pause.

Stopping (``matches`` played, or Ctrl-C) takes no new match: the event stream closes, so the
ladder seats the program no more, and an Arena is withdrawn from (which pauses it there).
Every match the table made for it is still played to its end: the running ones, and any
made as the stream closed, which a last look at the stream's opening lines (a gameStart per
running match) finds. A second Ctrl-C ends the programs at once.
"""

from __future__ import annotations

import contextlib
import queue
import signal
import threading
import time
import urllib.parse

from clients.sc2020.api import Api, ApiError
from clients.sc2020.listener import Listener
from clients.sc2020.match import Match

GAME = "hive"
LADDER_STATES = {
    "checking": "two check matches against Easy first",
    "on": "on the ladder",
}


class Bridge:
    def __init__(
        self, api: Api, listener: Listener, command: list[str], log=print, clock=time.monotonic
    ):
        self.api, self.listener, self.command = api, listener, command
        self.log, self.clock = log, clock
        self.games: queue.Queue = queue.Queue()
        self.seen: set[str] = set()
        self.stopping = threading.Event()
        self.playing: dict[str, Match] = {}
        self.on_ladder = False
        self.arena: str | None = None  # an Arena joined: withdrawn from on stopping

    # The event stream.

    def _events(self, look: bool = False) -> None:
        """The account's event stream until the bridge stops taking matches; with ``look``,
        its opening lines only (the matches running now). Ends with ("closed", why)."""
        why = None
        stop = (lambda: False) if look else self.stopping.is_set
        try:
            with contextlib.closing(
                self.api.stream("/api/stream/event", stop=stop, quiet=look)
            ) as events:
                for event in events:
                    if event is None:
                        break
                    self._event(event)
            if not (look or self.stopping.is_set()):
                why = "the table ended the event stream"
        except ApiError as refused:
            why = f"the event stream was refused: {refused}"
        except Exception as broke:  # noqa: BLE001 (the run must hear that its stream is gone)
            why = f"the event stream failed: {broke!r}"
        self.games.put(("closed", why))

    def _event(self, event: dict) -> None:
        kind = event.get("type")
        if kind == "challenge":
            challenge = event["challenge"]
            if challenge.get("direction") != "in":
                return
            if self.stopping.is_set():
                self.log(f"declining challenge {challenge['id']}: stopping")
                self._answer(f"/api/challenge/{challenge['id']}/decline", {"reason": "later"})
            elif challenge["variant"]["key"] == GAME:
                self.log(
                    f"accepting challenge {challenge['id']} from {challenge['challenger']['name']}"
                )
                self._answer(f"/api/challenge/{challenge['id']}/accept", {})
            else:
                self.log(f"declining challenge {challenge['id']}: not Hive")
                self._answer(f"/api/challenge/{challenge['id']}/decline", {"reason": "variant"})
        elif kind in ("challengeDeclined", "challengeCanceled"):
            challenge = event["challenge"]
            if challenge.get("direction") == "out":
                why = challenge.get("declineReason") or kind[len("challenge") :].lower()
                self.games.put(("declined", f"{challenge['destUser']['name']}: {why}"))
        elif kind == "gameStart":
            game = event["game"]
            if game["gameId"] in self.seen:
                return
            self.seen.add(game["gameId"])
            if game["variant"]["key"] == GAME:
                self.games.put(("game", game["gameId"]))
            else:
                self.log(f"{game['gameId']}: not a Hive match; left alone")

    def _answer(self, path: str, form: dict) -> None:
        try:
            self.api.post(path, form)
        except ApiError as refused:
            self.log(f"{path}: {refused}")

    # Joining.

    def upgrade(self) -> None:
        """Makes the account a program's. Already one, or one that has played as a person:
        the refusal is no matter (its moves say what is wrong)."""
        with contextlib.suppress(ApiError):
            self.api.post("/api/bot/account/upgrade")

    def join_ladder(self, owner: str | None) -> bool:
        """Joins Hive's ladder (docs/api.md, "The ladder"); whether it could."""
        try:
            form = {"owner": owner} if owner else {}
            entry = self.api.insist("POST", f"/api/ladder/{GAME}/join", form)
        except ApiError as refused:
            self.log(f"joining Hive's ladder: {refused}")
            return False
        self.on_ladder = True
        state = entry.get("state")
        self.log(f"joined Hive's ladder: {LADDER_STATES.get(state, state)}")
        return True

    def join_tournament(self, ident: str, invite: str | None) -> bool:
        """Joins a Hive tournament (docs/api.md, "Tournaments"); whether it could."""
        path = f"/api/tournament/{urllib.parse.quote(ident, safe='')}"
        try:
            query = f"?{urllib.parse.urlencode({'invite': invite})}" if invite else ""
            found = self.api.insist("GET", path + query)
            if found.get("game") != GAME:
                self.log(f"tournament {ident} plays {found.get('game')}, not Hive: not joined")
                return False
            self.api.insist("POST", path + "/join", {"invite": invite} if invite else {})
        except ApiError as refused:
            self.log(f"joining tournament {ident}: {refused}")
            return False
        if found.get("system") == "arena":
            self.arena = path
        self.log(f"joined tournament {ident} ({found.get('fullName')}, {found.get('system')})")
        return True

    # The run.

    def run(
        self, matches: int | None = None, challenge: str | None = None, terms: dict | None = None
    ) -> int:
        """Plays the account's Hive matches until ``matches`` have started (None: until
        stopped), then those the table made meanwhile; with ``challenge``, challenges that
        player whenever no match runs. Returns the process's exit status."""
        threading.Thread(target=self._events, daemon=True).start()
        status, started, streaming, looked_at = 0, 0, True, None
        with self._ctrl_c():
            while True:
                if matches is not None and started >= matches:
                    self._stop()
                if not streaming and not self.playing:
                    if looked_at == started:
                        return status  # the last look found no match left
                    looked_at, streaming = started, True
                    threading.Thread(target=self._events, args=(True,), daemon=True).start()
                if (
                    challenge is not None
                    and not self.stopping.is_set()
                    and not self.playing
                    and self.games.empty()
                    and not self._challenge(challenge, terms)
                ):
                    status = 1
                    self._stop()
                kind, item = self._next()
                if kind == "ctrl-c":
                    if self.stopping.is_set():
                        self._abandon()
                        return 130
                    self._stop(leave_ladder=True)
                elif kind == "game":
                    self._play(item)
                    started += 1
                elif kind == "ended":
                    self.playing.pop(item, None)
                elif kind == "closed":
                    streaming = False
                    if item is not None:  # no stream to look at again either
                        self.log(item)
                        status, looked_at = 1, started
                        self._stop()
                elif kind == "declined":
                    self.log(f"the challenge went unanswered ({item})")
                    if challenge is not None:
                        status = 1
                        self._stop()

    @contextlib.contextmanager
    def _ctrl_c(self):
        """While the run lasts, a Ctrl-C is counted and the run's loop takes it as an item
        (``_next``) and acts on it whole. Raised as KeyboardInterrupt at whatever line the
        main thread was on, it could escape the loop (a backward jump lies outside the try)
        or cost an item the queue had just handed over, and the bridge hung with its matches
        over. Only the main thread may set a signal handler; a run in another thread (a
        test's) leaves Ctrl-C alone."""
        self._interrupts = self._heard = 0
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def heard(_signal, _frame):
            self._interrupts += 1

        before = signal.signal(signal.SIGINT, heard)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, before)

    def _next(self) -> tuple[str, object]:
        """The run's next item: a Ctrl-C heard since the last (``("ctrl-c", None)``) or what
        the threads put on the queue, looked at every quarter second."""
        while True:
            if self._interrupts > self._heard:
                self._heard += 1
                return "ctrl-c", None
            try:
                return self.games.get(timeout=0.25)
            except queue.Empty:
                pass

    def _challenge(self, name: str, terms: dict | None) -> bool:
        try:
            made = self.api.post(f"/api/challenge/{name}", {"variant": GAME, **(terms or {})})
        except ApiError as refused:
            self.log(f"challenging {name}: {refused}")
            return False
        self.log(f"challenged {name}: {made.get('id')}")
        return True

    def _play(self, game_id: str) -> None:
        match = Match(self.api, game_id, self.listener, self.command, self.clock, self.log)
        self.playing[game_id] = match
        threading.Thread(target=self._played, args=(match,), daemon=True).start()

    def _played(self, match: Match) -> None:
        try:
            match.play()
        except Exception as broke:  # noqa: BLE001 (the other matches must still be played)
            self.log(f"{match.id}: the bridge failed in this match: {broke!r}")
        finally:
            if self.on_ladder and match.missed():
                self.log(
                    f"{match.id}: the program did not answer in time, for which the ladder "
                    "pauses it (its profile says why); once it is fixed, --ladder joins again"
                )
            self.games.put(("ended", match.id))

    def _stop(self, leave_ladder: bool = False) -> None:
        """Takes no new match from now on (out of an Arena; off the ladder at a Ctrl-C); the
        running ones are played to their end. After ``--matches N`` it stays on the ladder,
        so a pause for a missed move is still recorded and shown to its owner."""
        if self.stopping.is_set():
            return
        self.stopping.set()
        if leave_ladder and self.on_ladder:  # else the ladder seats it again as it stops
            self._answer(f"/api/ladder/{GAME}/leave", {})
            self.log("left Hive's ladder (--ladder joins again)")
        if self.arena is not None:
            self._answer(self.arena + "/withdraw", {})
            self.log("withdrew from the Arena (paused there: --tournament joins again)")
        if self.playing:
            self.log(
                f"stopping: {len(self.playing)} running matches are played to their end "
                "(Ctrl-C again ends them now)"
            )

    def _abandon(self) -> None:
        """A second Ctrl-C: the programs end now, their matches left to the clock."""
        for match in list(self.playing.values()):
            if match.process is not None:
                match.process.end()
