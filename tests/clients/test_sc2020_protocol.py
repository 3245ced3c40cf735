"""The Software Challenge 2020 protocol as the bridge speaks it (clients/sc2020): golden
messages in the season's shapes, the program's moves read into codes, a stream read in
pieces, and the result of each way a match ends."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree.ElementTree import fromstring

import pytest

from clients.sc2020 import markup, messages, moves, outcome
from clients.sc2020.reader import LIMIT, ProtocolError, Reader
from games.hive.engine import ENGINE

GOLDEN = Path(__file__).parent / "golden"
NAMES = ["mybot", "rival"]
PLAYED = [
    (0, {"type": "set", "piece": "ANT", "to": [0, 0, 0]}),
    (1, {"type": "set", "piece": "BEE", "to": [1, -1, 0]}),
    (0, {"type": "set", "piece": "BEE", "to": [-1, 1, 0]}),
    (1, {"type": "set", "piece": "BEETLE", "to": [2, -1, -1]}),
    (0, {"type": "drag", "from": [-1, 1, 0], "to": [0, 1, -1]}),
    (1, {"type": "drag", "from": [2, -1, -1], "to": [1, -1, 0]}),  # onto its own bee
]


def view_after(count: int) -> dict:
    state = ENGINE.setup(2, 1, {"blocked": [[-4, 4, 0], [2, 2, -4], [3, -5, 2]]})
    for seat, move in PLAYED[:count]:
        state = ENGINE.apply(state, seat, move)
    return ENGINE.view(state, 0)


def test_the_memento_of_a_known_position_is_the_golden_one():
    # A beetle on a bee, two pieces in hand fewer for each, the last move a drag.
    assert (
        messages.memento("Xk3pQ9aZ", view_after(6), NAMES) == (GOLDEN / "memento.xml").read_text()
    )


def test_the_last_move_is_written_as_the_season_wrote_each_kind():
    text = messages.memento("r", view_after(1), NAMES)
    assert (
        '<lastMove class="setmove">\n          <piece owner="RED" type="ANT"/>\n'
        '          <destination x="0" y="0" z="0"/>\n        </lastMove>'
    ) in text
    assert "<lastMove" not in messages.memento("r", view_after(0), NAMES)
    skipped = {**view_after(0), "last": {"type": "skip", "from": None, "to": None}}
    assert '<lastMove class="skipmove"/>' in messages.memento("r", skipped, NAMES)


def test_the_result_is_the_golden_one():
    state = {
        "status": "variantEnd",
        "winners": [0],
        "reason": "bee surrounded",
        "view": {"scores": [4, 0], "moves_made": [12, 11]},
    }
    made = messages.result("Xk3pQ9aZ", outcome.scores(state, NAMES), [0], NAMES)
    assert made == (GOLDEN / "result.xml").read_text()


def test_the_short_messages():
    assert messages.joined("r1") == '\n  <joined roomId="r1"/>'
    assert messages.welcome("r1", 1) == (
        '\n  <room roomId="r1">\n    <data class="welcomeMessage" color="blue"/>\n  </room>'
    )
    assert messages.move_request("r1") == (
        '\n  <room roomId="r1">\n'
        '    <data class="sc.framework.plugins.protocol.MoveRequest"/>\n  </room>'
    )
    assert messages.error("r1", 'No "B" here & <there>') == (
        '\n  <room roomId="r1">\n'
        '    <data class="error" message="No &quot;B&quot; here &amp; &lt;there&gt;"/>\n  </room>'
    )
    assert messages.left("r1") == '\n  <left roomId="r1"/>'
    # Some clients of the season cut the stream at "</room>" after a space: it must be so.
    assert messages.memento("r1", view_after(2), NAMES).endswith("\n  </room>")


def end(status: str, winners: list, reason: str, scores=(3, 2), made=(7, 7)) -> dict:
    return {
        "status": status,
        "winners": winners,
        "reason": reason,
        "view": {"scores": list(scores), "moves_made": list(made)},
    }


@pytest.mark.parametrize(
    ("state", "violation", "expected"),
    [
        (end("variantEnd", [1], "bee surrounded"), None, [("REGULAR", 0), ("REGULAR", 2)]),
        (end("draw", [], "both bees surrounded"), None, [("REGULAR", 1), ("REGULAR", 1)]),
        (end("draw", [], "move limit"), None, [("REGULAR", 1), ("REGULAR", 1)]),
        (end("resign", [1], "resigned"), (0, "Bad move"), [("RULE_VIOLATION", 0), ("REGULAR", 2)]),
        (end("resign", [0], "resigned"), None, [("REGULAR", 2), ("LEFT", 0)]),
        (end("outoftime", [1], "time"), None, [("HARD_TIMEOUT", 0), ("REGULAR", 2)]),
        (end("timeout", [0], "abandoned"), None, [("REGULAR", 2), ("LEFT", 0)]),
        (end("aborted", [], "aborted", made=(1, 0)), None, [("REGULAR", 1), ("REGULAR", 1)]),
    ],
)
def test_each_end_gives_its_causes_and_points(state, violation, expected):
    scores = outcome.scores(state, NAMES, violation)
    assert [(s["cause"], s["points"]) for s in scores] == expected
    assert [s["free"] for s in scores] == list(state["view"]["scores"])
    if violation:
        assert scores[0]["reason"] == "Bad move"
    if state["status"] == "aborted":
        assert "rival (BLUE) did not make a first move" in scores[0]["reason"]


def test_a_refused_first_move_aborts_as_the_table_does_and_the_program_hears_its_rule():
    """The bridge resigns for a refused move; before every seat moved, the table aborts the
    match instead (docs/rules.md §7.3): no winner, and the violator's cause is still
    RULE_VIOLATION with the refusal, not a first move missed in time."""
    state = end("aborted", [], "left early", made=(0, 0))
    scores = outcome.scores(state, NAMES, (0, "Invalid move Q9.9: no such field"))
    assert [(s["cause"], s["points"]) for s in scores] == [("RULE_VIOLATION", 1), ("REGULAR", 1)]
    assert scores[0]["reason"] == "Invalid move Q9.9: no such field"
    assert scores[1]["reason"] == "Aborted: mybot (RED) left before every player had moved."


BOARD = [
    {"field": [0, 0, 0], "stack": [{"seat": 0, "piece": "ANT"}, {"seat": 1, "piece": "BEETLE"}]}
]


@pytest.mark.parametrize(
    ("xml", "seat", "code"),
    [
        (
            '<room roomId="r"><data class="setmove"><piece owner="RED" type="ANT"/>'
            '<destination x="1" y="-2" z="1"/></data></room>',
            0,
            "A1.-2",
        ),
        (
            '<room roomId="r"><data class="setmove"><piece owner="BLUE" type="BEE"/>'
            '<destination x="0" y="0" z="0"/><hint content="first"/></data></room>',
            1,
            "Q0.0",
        ),
        (  # the season's own test of a drag: coordinates as child elements
            '<room roomId="42"><data class="dragmove"><start><x>0</x><y>0</y><z>0</z></start>'
            "<destination><x>1</x><y>-1</y><z>0</z></destination></data></room>",
            1,
            "B0.0~1.-1",
        ),
        ('<room roomId="r"><data class="skipmove"/></room>', 0, "skip"),
        ('<room roomId="r"><data class="missmove"></data></room>', 1, "skip"),
    ],
)
def test_each_kind_of_move_reads_as_its_code(xml, seat, code):
    assert moves.code(moves.move_data(fromstring(xml)), seat, BOARD) == code


def test_hints_of_both_forms_are_read():
    data = fromstring(
        '<data class="skipmove"><hint content="Dies ist ein Hint."/><hint>noch einer</hint></data>'
    )
    assert moves.hints(data) == ["Dies ist ein Hint.", "noch einer"]


@pytest.mark.parametrize(
    ("xml", "says"),
    [
        ('<room roomId="r"><data class="setmove"><piece owner="BLUE" type="ANT"/>'
         '<destination x="0" y="0" z="0"/></data></room>', "set only your own pieces"),
        ('<room roomId="r"><data class="setmove"><piece owner="RED" type="LADYBUG"/>'
         '<destination x="0" y="0" z="0"/></data></room>', "Unknown piece type"),
        ('<room roomId="r"><data class="setmove"><piece owner="RED" type="ANT"/></data></room>',
         "needs a <destination>"),
        ('<room roomId="r"><data class="setmove"><piece owner="RED" type="ANT"/>'
         '<destination x="1" y="1" z="1"/></data></room>', "x + y + z must be 0"),
        ('<room roomId="r"><data class="setmove"><piece owner="RED" type="ANT"/>'
         '<destination x="one" y="1" z="1"/></data></room>', "whole number x"),
        ('<room roomId="r"><data class="dragmove"><start x="2" y="-1" z="-1"/>'
         '<destination x="1" y="-1" z="0"/></data></room>', "No piece stands on (2,-1,-1)"),
        ('<room roomId="r"><data class="flymove"/></room>', "Unknown move class"),
        ('<room roomId="r"/>', "needs its <data"),
        ("<joinPrepared/>", "is no move"),
    ],
)  # fmt: skip
def test_a_malformed_move_is_refused_saying_why(xml, says):
    with pytest.raises(ProtocolError, match=re.escape(says)):
        moves.code(moves.move_data(fromstring(xml)), 0, BOARD)


STREAM = (
    b'<protocol><joinPrepared reservationCode="abc"/>'
    b'<room roomId="r"><data class="skipmove"><hint content="\xc3\xa4"/></data></room>'
    b'<room roomId="r"><data class="missmove"/></room></protocol>'
)


def test_a_stream_in_one_piece_gives_every_message():
    reader = Reader()
    tags = [m.tag for m in reader.feed(STREAM)]
    assert tags == ["joinPrepared", "room", "room"] and reader.ended


def test_a_stream_byte_by_byte_gives_the_same_messages_each_when_its_end_is_in():
    reader = Reader()
    seen = []
    for i in range(len(STREAM)):
        for message in reader.feed(STREAM[i : i + 1]):
            seen.append((message.tag, i))
    assert [tag for tag, _ in seen] == ["joinPrepared", "room", "room"]
    ends = [STREAM.index(b"/>") + 1, STREAM.index(b"</room>") + 6, STREAM.rindex(b"</room>") + 6]
    assert [i for _, i in seen] == ends


def test_a_long_message_is_refused_and_memory_stays_bounded():
    reader = Reader()
    reader.feed(b'<protocol><room roomId="r"><data class="skipmove"><hint>')
    with pytest.raises(ProtocolError, match="longer than"):
        for _ in range(LIMIT // 1000 + 2):
            reader.feed(b"x" * 1000)


def padded(head: bytes, size: int) -> bytes:
    """``head`` and a message of one hint that together make ``size`` bytes."""
    message = b'<room roomId="r"><data class="skipmove"><hint>%s</hint></data></room>'
    return head + message % (b"x" * (size - len(head) - len(message % b"")))


def test_the_limit_holds_to_the_byte_from_the_first_message_on():
    """The first message counts from the stream's first byte, and every message after it
    from the end of the one before: exactly ``LIMIT`` bytes pass, one more is refused. (The
    count a connection starts with was never checked: each whole message resets it.)"""
    first = padded(b"<protocol>", LIMIT)
    assert len(Reader().feed(first)) == 1
    with pytest.raises(ProtocolError, match="longer than"):
        Reader().feed(padded(b"<protocol>", LIMIT + 1))
    reader = Reader()
    reader.feed(first)
    assert len(reader.feed(padded(b"", LIMIT))) == 1
    with pytest.raises(ProtocolError, match="longer than"):
        reader.feed(padded(b"", LIMIT + 1))


def test_many_short_messages_never_reach_the_limit():
    reader = Reader()
    reader.feed(b"<protocol>")
    one = b'<room roomId="r"><data class="skipmove"/></room>'
    for _ in range(3 * LIMIT // len(one)):
        assert len(reader.feed(one)) == 1
    assert len(reader.root) == 0  # each message forgotten once handed over


@pytest.mark.parametrize(
    ("pieces", "says"),
    [
        ([b"<protocol><room></data>"], "Not well-formed XML: mismatched tag: line 1, column 18."),
        ([b"hello world"], "Not well-formed XML: syntax error: line 1, column 0."),
        ([b"<join/>"], "The stream must begin with <protocol>, not <join>."),
        ([b"<protocol></protocol>", b"<protocol>"], "Nothing may follow </protocol>."),
    ],
)
def test_what_is_no_protocol_is_refused_in_these_words(pieces, says):
    # The words whole: the program reads them in <error>, and a part would let them change.
    reader = Reader()
    with pytest.raises(ProtocolError, match=f"^{re.escape(says)}$"):
        for piece in pieces:
            reader.feed(piece)


def test_text_is_escaped_and_what_xml_cannot_carry_is_dropped():
    assert markup.escape("a\x00b'\"<&>") == "ab&apos;&quot;&lt;&amp;&gt;"
