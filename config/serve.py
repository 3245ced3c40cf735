"""Daphne, with WebSocket compression (permessage-deflate) accepted: ``python -m config.serve``
takes Daphne's own command-line arguments.

Each push is a whole fragment (board, players, move-list changes) of 5–190 KiB, and
consecutive pushes to one page are nearly the same text. With compression and context
takeover, each socket's compressor keeps the pages it sent before as its dictionary, so a
push costs about what changed: about 3 KiB on the wire for 33 KiB of HTML (median).
Every browser offers the extension; a client that does not gets plain frames.

It costs CPU: at the library's level 6, about 1.4 ms per move in ``bench/load.py --games
all`` (7.0 → 8.4 ms); at ``LEVEL`` 3, 0.15–0.30 ms a push of the large boards instead of
0.34–0.69 ms (``bench/render.py --compression``). ``WEBSOCKET_COMPRESSION=0`` turns it off
where bytes are cheap (a LAN, a proxy that compresses itself).

Only public hooks are used: the command line's ``server_class``, the server's
``ready_callable``, which runs once the WebSocket factory exists and before the reactor
starts, and there the factory's ``protocol`` (Twisted builds each socket's from it).
Memory: each compressing socket holds a zlib stream of about 140 KiB (``MEM_LEVEL``).
Pages send only small frames, so they are asked to compress each frame on its own, and this
side keeps no 32 KiB history per socket to read them.

Frames are bounded where they are read (``BoundedWebSocketProtocol``). Daphne reads every
frame off the wire as it arrives and queues it for the consumer without limit, so the
consumer's frame budget (``FRAME_BURST``, ``FRAMES_PER_SECOND``) would see a flood only
after it had filled the server's memory. Here a socket that sends more than ``BUDGET``
times that budget, or has ``BUDGET * FRAME_BURST`` frames waiting for the consumer, is
closed with 4429 "too many messages"; a message over ``MESSAGE_LIMIT`` times
``MAX_FRAME_BYTES`` (a compressed one once inflated) closes it with 1009 as soon as its
header or its inflating says so, before its body is buffered. A socket then holds at most
about 50 frames of 16 KiB waiting. A page never comes near either: the consumer answers a
page over its budget, or a frame over 4 KiB, with a short error long before. Without the
bound every frame a socket floods stays queued, about 6 KiB of server memory per 4,000-byte
frame: 98 MiB to 850 MiB in 8 s on an idle machine, 105 to 211 MiB for the 18,700 frames a
client sent in 8 s on a loaded one. It is now closed after its first 50 frames
(``tests/web/test_socket_flood.py``).

What the server sends is bounded per socket too. Twisted keeps every byte a socket has not
taken yet, so 40 spectators that never read grew the server by 61 MiB in 15 s of a match,
and by 46–50 MiB still under a bound of 2 MiB a socket (issue #55 item 7): the bound is now
256 KiB, above the largest push (about 190 KiB, sent whole without compression).
A socket with more than ``settings.WEBSOCKET_OUTBOUND_BYTES`` waiting is closed with 4008
"too slow to read" and dropped a second later if it does not answer (nothing more is queued
for it); a page that reads slowly opens its socket again and gets the whole fragment of the
position of now, which supersedes every push it missed. A socket that only ever sends is
still pinged on Daphne's schedule (Daphne's own check counts any frame as a sign of life),
so one that never reads is closed once a ping goes unanswered (``--ping-timeout``).
An API stream (NDJSON over HTTP) whose reader holds ``WEBSOCKET_OUTBOUND_BYTES`` unread is
cut the same way (``BoundedWebRequest``): its lines only grow while nobody reads them. Any
other response has the larger ``HTTP_OUTBOUND_BYTES``: Django sends every big page in 64 KiB
chunks, so a long match's replay (300 KiB and more) is all unread for a moment before the
browser reads it.
"""

from __future__ import annotations

import logging
import os
import time
import zlib

from autobahn.websocket.compress import (
    PERMESSAGE_COMPRESSION_EXTENSION,
    PerMessageDeflate,
    PerMessageDeflateOffer,
    PerMessageDeflateOfferAccept,
)
from daphne.cli import CommandLineInterface
from daphne.http_protocol import WebRequest
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol

log = logging.getLogger(__name__)

MEM_LEVEL = 4  # zlib's hash memory: 2**(4 + 9) bytes beside the 128 KiB window
LEVEL = 3  # zlib's last fast level: under half the default's CPU for about a fifth more bytes
BUDGET = 5  # the server's frame budget, in multiples of the consumer's (settings.FRAME_BURST…)
MESSAGE_LIMIT = 4  # the largest message read, in multiples of settings.MAX_FRAME_BYTES


class FastDeflate(PerMessageDeflate):
    """permessage-deflate whose server side compresses at ``LEVEL`` (the library always
    uses zlib's default, 6). Consecutive pushes share most of their text, which the kept
    context finds at any level; the default's slower search gains little on top."""

    def start_compress_message(self):
        if not self._is_server:
            super().start_compress_message()
        elif self._compressor is None or self.server_no_context_takeover:
            self._compressor = zlib.compressobj(
                LEVEL, zlib.DEFLATED, -self.server_max_window_bits, self.mem_level
            )


def accept_deflate(offers):
    """Accepts the first permessage-deflate offer, asking the client to compress each of its
    frames on its own (so this side keeps no decompressor per socket) when it can."""
    for offer in offers:
        if isinstance(offer, PerMessageDeflateOffer):
            return PerMessageDeflateOfferAccept(
                offer,
                request_no_context_takeover=offer.accept_no_context_takeover,
                mem_level=MEM_LEVEL,
            )
    return None


class BoundedWebSocketProtocol(WebSocketProtocol):
    """Daphne's WebSocket protocol with a bound on what one socket can make the server hold.

    Every frame (a message or a ping) takes a token from a bucket of ``burst`` that refills
    at ``rate`` a second; a frame finding the bucket empty, or the connection's queue to
    the consumer holding ``burst`` frames already, closes the socket with 4429, and frames
    that still arrive are dropped unread. Incoming messages are limited to
    ``max_message_bytes`` (compressed ones once inflated); the server's own pushes keep the
    factory's larger limit. The numbers are set from the settings when the server starts."""

    burst, rate = 50, 20.0
    max_message_bytes = 16 * 1024
    clock = staticmethod(time.monotonic)  # the bucket's clock (tests stop it)
    max_outbound_bytes = 256 * 2**10
    flooded = False
    too_slow = False
    failByDrop = False  # a message too big (or malformed) is refused with a close frame (1009…)

    def onConnect(self, request):
        self.tokens, self.stamp = float(self.burst), self.clock()
        self.maxMessagePayloadSize = self.max_message_bytes  # autobahn checks it on reading
        return super().onConnect(request)

    def sendMessage(self, *args, **kwargs):
        """Sends with the factory's limit (Daphne's ``--websocket_max_message_size``), unless
        the socket holds ``max_outbound_bytes`` unsent already: then it is closed."""
        if self.too_slow:
            return None
        if self.unsent_bytes() > self.max_outbound_bytes:
            self.too_slow = True
            log.warning("closing a WebSocket that does not read: %s", self.client_addr)
            self.sendClose(code=4008, reason="too slow to read")
            return None
        self.maxMessagePayloadSize = self.factory.maxMessagePayloadSize
        try:
            return super().sendMessage(*args, **kwargs)
        finally:
            self.maxMessagePayloadSize = self.max_message_bytes

    def unsent_bytes(self) -> int:
        return unsent_bytes(self.transport)

    def onMessage(self, payload, isBinary):
        if self.within_budget():
            pinged = self.last_ping
            super().onMessage(payload, isBinary)
            self.last_ping = pinged  # a frame received proves nothing is read: ping on time

    def onPing(self, payload):
        if self.within_budget():
            super().onPing(payload)

    def within_budget(self) -> bool:
        if self.flooded:
            return False
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        queue = getattr(self, "application_queue", None)
        if self.tokens >= 1 and (queue is None or queue.qsize() < self.burst):
            self.tokens -= 1
            return True
        self.flooded = True
        log.warning("closing a WebSocket that sent too many messages: %s", self.client_addr)
        self.sendClose(code=4429, reason="too many messages")
        return False


def unsent_bytes(transport) -> int:
    """What Twisted holds for a connection that its peer has not taken (its TCP transport's
    buffers; 0 for a transport without them)."""
    held = len(getattr(transport, "dataBuffer", b"")) - getattr(transport, "offset", 0)
    return held + getattr(transport, "_tempDataLen", 0)


class BoundedWebRequest(WebRequest):
    """Daphne's HTTP request, cutting a streamed response whose reader holds too much unread:
    the application is told it disconnected, and stops. An NDJSON stream (the API's) is held
    to ``stream_outbound_bytes``, as a WebSocket is; any other response to the larger
    ``max_outbound_bytes``, since Django sends a big page in 64 KiB chunks faster than a
    browser takes them (a long match's replay is 300 KiB and more)."""

    max_outbound_bytes = 2 * 2**20
    stream_outbound_bytes = 256 * 2**10
    ndjson = False  # the response started as an NDJSON stream

    def handle_reply(self, message):
        if message["type"] == "http.response.start":
            headers = {k.lower(): v for k, v in message.get("headers") or ()}
            self.ndjson = headers.get(b"content-type", b"").startswith(b"application/x-ndjson")
        bound = self.stream_outbound_bytes if self.ndjson else self.max_outbound_bytes
        body = message["type"] == "http.response.body" and message.get("more_body", False)
        transport = getattr(self.channel, "transport", None)
        if body and unsent_bytes(transport) > bound:
            log.warning("cutting a stream its reader does not read: %s", self.client_addr)
            transport.abortConnection()
            return
        super().handle_reply(message)


class CompressingServer(Server):
    """Daphne with compression accepted and each socket's frames bounded (the module's doc)."""

    def __init__(self, *args, ready_callable=None, **kwargs):
        def ready():
            from django.conf import settings  # the application imported has set Django up

            BoundedWebSocketProtocol.burst = BUDGET * settings.FRAME_BURST
            BoundedWebSocketProtocol.rate = BUDGET * settings.FRAMES_PER_SECOND
            BoundedWebSocketProtocol.max_message_bytes = MESSAGE_LIMIT * settings.MAX_FRAME_BYTES
            BoundedWebSocketProtocol.max_outbound_bytes = settings.WEBSOCKET_OUTBOUND_BYTES
            BoundedWebRequest.max_outbound_bytes = settings.HTTP_OUTBOUND_BYTES
            BoundedWebRequest.stream_outbound_bytes = settings.WEBSOCKET_OUTBOUND_BYTES
            build = self.http_factory.buildProtocol

            def bounded(addr):  # each HTTP connection's requests are Daphne's, bounded
                protocol = build(addr)
                if protocol is not None:
                    protocol.requestFactory = BoundedWebRequest
                return protocol

            self.http_factory.buildProtocol = bounded
            self.ws_factory.protocol = BoundedWebSocketProtocol
            if os.environ.get("WEBSOCKET_COMPRESSION", "1") != "0":
                PERMESSAGE_COMPRESSION_EXTENSION[PerMessageDeflate.EXTENSION_NAME]["PMCE"] = (
                    FastDeflate
                )
                self.ws_factory.setProtocolOptions(perMessageCompressionAccept=accept_deflate)
            if ready_callable:
                ready_callable()

        super().__init__(*args, ready_callable=ready, **kwargs)


# A socket's handshake waits for its session, its user and its match to be read and its
# first board rendered, on the one thread that also records every move. On a busy table that
# took longer than Daphne's 5 s, and Daphne dropped the socket (issue #56: 158 and 501
# sockets refused in runs of `bench/load.py --games all` on a loaded machine); a page then
# opens it again and queues the same work once more. A minute, as long as that client waits.
CONNECT_TIMEOUT = 60


class ServeCLI(CommandLineInterface):
    """Daphne's command line with this module's server and a handshake of ``CONNECT_TIMEOUT``
    seconds by default (``--websocket_connect_timeout`` still sets it)."""

    server_class = CompressingServer

    def __init__(self):
        super().__init__()
        self.parser.set_defaults(websocket_connect_timeout=CONNECT_TIMEOUT)


if __name__ == "__main__":
    ServeCLI.entrypoint()
