"""The bridge's answers to the account's events (clients/sc2020/bridge.py): a Hive
challenge is accepted, any other declined as another variant, and every one declined once
the bridge is stopping; each Hive match is queued once, however often its gameStart comes; a
declined challenge of its own is reported."""

from __future__ import annotations

import pytest

from clients.sc2020.__main__ import parse, terms
from clients.sc2020.bridge import Bridge


class Table:
    def __init__(self):
        self.posted: list[tuple] = []

    def post(self, path, form=None):
        self.posted.append((path, form))
        return {"ok": True}


def challenge(key: str, direction: str = "in", **more) -> dict:
    return {
        "type": "challenge",
        "challenge": {"id": f"C{key}", "variant": {"key": key}, "direction": direction,
                      "challenger": {"name": "ann"}, "destUser": {"name": "bob"}, **more},
    }  # fmt: skip


def test_hive_challenges_are_accepted_and_other_games_declined():
    table, said = Table(), []
    bridge = Bridge(table, None, [], log=said.append)
    for event in (challenge("hive"), challenge("powerdrain"), challenge("hive", "out")):
        bridge._event(event)
    assert table.posted == [
        ("/api/challenge/Chive/accept", {}),
        ("/api/challenge/Cpowerdrain/decline", {"reason": "variant"}),
    ]


def test_a_stopping_bridge_declines_every_challenge_as_later():
    table = Table()
    bridge = Bridge(table, None, [], log=[].append)
    bridge.stopping.set()
    bridge._event(challenge("hive"))
    assert table.posted == [("/api/challenge/Chive/decline", {"reason": "later"})]


def test_a_ctrl_c_takes_the_bridge_off_the_ladder_once():
    table = Table()
    bridge = Bridge(table, None, [], log=[].append)
    bridge.on_ladder = True
    bridge._stop(leave_ladder=True)
    bridge._stop(leave_ladder=True)
    assert table.posted == [("/api/ladder/hive/leave", {})]
    after_its_matches = Bridge(table, None, [], log=[].append)
    after_its_matches.on_ladder = True
    after_its_matches._stop()  # --matches N: a pause for a missed move is still recorded
    assert table.posted == [("/api/ladder/hive/leave", {})]


def test_each_hive_match_is_queued_once_and_other_games_left_alone():
    bridge = Bridge(Table(), None, [], log=[].append)
    for key, game in (("hive", "A"), ("hive", "A"), ("triangulum", "B"), ("hive", "C")):
        bridge._event({"type": "gameStart", "game": {"gameId": game, "variant": {"key": key}}})
    queued = [bridge.games.get_nowait() for _ in range(bridge.games.qsize())]
    assert queued == [("game", "A"), ("game", "C")]


def test_a_declined_challenge_of_its_own_is_reported():
    bridge = Bridge(Table(), None, [], log=[].append)
    declined = challenge("hive", "out", declineReason="I'm not accepting challenges right now.")
    bridge._event({**declined, "type": "challengeDeclined"})
    assert bridge.games.get_nowait() == ("declined", "bob: I'm not accepting challenges right now.")


def test_a_challenge_of_its_own_declined_or_canceled_without_a_reason_is_reported_as_such():
    bridge = Bridge(Table(), None, [], log=[].append)
    for kind in ("challengeDeclined", "challengeCanceled"):
        bridge._event({**challenge("hive", "out"), "type": kind})
    queued = [bridge.games.get_nowait() for _ in range(bridge.games.qsize())]
    assert queued == [("declined", "bob: declined"), ("declined", "bob: canceled")]


def test_the_command_line_gives_the_program_s_command_and_the_challenge_s_terms():
    args = parse(["--token", "t", "--clock", "5+3", "--color", "blue", "--", "./start.sh", "-v"])
    assert args.command == ["./start.sh", "-v"] and args.port == 13050
    assert terms(args) == {
        "rated": "false",
        "clock.limit": "300",
        "clock.increment": "3",
        "seat": "1",
    }
    assert terms(parse(["--token", "t", "--days", "2", "--rated"])) == {
        "rated": "true",
        "days": "2",
    }
    with pytest.raises(SystemExit):
        parse(["--token", "t", "--clock", "five"])
    joins = parse(
        ["--token", "t", "--ladder", "--owner", "Ann", "--tournament", "T", "--invite", "i"]
    )
    assert (joins.ladder, joins.owner, joins.tournament, joins.invite) == (True, "Ann", "T", "i")
    assert not parse(["--token", "t"]).ladder
