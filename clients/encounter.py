"""Two programs compared on a running table: the client of ``manage.py run_encounter``
(docs/api.md, "Comparing two programs").

With a token of each program's account it plays match after match between them over the
Bot API, the first seat alternating: one challenges the other (``POST /api/challenge/…``),
the other's token accepts (the programs themselves play), and the game stream is followed to
the end, timing each side's moves by when the positions arrive. It stops once the matches are
played, or early, after at least ``minimum`` matches, when a two-sided binomial test on the
decisive ones (draws left out, as in a sign test) is below ``significance``.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import requests

TIMEOUT = (10, 60)


# --- The statistics ------------------------------------------------------------------------


def binomial_p(wins: int, losses: int) -> float:
    """The two-sided p-value of ``wins`` against ``losses`` when each decisive match is a coin
    toss (exact: twice the smaller tail, at most 1)."""
    n = wins + losses
    if n == 0:
        return 1.0
    low = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(low + 1)) / 2**n
    return min(1.0, 2 * tail)


def wilson(score: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` over ``n`` trials (95 % by
    default); (0, 1) for none."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """A's results against B, and each side's move times in seconds."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    aborted: int = 0
    times: dict = field(default_factory=lambda: {"a": [], "b": []})

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's share of the points (a draw is half)."""
        return (self.wins + self.draws / 2) / self.played if self.played else 0.0

    def p_value(self) -> float:
        return binomial_p(self.wins, self.losses)

    def decided(self, significance: float, minimum: int = 20) -> bool:
        return self.played >= minimum and self.p_value() < significance

    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.played)

    def average(self, side: str) -> float | None:
        times = self.times[side]
        return sum(times) / len(times) if times else None

    def report(self, a: str, b: str) -> str:
        low, high = self.interval()

        def ms(side):
            value = self.average(side)
            return "–" if value is None else f"{value * 1000:.0f} ms"

        return "\n".join(
            [
                f"{a} against {b}: {self.wins} won, {self.draws} drawn, {self.losses} lost"
                + (f" ({self.aborted} aborted, not counted)" if self.aborted else ""),
                f"{a}'s score {self.score:.1%}, 95 % interval {low:.1%} to {high:.1%}",
                f"binomial test (decisive matches): p = {self.p_value():.4g}",
                f"average move time: {a} {ms('a')}, {b} {ms('b')}",
            ]
        )


# --- Over the API --------------------------------------------------------------------------


class Refused(Exception):
    """The table said no (the message is its error)."""


class Side:
    """One program's account: its name and a session that sends its token."""

    def __init__(self, url: str, name: str, token: str):
        self.url, self.name = url.rstrip("/"), name
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def post(self, path: str, data: dict | None = None) -> dict:
        """The JSON answer; waits out a 429 (a limit per minute or hour) and tries again."""
        while True:
            answer = self.http.post(self.url + path, data=data or {}, timeout=TIMEOUT)
            try:
                body = answer.json() if answer.content else {}
            except ValueError:  # not the API's JSON: a server error page, a proxy's answer
                raise Refused(f"{path}: {answer.status_code} {answer.text[:200]!r}") from None
            if answer.status_code == 429:
                time.sleep(30)
                continue
            if answer.status_code >= 400:
                raise Refused(f"{path}: {body.get('error', answer.status_code)}")
            return body

    def lines(self, path: str):
        with self.http.get(self.url + path, stream=True, timeout=TIMEOUT) as answer:
            if answer.status_code != 200:
                raise Refused(f"{path}: {answer.text}")
            for line in answer.iter_lines():
                if line:
                    yield json.loads(line)


def play_one(game: str, first: Side, second: Side, clock: tuple[int, int]) -> str:
    """Makes one match, ``first`` in seat 1 and ``second`` in seat 2; returns its id."""
    minutes, increment = clock
    challenge = first.post(
        f"/api/challenge/{second.name}",
        {
            "variant": game,
            "rated": "false",
            "seat": "0",
            "clock.limit": str(minutes * 60),
            "clock.increment": str(increment),
        },
    )
    accepted = second.post(f"/api/challenge/{challenge['id']}/accept")
    return accepted["gameId"]


def follow(watcher: Side, game_id: str) -> tuple[dict, list[tuple[int, float]]]:
    """The last ``gameState`` of ``game_id`` and, for each move, (seat that moved, seconds it
    took by when the positions arrived)."""
    moves, last, since, mover = [], None, None, None
    for event in watcher.lines(f"/api/bot/game/stream/{game_id}"):
        if event.get("type") == "gameFull":
            event = event["state"]
        if event.get("type") != "gameState":
            continue
        now = time.monotonic()
        if since is not None and last is not None and event["ply"] > last["ply"]:
            moves.append((mover, now - since))
        last, since = event, now
        mover = (event.get("toMove") or [None])[0]
        if event["status"] != "started":
            break
    return last or {}, moves


@dataclass
class Encounter:
    url: str
    game: str
    a: tuple[str, str]  # (name, token)
    b: tuple[str, str]
    matches: int = 100
    significance: float = 0.05
    minimum: int = 20
    clock: tuple[int, int] = (1, 1)
    parallel: int = 1
    say: Callable[[str], None] = print

    def run(self) -> Tally:
        """Plays until the matches are played or the test is decided; the tally."""
        a, b = Side(self.url, *self.a), Side(self.url, *self.b)
        tally = Tally()
        lock = threading.Lock()
        numbers = iter(range(self.matches))
        stop = threading.Event()
        errors: list[BaseException] = []

        def worker():
            while not stop.is_set():
                with lock:
                    number = next(numbers, None)
                if number is None:
                    return
                try:
                    self._one(number, a, b, tally, lock, stop)
                except BaseException as error:  # noqa: BLE001 (reported below)
                    errors.append(error)
                    stop.set()

        threads = [threading.Thread(target=worker, daemon=True) for _ in range(self.parallel)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if errors:
            raise errors[0]
        return tally

    def _one(self, number: int, a: Side, b: Side, tally: Tally, lock, stop) -> None:
        first, second = (a, b) if number % 2 == 0 else (b, a)
        game_id = play_one(self.game, first, second, self.clock)
        last, moves = follow(a, game_id)
        seat_a = 0 if first is a else 1
        winners = last.get("winners") or []
        with lock:
            for seat, seconds in moves:
                tally.times["a" if seat == seat_a else "b"].append(seconds)
            if last.get("status") == "aborted":
                tally.aborted += 1
                outcome = "aborted"
            elif not winners or len(winners) > 1:
                tally.draws += 1
                outcome = "draw"
            elif seat_a in winners:
                tally.wins += 1
                outcome = f"{a.name} won"
            else:
                tally.losses += 1
                outcome = f"{b.name} won"
            self.say(
                f"{number + 1:>4}  {game_id}  {first.name} first: {outcome}  "
                f"({tally.wins}-{tally.draws}-{tally.losses}, p = {tally.p_value():.3g})"
            )
            if tally.decided(self.significance, self.minimum):
                stop.set()
