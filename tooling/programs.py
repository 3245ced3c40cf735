"""Programs as the API tests and bench/api_streams.py play them, over HTTP with ``requests``
as a program written for lichess would: a ``Client`` holds a token, and ``play`` reads a
game stream and, whenever it is to move, posts a code drawn from ``legal`` (or
``legalSample``, where a game does not list its moves).

Every read is bounded: a request waits at most ``TIMEOUT`` (connect, read) seconds, and a
stream's lines end with ``StreamTimeout`` once it has been open ``within`` seconds, as its
keep-alive lines would otherwise keep a silent socket's read timeout from ever firing.
"""

from __future__ import annotations

import json
import random
import threading
import time

import requests

TIMEOUT = (5, 30)


class StreamTimeout(AssertionError):
    """A stream stayed open longer than its reader allowed."""


class BoundedSession(requests.Session):
    """A session whose every request has a timeout unless the caller gives its own."""

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(method, url, **kwargs)


class Client:
    """One program: its token and a session that sends it."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        self.http = BoundedSession()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def get(self, path: str, **kwargs):
        return self.http.get(self.base + path, timeout=10, **kwargs)

    def post(self, path: str, **kwargs):
        return self.http.post(self.base + path, timeout=10, **kwargs)

    def stream(self, path: str, within: float = 120, raw: bool = False):
        """(response, iterator over the lines: parsed, or with ``raw`` the bytes sent; an
        empty line is None). A read waits at most 30 s; the lines stop with
        ``StreamTimeout`` after ``within`` seconds."""
        response = self.http.get(self.base + path, stream=True, timeout=TIMEOUT)
        deadline = time.monotonic() + within

        def lines():
            for line in response.iter_lines():
                if time.monotonic() > deadline:
                    response.close()
                    raise StreamTimeout(f"{path} still open after {within:g} s")
                if not line:
                    yield None
                else:
                    yield line if raw else json.loads(line)

        return response, lines()


def choose(state: dict, rng: random.Random, game: str) -> str:
    codes = state.get("legal") or state.get("legalSample") or []
    if game == "triangulum" and state["ply"] >= 6:
        return "pass"  # always legal: two in a row end a part, so the match ends soon
    return rng.choice(codes)


class MoveClock:
    """Round trips of moves, for a benchmark: from a program's POST to the moment its
    opponent's game stream shows the gameState with that ply. Shared by the threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.posted: dict = {}
        self.trips: list[float] = []
        self.moves = 0

    def post(self, public_id: str, ply: int) -> None:
        with self.lock:
            self.posted[public_id, ply] = time.perf_counter()
            self.moves += 1

    def seen(self, public_id: str, ply: int) -> None:
        now = time.perf_counter()
        with self.lock:
            started = self.posted.pop((public_id, ply), None)
            if started is not None:
                self.trips.append(now - started)


def play(
    client,
    public_id: str,
    seed: int,
    log: list | None = None,
    reconnect: bool = False,
    pause: float = 0,
    seconds: float = 90,
    clock: MoveClock | None = None,
    plies: int | None = None,
    hold: tuple[int, threading.Event] | None = None,
) -> dict:
    """Plays ``public_id`` to its end through ``client``; returns the last gameState. With
    ``reconnect``, a lost connection (a server restart) is opened again until the end. With
    ``plies``, the program to move resigns once the match has that many (a benchmark's
    bound); ``clock`` times the moves. With ``hold`` (ply, event), the program to move at
    that ply or later waits for the event first: a test keeps a running match where it is."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while True:
        try:
            return _play_once(client, public_id, rng, log, deadline, pause, clock, plies, hold)
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError, Cut):
            if not reconnect or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class Cut(Exception):
    """The stream ended before the match did (the server went away)."""


def _play_once(client, public_id, rng, log, deadline, pause, clock, plies, hold) -> dict:
    response, lines = client.stream(
        f"/api/bot/game/stream/{public_id}", within=deadline - time.monotonic() + 1
    )
    assert response.status_code == 200, response.text
    last = None
    game = None
    resigned = False
    for event in lines:
        assert time.monotonic() < deadline, f"{public_id} did not end in time"
        if event is None:
            continue
        if log is not None:
            log.append(event)
        if event["type"] == "gameFull":
            game = event["variant"]["key"]
            me = event["you"]
            event = event["state"]
        if event["type"] != "gameState":
            continue
        last = event
        if clock is not None:
            clock.seen(public_id, event["ply"])
        if event["status"] != "started":
            break
        if me in event["toMove"]:
            if plies is not None and event["ply"] >= plies:
                if resigned:
                    continue
                resigned = True
                answer = client.post(f"/api/bot/game/{public_id}/resign")
                assert answer.status_code == 200, answer.text
                continue
            if hold is not None and event["ply"] >= hold[0]:
                released = hold[1].wait(max(0.0, deadline - time.monotonic()))
                assert released, f"{public_id} held at ply {event['ply']} until its deadline"
            time.sleep(pause)
            code = choose(event, rng, game)
            if clock is not None:
                clock.post(public_id, event["ply"] + 1)
            answer = client.post(f"/api/bot/game/{public_id}/move/{code}")
            assert answer.status_code == 200, (code, answer.text)
    response.close()
    if last is None or last["status"] == "started":
        raise Cut
    return last


def play_all(pairs, **options) -> list:
    """Plays every (client, public id, seed) at once, each in a thread; their last states.
    ``options`` go to ``play``."""
    results: list = [None] * len(pairs)
    errors: list = []

    def run(index, client, public_id, seed):
        try:
            results[index] = play(client, public_id, seed, **options)
        except BaseException as error:  # noqa: BLE001 (reported by the caller)
            errors.append(error)

    threads = [
        threading.Thread(target=run, args=(i, *pair), daemon=True) for i, pair in enumerate(pairs)
    ]
    limit = time.monotonic() + options.get("seconds", 90) + 30
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.1, limit - time.monotonic()))
    if errors:
        raise errors[0]
    assert all(not t.is_alive() for t in threads), "a program did not finish its match"
    return results
