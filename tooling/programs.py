"""A program as a test plays: it reads its game stream and, whenever it is to move, posts a
code drawn from ``legal`` (or ``legalSample``, where a game does not list its moves)."""

from __future__ import annotations

import random
import threading
import time

import requests


def choose(state: dict, rng: random.Random, game: str) -> str:
    codes = state.get("legal") or state.get("legalSample") or []
    if game == "triangulum" and state["ply"] >= 6:
        return "pass"  # always legal: two in a row end a part, so the match ends soon
    return rng.choice(codes)


def play(
    client,
    public_id: str,
    seed: int,
    log: list | None = None,
    reconnect: bool = False,
    pause: float = 0,
) -> dict:
    """Plays ``public_id`` to its end through ``client``; returns the last gameState. With
    ``reconnect``, a lost connection (a server restart) is opened again until the end."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 90
    while True:
        try:
            return _play_once(client, public_id, rng, log, deadline, pause)
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError, Cut):
            if not reconnect or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


class Cut(Exception):
    """The stream ended before the match did (the server went away)."""


def _play_once(client, public_id: str, rng: random.Random, log, deadline, pause: float) -> dict:
    response, lines = client.stream(f"/api/bot/game/stream/{public_id}")
    assert response.status_code == 200, response.text
    last = None
    game = None
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
        if event["status"] != "started":
            break
        if me in event["toMove"]:
            time.sleep(pause)
            code = choose(event, rng, game)
            answer = client.post(f"/api/bot/game/{public_id}/move/{code}")
            assert answer.status_code == 200, (code, answer.text)
    response.close()
    if last is None or last["status"] == "started":
        raise Cut
    return last


def play_all(pairs) -> list:
    """Plays every (client, public id, seed) at once, each in a thread; their last states."""
    results: list = [None] * len(pairs)
    errors: list = []

    def run(index, client, public_id, seed):
        try:
            results[index] = play(client, public_id, seed)
        except BaseException as error:  # noqa: BLE001 (reported by the caller)
            errors.append(error)

    threads = [
        threading.Thread(target=run, args=(i, *pair), daemon=True) for i, pair in enumerate(pairs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    if errors:
        raise errors[0]
    assert all(not t.is_alive() for t in threads), "a program did not finish its match"
    return results
