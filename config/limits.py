"""A cap on HTTP request bodies, enforced before Django reads them.

Django's ASGI handler reads a whole body (into memory or a temporary file) before any
middleware or view runs, so its own upload limits only apply once the bytes are in. This
wrapper refuses a body whose Content-Length is over ``settings.MAX_REQUEST_BYTES`` without
reading it, and stops one that streams in without a length as soon as it passes the cap.
"""

from __future__ import annotations

from django.conf import settings

TOO_LARGE = b"The request is too large."


async def _refuse(send) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": TOO_LARGE})


class BodyLimit:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.application(scope, receive, send)
        cap = settings.MAX_REQUEST_BYTES
        length = dict(scope.get("headers", ())).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > cap:
            return await _refuse(send)
        seen = 0

        async def limited_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    await _refuse(send)
                    return {"type": "http.disconnect"}  # Django stops reading and answers nothing
            return message

        return await self.application(scope, limited_receive, send)
