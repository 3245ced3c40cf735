"""The bridge's joins ask again while the table fails or is busy, and take a refusal at once
(clients/sc2020/api.py ``insist``), against a small HTTP server that answers as told."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from clients.sc2020.api import Api, ApiError


def table(answers: list[int]):
    """A server answering each POST with the next status of ``answers``; its requests."""
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            asked.append(self.path)
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            status = answers.pop(0)
            body = json.dumps({"ok": True} if status == 200 else {"error": f"said {status}"})
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, asked


def test_a_join_is_asked_again_while_the_table_fails_and_a_refusal_is_taken_at_once():
    server, asked = table([503, 200, 404])
    said: list[str] = []
    api = Api(f"http://127.0.0.1:{server.server_port}", "t", log=said.append)
    try:
        assert api.insist("POST", "/api/ladder/hive/join") == {"ok": True}
        assert asked == ["/api/ladder/hive/join"] * 2 and "said 503; again in 2 s" in said[0]
        with pytest.raises(ApiError, match="said 404"):
            api.insist("POST", "/api/tournament/x/join")
        assert len(asked) == 3
    finally:
        server.shutdown()
