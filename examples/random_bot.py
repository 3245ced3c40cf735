"""A program that plays any game of the table through its Bot API (docs/api.md), choosing a
random legal move: plain ``requests``, no framework.

    python examples/random_bot.py --url http://127.0.0.1:8000 --token gtp_… [--ladder hive]

It upgrades its account to a program's (once, if it has played no match), accepts every
challenge it is sent, and plays each match it is seated in, one thread per match, picking a
code from ``legal`` (or ``legalSample``, where a game's moves are too many to list). A lost
connection is opened again. With ``--ladder GAME`` it joins that game's ladder.
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time

import requests


class Api:
    def __init__(self, url: str, token: str):
        self.url = url.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def post(self, path: str) -> dict:
        answer = self.http.post(self.url + path, timeout=30)
        return answer.json() if answer.content else {}

    def stream(self, path: str):
        """The lines of an NDJSON stream, parsed; opened again whenever it breaks."""
        while True:
            try:
                with self.http.get(self.url + path, stream=True, timeout=(10, 60)) as answer:
                    if answer.status_code != 200:
                        print(path, answer.status_code, answer.text)
                        time.sleep(5)
                        continue
                    for line in answer.iter_lines():
                        if line:  # an empty line only keeps the connection open
                            yield json.loads(line)
                return
            except requests.RequestException as lost:
                print("connection lost, again in 2 s:", lost)
                time.sleep(2)


def random_code(game: str, seat: int, view: dict, codes: list[str], rng: random.Random) -> str:
    """This program's whole strategy: any legal code."""
    return rng.choice(codes)


def play(api: Api, game_id: str, choose=random_code) -> None:
    """Plays ``game_id`` to its end, asking ``choose(game, seat, view, codes, rng)`` for
    each move."""
    rng = random.Random()
    game, seat = None, None
    for event in api.stream(f"/api/bot/game/stream/{game_id}"):
        if event["type"] == "gameFull":
            game, seat = event["variant"]["key"], event["you"]
            event = event["state"]
        if event["type"] != "gameState":
            continue
        if event["status"] != "started":
            print(game_id, "over:", event["status"], event.get("winners"))
            return
        codes = event.get("legal") or event.get("legalSample")
        if codes:  # present only when it is this program's turn
            code = choose(game, seat, event["view"], codes, rng)
            answer = api.post(f"/api/bot/game/{game_id}/move/{code}")
            if "error" in answer:
                print(game_id, answer["error"])


def main(choose=random_code, description: str = __doc__) -> None:
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument(
        "--ladder", action="append", default=[], metavar="GAME",
        help="join this game's ladder (docs/api.md, The ladder); may be given again",
    )  # fmt: skip
    args = parser.parse_args()
    api = Api(args.url, args.token)
    print("upgrade:", api.post("/api/bot/account/upgrade"))
    for game in args.ladder:
        print("ladder:", game, api.post(f"/api/ladder/{game}/join"))
    playing: set[str] = set()
    for event in api.stream("/api/stream/event"):
        if event["type"] == "challenge" and event["challenge"].get("direction") == "in":
            print("accepting", event["challenge"]["id"])
            api.post(f"/api/challenge/{event['challenge']['id']}/accept")
        elif event["type"] == "gameStart":
            game_id = event["game"]["gameId"]
            if game_id not in playing:
                playing.add(game_id)
                print("playing", game_id, event["game"]["variant"]["name"])
                threading.Thread(target=play, args=(api, game_id, choose), daemon=True).start()
        elif event["type"] == "gameFinish":
            playing.discard(event["game"]["gameId"])


if __name__ == "__main__":
    main()
