"""``python -m clients.sc2020 --url … --token … -- ./start.sh``: a Software Challenge 2020
Hive program plays at the table (docs/api.md, "Software Challenge programs")."""

from __future__ import annotations

import argparse
import re
import sys

from clients.sc2020.api import Api
from clients.sc2020.bridge import Bridge
from clients.sc2020.listener import Listener
from clients.sc2020.program import PORT


def clock(text: str) -> tuple[int, int]:
    """``5+3``: minutes and seconds added a move, as the table's presets are written."""
    match = re.fullmatch(r"(\d+)\+(\d+)", text)
    if match is None:
        raise argparse.ArgumentTypeError("a clock is minutes+seconds, e.g. 5+3")
    return int(match[1]), int(match[2])


def terms(args) -> dict:
    """The challenge's terms in the API's fields (docs/api.md, POST /api/challenge)."""
    form = {"rated": "true" if args.rated else "false"}
    if args.clock:
        minutes, increment = args.clock
        form["clock.limit"] = str(minutes * 60)
        form["clock.increment"] = str(increment)
    elif args.days:
        form["days"] = str(args.days)
    if args.color != "random":
        form["seat"] = "0" if args.color == "red" else "1"
    return form


def parse(argv: list[str]):
    parser = argparse.ArgumentParser(
        prog="python -m clients.sc2020",
        description="Plays a Software Challenge 2020 Hive program at the table through its Bot API.",
        epilog="The program's command follows --; the bridge adds -h 127.0.0.1 -p PORT -r RESERVATION. "
        'Without a command, start the program yourself (it joins with <join gameType="swc_2020_hive"/>).',
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the table's address")
    parser.add_argument("--token", required=True, help="the program account's API token")
    parser.add_argument("--port", type=int, default=PORT, help="where the program connects (13050)")
    parser.add_argument(
        "--matches", type=int, help="take no new match after this many (default: never)"
    )
    parser.add_argument("--challenge", metavar="NAME", help="challenge NAME before each match")
    parser.add_argument(
        "--clock", type=clock, metavar="MIN+SEC", help="the challenge's clock, e.g. 5+3"
    )
    parser.add_argument("--days", type=int, help="the challenge's days per turn instead")
    parser.add_argument("--rated", action="store_true", help="a rated challenge")
    parser.add_argument("--color", choices=("red", "blue", "random"), default="random")
    parser.add_argument("--ladder", action="store_true", help="join Hive's ladder")
    parser.add_argument("--owner", help="the ladder's owner name: the person behind the program")
    parser.add_argument("--tournament", metavar="ID", help="join this Hive tournament")
    parser.add_argument("--invite", help="the private tournament's invite")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- and the program's command")
    args = parser.parse_args(argv)
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)

    def log(line: str) -> None:
        print(line, flush=True)

    listener = Listener(args.port, reserved=bool(args.command))
    log(f"waiting for programs on 127.0.0.1:{listener.port}")
    try:
        bridge = Bridge(Api(args.url, args.token, log), listener, args.command, log)
        bridge.upgrade()
        if args.ladder and not bridge.join_ladder(args.owner):
            return 1
        if args.tournament and not bridge.join_tournament(args.tournament, args.invite):
            return 1
        return bridge.run(args.matches, args.challenge, terms(args))
    except KeyboardInterrupt:
        return 130
    finally:
        listener.close()


if __name__ == "__main__":
    sys.exit(main())
