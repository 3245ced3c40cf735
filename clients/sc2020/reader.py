"""Reads what a program sends: one ``<protocol>`` element whose children are the messages,
arriving in pieces of any size (a message split across reads, several in one read). An
incremental parser hands over each message once its end tag is in, and forgets it then, so
memory stays bounded by one message: a message longer than ``limit`` bytes is refused.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError, XMLPullParser

LIMIT = 64 * 1024  # bytes: a Hive move is about 200; a memento the bridge sends, about 9000


class ProtocolError(Exception):
    """What the program sent breaks the protocol; the text is sent back in ``<error>``."""


class Reader:
    def __init__(self, limit: int = LIMIT):
        self.limit = limit
        self.parser = XMLPullParser(events=("start", "end"))
        self.root: Element | None = None
        self.depth = 0
        self.pending = 0  # bytes read since the last whole message
        self.ended = False  # the program closed its <protocol>

    def feed(self, data: bytes) -> list[Element]:
        """The messages completed by ``data``; ProtocolError for anything else than the
        protocol's XML, or a message beyond the limit."""
        if self.ended:
            if data.strip():
                raise ProtocolError("Nothing may follow </protocol>.")
            return []
        self.pending += len(data)
        if self.pending > self.limit:
            raise ProtocolError(f"A message longer than {self.limit} bytes is refused.")
        try:
            self.parser.feed(data)
            events = list(self.parser.read_events())
        except ParseError as problem:
            raise ProtocolError(f"Not well-formed XML: {problem}.") from None
        done = []
        for event, element in events:
            if event == "start":
                self.depth += 1
                if self.depth == 1:
                    if element.tag != "protocol":
                        raise ProtocolError(
                            f"The stream must begin with <protocol>, not <{element.tag}>."
                        )
                    self.root = element
                continue
            self.depth -= 1
            if self.depth == 1:
                done.append(element)
                self.root.remove(element)
                self.pending = 0
            elif self.depth == 0:
                self.ended = True
        return done
