"""A program written for lichess with berserk, lichess's Python client, plays a Hive match
here with only its base URL and its token changed: it waits for the match on its event
stream, follows the game stream and moves by a code from ``legal``."""

from __future__ import annotations

import random
import threading

import berserk

from tests.api.conftest import fresh
from tooling.programs import TIMEOUT, play


class BoundedTokenSession(berserk.TokenSession):
    """berserk's session, but no request (its streams included) waits without a timeout:
    berserk passes none, and a read of a silent stream would hang the suite."""

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(method, url, **kwargs)


def lichess_bot(token: str, base_url: str, results: dict) -> None:
    """As a lichess bot is written, but for choosing from ``legal`` (chess has no such list)."""
    client = berserk.Client(session=BoundedTokenSession(token), base_url=base_url)
    me = client.account.get()["id"]
    rng = random.Random(7)
    for event in client.bots.stream_incoming_events():
        if event["type"] != "gameStart":
            continue
        game_id = event["game"]["gameId"]
        white = None
        for state in client.bots.stream_game_state(game_id):
            if state["type"] == "gameFull":
                white = state["white"]["id"] == me
                state = state["state"]
            if state["type"] != "gameState":
                continue
            results["last"] = state
            if state["status"] != "started":
                break
            my_turn = len(state["moves"].split()) % 2 == (0 if white else 1)
            if my_turn:
                client.bots.make_move(game_id, rng.choice(state["legal"]))
        return


def test_a_berserk_program_plays_a_hive_match(build, api_server):
    a, b = fresh("berserk"), fresh("opponent")
    clients, ids = build(
        {
            "users": [{"name": a, "program": True}, {"name": b, "program": True}],
            "matches": [{"game": "hive", "seats": [a, b]}],
        }
    )
    results: dict = {}
    bot = threading.Thread(
        target=lichess_bot, args=(clients[a].token, api_server.url + "/", results), daemon=True
    )
    bot.start()
    theirs = play(clients[b], ids[0], seed=3)
    bot.join(60)
    assert not bot.is_alive()
    assert theirs["status"] != "started"
    assert results["last"]["moves"] == theirs["moves"]
    # berserk read the clocks as lichess's: milliseconds turned into durations.
    assert results["last"]["wtime"].total_seconds() > 1_000_000
