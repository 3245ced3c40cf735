"""The server's side of permessage-deflate (config/serve.py): pushes compress at zlib's
fastest level, with the context kept from push to push."""

import random
import zlib

import pytest
from autobahn.websocket.compress import PerMessageDeflateOffer

from config.serve import (
    CONNECT_TIMEOUT,
    LEVEL,
    MEM_LEVEL,
    CompressingServer,
    FastDeflate,
    ServeCLI,
    accept_deflate,
)


def _frames(pmce, messages: list[bytes]) -> list[bytes]:
    sent = []
    for message in messages:
        pmce.start_compress_message()
        sent.append(pmce.compress_message_data(message) + pmce.end_compress_message())
    return sent


def _zlib(level: int, messages: list[bytes]) -> list[bytes]:
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS, MEM_LEVEL)
    return [(compressor.compress(m) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4] for m in messages]


def test_pushes_compress_at_the_fast_level_with_the_context_kept():
    accept = accept_deflate([PerMessageDeflateOffer(accept_no_context_takeover=True)])
    assert accept.request_no_context_takeover  # the page compresses each frame on its own
    pmce = FastDeflate.create_from_offer_accept(True, accept)
    spots = random.Random(1)
    page = b"".join(
        b'<circle cx="%d" cy="%d"/>' % (spots.randrange(240), spots.randrange(240))
        for _ in range(400)
    )
    messages = [page, page[:5000] + b'<circle cx="1" cy="1"/>' + page[5000:], page + b"<g/>"]
    sent = _frames(pmce, messages)
    assert sent == _zlib(LEVEL, messages) != _zlib(6, messages)
    assert len(sent[1]) < len(sent[0]) / 4  # the second push costs little more than what changed
    decompress = zlib.decompressobj(-zlib.MAX_WBITS)
    assert [decompress.decompress(s + b"\x00\x00\xff\xff") for s in sent] == messages


def test_a_socket_waits_up_to_a_minute_for_its_handshake_not_daphnes_five_seconds():
    """On a busy table a socket's lookups and first board wait behind the moves being
    recorded; Daphne's default dropped such sockets after 5 s. Its command line is run as
    `make run` runs it, and the server it builds is caught before it listens."""
    built = {}

    class Built(CompressingServer):
        def __init__(self, *args, **kwargs):
            built.update(kwargs)
            raise SystemExit("built, not run")

    cli = ServeCLI()
    cli.server_class = Built
    with pytest.raises(SystemExit):
        cli.run(["-b", "127.0.0.1", "-p", "0", "config.asgi:application"])
    assert built["websocket_connect_timeout"] == CONNECT_TIMEOUT == 60
    assert built["websocket_handshake_timeout"] == CONNECT_TIMEOUT
    with pytest.raises(SystemExit):
        cli.run(["--websocket_connect_timeout", "7", "config.asgi:application"])
    assert built["websocket_connect_timeout"] == 7  # still set on the command line
