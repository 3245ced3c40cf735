"""Daphne, with WebSocket compression (permessage-deflate) accepted: ``python -m config.serve``
takes Daphne's own command-line arguments.

Each push is a whole fragment (board, players, move-list changes) of 5–190 KiB, and
consecutive pushes to one page are nearly the same text. With compression and context
takeover, each socket's compressor keeps the pages it sent before as its dictionary, so a
push costs about what changed: about 3 KiB on the wire for 33 KiB of HTML (median).
Every browser offers the extension; a client that does not gets plain frames.

It costs CPU: at the library's level 6, about 1.4 ms per move in ``bench/load.py --games
all`` (7.0 → 8.4 ms); at ``LEVEL`` 3, 0.15–0.18 ms a push of the large boards instead of
0.35–0.45 ms. ``WEBSOCKET_COMPRESSION=0`` turns it off where bytes are cheap (a LAN, a
proxy that compresses itself).

Only public hooks are used: the command line's ``server_class`` and the server's
``ready_callable``, which runs once the WebSocket factory exists and before the reactor
starts. Memory: each compressing socket holds a zlib stream of about 140 KiB
(``MEM_LEVEL``). Pages send only small frames, so they are asked to compress each frame on
its own, and this side keeps no 32 KiB history per socket to read them.
"""

from __future__ import annotations

import os
import zlib

from autobahn.websocket.compress import (
    PERMESSAGE_COMPRESSION_EXTENSION,
    PerMessageDeflate,
    PerMessageDeflateOffer,
    PerMessageDeflateOfferAccept,
)
from daphne.cli import CommandLineInterface
from daphne.server import Server

MEM_LEVEL = 4  # zlib's hash memory: 2**(4 + 9) bytes beside the 128 KiB window
LEVEL = 3  # zlib's last fast level: under half the default's CPU for about a fifth more bytes


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


class CompressingServer(Server):
    def __init__(self, *args, ready_callable=None, **kwargs):
        def ready():
            if os.environ.get("WEBSOCKET_COMPRESSION", "1") != "0":
                PERMESSAGE_COMPRESSION_EXTENSION[PerMessageDeflate.EXTENSION_NAME]["PMCE"] = (
                    FastDeflate
                )
                self.ws_factory.setProtocolOptions(perMessageCompressionAccept=accept_deflate)
            if ready_callable:
                ready_callable()

        super().__init__(*args, ready_callable=ready, **kwargs)


class ServeCLI(CommandLineInterface):
    server_class = CompressingServer


if __name__ == "__main__":
    ServeCLI.entrypoint()
