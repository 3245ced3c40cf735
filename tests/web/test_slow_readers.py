"""What the server holds for one WebSocket is bounded both ways (issue #35 item 1,
config/serve.py).

Twisted keeps every byte a peer has not taken: 40 spectator sockets that finished the
handshake and never read grew Daphne by 61 MiB in 15 s of a match. Past
``max_outbound_bytes`` held for a socket, nothing more is queued and it is closed (4008),
then dropped when it does not answer. And a socket that only ever sends is pinged on
Daphne's schedule, so one that never reads is closed when its ping goes unanswered.
"""

import time
from types import SimpleNamespace

from daphne.http_protocol import WebRequest
from daphne.ws_protocol import WebSocketProtocol

from config.serve import BoundedWebRequest, BoundedWebSocketProtocol


class Queue(list):
    put_nowait = list.append

    def qsize(self):
        return len(self)


def protocol(held: int):
    """The server's protocol for one open socket whose transport holds ``held`` bytes."""
    p = BoundedWebSocketProtocol.__new__(BoundedWebSocketProtocol)
    p.tokens, p.stamp, p.flooded, p.muted = 50.0, time.monotonic(), False, False
    p.client_addr, p.application_queue = ("127.0.0.1", 1), Queue()
    p.factory = SimpleNamespace(maxMessagePayloadSize=2**24)
    p.transport = SimpleNamespace(dataBuffer=b"x" * held, offset=0, _tempDataLen=0)
    p.max_outbound_bytes = 64 * 1024
    p.closes, p.sent = [], []
    p.sendClose = lambda code, reason: p.closes.append((code, reason))
    return p


def test_a_socket_holding_too_much_unsent_is_closed_and_sent_nothing_more(monkeypatch):
    monkeypatch.setattr(
        WebSocketProtocol, "sendMessage", lambda self, payload, *a, **k: self.sent.append(payload)
    )
    reading = protocol(held=10 * 1024)
    reading.sendMessage(b"<div id='board'>")
    assert reading.sent == [b"<div id='board'>"] and reading.closes == []

    stuck = protocol(held=64 * 1024 + 1)
    stuck.sendMessage(b"<div id='board'>")
    stuck.sendMessage(b"<div id='board'> again")
    assert stuck.sent == [] and stuck.closes == [(4008, "too slow to read")]


def test_a_socket_that_only_sends_is_still_pinged_on_schedule():
    """Daphne pings a socket once ``--ping-interval`` passed since ``last_ping``, and counts
    every frame received as one: a socket sending a tiny frame every 15 s was never pinged,
    so one that never reads was never closed. A frame no longer moves the schedule."""
    p = protocol(held=0)
    p.last_ping = 100.0
    p.onMessage(b"{}", False)
    assert p.application_queue and p.last_ping == 100.0


def test_an_api_stream_whose_reader_holds_too_much_is_cut(monkeypatch):
    """An NDJSON stream (docs/api.md) whose reader never reads: its connection is aborted
    once Twisted holds the stream's bound for it, instead of keeping every line. A page held
    as much is not: Django sends a long page in 64 KiB chunks faster than a browser reads."""
    written = []
    monkeypatch.setattr(WebRequest, "handle_reply", lambda self, message: written.append(message))
    line = {"type": "http.response.body", "body": b"{}\n", "more_body": True}

    def replies(content_type: bytes) -> list:
        request = BoundedWebRequest.__new__(BoundedWebRequest)
        request.client_addr = ("127.0.0.1", 1)
        request.stream_outbound_bytes, request.max_outbound_bytes = 64 * 1024, 2**20
        start = {"type": "http.response.start", "headers": [(b"Content-Type", content_type)]}
        request.channel = SimpleNamespace(transport=None)
        request.handle_reply(start)
        aborted = []
        for held in (10 * 1024, 64 * 1024 + 1):
            transport = SimpleNamespace(
                dataBuffer=b"x" * held,
                offset=0,
                _tempDataLen=0,
                abortConnection=lambda: aborted.append(1),
            )
            request.channel = SimpleNamespace(transport=transport)
            request.handle_reply(line)
        return aborted

    assert replies(b"application/x-ndjson") == [1]
    assert written[1:] == [line]  # the start, then the one line before the cut
    written.clear()
    assert replies(b"text/html; charset=utf-8") == []
    assert written[1:] == [line, line]
