"""The Bot API (docs/api.md) from the standard library alone: JSON requests and NDJSON
streams with the program account's token. Nothing here knows the competition."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request

STREAM_READ_SECONDS = 60  # a stream sends an empty line every few seconds while quiet
REQUEST_SECONDS = 30


class ApiError(Exception):
    """A request the table refused (``status`` 4xx) or could not be reached (``status`` 0)."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status = status


class Api:
    def __init__(self, url: str, token: str, log=print):
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}
        self.log = log

    def _open(self, method: str, path: str, form: dict | None = None, timeout=REQUEST_SECONDS):
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(
            self.url + path, data=body, headers=self.headers, method=method
        )
        try:
            return urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as refused:
            try:
                text = json.loads(refused.read() or b"{}").get("error") or refused.reason
            except ValueError:
                text = str(refused.reason)
            raise ApiError(refused.code, text) from None
        except (urllib.error.URLError, OSError) as lost:
            raise ApiError(0, f"{self.url} cannot be reached: {lost}") from None

    def post(self, path: str, form: dict | None = None) -> dict:
        """The JSON answer; ApiError for a refusal (with the table's message)."""
        with self._open("POST", path, form if form is not None else {}) as answer:
            return json.loads(answer.read() or b"{}")

    def get(self, path: str) -> dict:
        with self._open("GET", path) as answer:
            return json.loads(answer.read() or b"{}")

    def insist(self, method: str, path: str, form: dict | None = None) -> dict:
        """A request asked up to three times, 2 s apart, while the table is unreachable,
        busy (429) or failing (5xx); a refusal (4xx) at once."""
        attempts = 0
        while True:
            try:
                return self.post(path, form) if method == "POST" else self.get(path)
            except ApiError as problem:
                attempts += 1
                if (400 <= problem.status < 500 and problem.status != 429) or attempts == 3:
                    raise
                self.log(f"{path}: {problem}; again in 2 s")
            time.sleep(2)

    def stream(self, path: str, stop=lambda: False, quiet: bool = False):
        """The lines of an NDJSON stream, parsed; opened again when the connection breaks,
        until the stream ends by itself or ``stop()``. A keep-alive line is skipped, or with
        ``quiet`` given as None: what came before it is all that was pending."""
        while not stop():
            try:
                with self._open("GET", path, timeout=STREAM_READ_SECONDS) as lines:
                    for line in lines:
                        if stop():
                            return
                        if line.strip():
                            yield json.loads(line)
                        elif quiet:
                            yield None
                return
            except ApiError as problem:
                if 400 <= problem.status < 500 and problem.status != 429:
                    raise
                self.log(f"{path}: {problem}; again in 2 s")
            except OSError as lost:  # a read that timed out or a connection reset
                self.log(f"{path}: connection lost ({lost}); again in 2 s")
            time.sleep(2)
