"""A Software Challenge 2020 Hive program, written from the season's XML documentation
(not from any program of the season), as the bridge's tests run it:

    python -m tests.clients.sc2020_player --mode random --record FILE -h HOST -p PORT -r CODE

It joins with its reservation (or ``<join gameType="swc_2020_hive"/>`` without one), reads
each memento into a position of our Hive engine and, when asked for a move, sends a random
legal one of that position, in the season's XML, each cut in pieces that reach the bridge
one by one. So every memento must be exactly the table's position: a wrong one makes
moves the table refuses. ``--mode`` makes it misbehave on its second move request
(``--mode a,b``: a in the match welcomed first, b in the others): ``illegal`` (a set onto a
bramble), ``malformed`` (XML that does not close), ``hang`` (never answers), ``exit``
(ends its process); ``random`` never does. Every message it reads is appended to
``--record`` as a JSON line for the test to read, with its match (``room``): programs
playing at once write to one record.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import time
from xml.etree.ElementTree import XMLPullParser, tostring

from games.hive.engine import ENGINE

COLOURS = ("RED", "BLUE")
HAND = ("BEE", "SPIDER", "BEETLE", "GRASSHOPPER", "ANT")


def position(state_element):
    """Our engine's position from the memento's <state>, and what it says is in each hand."""
    blocked, board = [], []
    for field in state_element.iter("field"):
        at = [int(field.get(k)) for k in ("x", "y", "z")]
        if field.get("isObstructed") == "true":
            blocked.append(at)
        pieces = [[COLOURS.index(p.get("owner")), p.get("type")] for p in field.findall("piece")]
        if pieces:
            board.append([at, pieces])
    turn = int(state_element.get("turn"))
    data = {"blocked": blocked, "board": board, "moves": [(turn + 1) // 2, turn // 2], "last": None}
    hands = []
    for name in ("undeployedRedPieces", "undeployedBluePieces"):
        hand = [p.get("type") for p in state_element.find(name).iter("piece")]
        hands.append({kind: hand.count(kind) for kind in HAND})
    return ENGINE.from_json(data), hands, turn


def xyz(name: str, field) -> str:
    x, y, z = field
    return f'<{name} x="{x}" y="{y}" z="{z}"/>'


def move_xml(move: dict, colour: str) -> str:
    if move["type"] == "skip":
        return '<data class="skipmove"/>'
    hint = '<hint content="random"/>'
    if move["type"] == "set":
        piece = f'<piece owner="{colour}" type="{move["piece"]}"/>'
        return f'<data class="setmove">{piece}{xyz("destination", move["to"])}{hint}</data>'
    start, destination = xyz("start", move["from"]), xyz("destination", move["to"])
    return f'<data class="dragmove">{start}{destination}{hint}</data>'


class Player:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.socket = socket.create_connection((args.host, args.port))
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.seat = None
        self.state = None
        self.room = None
        self.requests = 0

    def send(self, text: str, pieces: int = 1) -> None:
        data = text.encode()
        size = -(-len(data) // pieces)
        for i in range(0, len(data), size):
            self.socket.sendall(data[i : i + size])
            if pieces > 1:
                time.sleep(0.005)  # so the pieces travel apart

    def record(self, entry: dict) -> None:
        with open(self.args.record, "a") as file:
            file.write(json.dumps(entry) + "\n")

    def run(self) -> None:
        if self.args.reservation:
            self.send(f'<protocol><joinPrepared reservationCode="{self.args.reservation}"/>')
        else:
            self.send('<protocol><join gameType="swc_2020_hive"/>')
        parser = XMLPullParser(events=("start", "end"))
        depth = 0
        while True:
            data = self.socket.recv(65536)
            if not data:
                break
            parser.feed(data)
            for event, element in parser.read_events():
                depth += 1 if event == "start" else -1
                if event == "end" and depth == 1 and not self.handle(element):
                    self.send("</protocol>")
                    self.socket.close()
                    return

    def handle(self, element) -> bool:
        """Handles one message; False once the game is over for this program."""
        if element.tag == "left":
            self.record({"kind": "left", "room": element.get("roomId")})
            return False
        if element.tag != "room":
            self.record({"kind": element.tag})
            return True
        self.room = element.get("roomId")
        data = element.find("data")
        kind = data.get("class")
        if kind == "welcomeMessage":
            self.seat = COLOURS.index(data.get("color").upper())
            self.record({"kind": kind, "color": data.get("color"), "room": self.room})
        elif kind == "memento":
            self.memento(data.find("state"))
        elif kind == "sc.framework.plugins.protocol.MoveRequest":
            self.requests += 1
            self.record({"kind": "request", "count": self.requests, "room": self.room})
            self.move()
        elif kind == "result":
            scores = [
                {
                    "cause": s.get("cause"),
                    "reason": s.get("reason"),
                    "parts": [p.text for p in s.findall("part")],
                }
                for s in data.findall("score")
            ]
            winners = [w.get("color") for w in data.findall("winner")]
            self.record({"kind": kind, "scores": scores, "winners": winners, "room": self.room})
        else:
            self.record({"kind": kind, "xml": tostring(data, encoding="unicode")})
        return True

    def memento(self, state_element) -> None:
        self.state, hands, turn = position(state_element)
        view = ENGINE.view(self.state, None)
        self.record(
            {
                "kind": "memento",
                "room": self.room,
                "turn": turn,
                "current": state_element.get("currentPlayerColor"),
                "hands_agree": hands == view["reserves"],
                "last": (
                    state_element.find("lastMove").get("class")
                    if state_element.find("lastMove") is not None
                    else None
                ),
            }
        )

    def mode(self) -> str:
        """This start's mode: ``--mode a,b`` plays a in the match welcomed first in the
        record, b in the others (played one after another or at once)."""
        modes = self.args.mode.split(",")
        with open(self.args.record) as file:
            entries = [json.loads(line) for line in file]
        rooms = [e["room"] for e in entries if e["kind"] == "welcomeMessage"]
        return modes[min(rooms.index(self.room), len(modes) - 1)]

    def move(self) -> None:
        mode = self.mode()
        if self.requests >= 2 and mode == "hang":
            return
        if self.requests >= 2 and mode == "exit":
            os._exit(3)
        if self.requests >= 2 and mode == "illegal":
            x, y, z = ENGINE.view(self.state, None)["blocked"][0]
            data = f'<data class="setmove"><piece owner="{COLOURS[self.seat]}" type="ANT"/>{xyz("destination", (x, y, z))}</data>'
        elif self.requests >= 2 and mode == "malformed":
            self.send(
                f'<room roomId="{self.room}"><data class="setmove"><piece owner="RED" type="ANT"></room>'
            )
            return
        else:
            moves = list(ENGINE.legal_moves(self.state, self.seat))
            data = move_xml(self.rng.choice(moves), COLOURS[self.seat])
        self.send(f'<room roomId="{self.room}">{data}</room>', pieces=3)


def main() -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("-h", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=13050)
    parser.add_argument("-r", "--reservation", default="")
    parser.add_argument("--mode", default="random")
    parser.add_argument("--record", required=True)
    parser.add_argument("--seed", type=int, default=1)
    Player(parser.parse_args()).run()


if __name__ == "__main__":
    main()
