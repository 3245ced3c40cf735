"""The write floor of an API stream, served by ``bench/api_streams.py --watchers``: NDJSON
streams that, on each tick, only write one constant line made beforehand.

Same Daphne (``config.serve``, its ``BoundedWebRequest`` and outbound bound), same Django
``StreamingHttpResponse`` over an asynchronous generator as ``api/streams.py``; a tick
(``POST /floor/tick``) wakes every stream at once through one shared future, and each
writes ``FLOOR_LINE_BYTES`` bytes that were encoded before. What a move costs a real stream
beyond this is the table's own work per stream.
"""

import asyncio
import os

from django.core.asgi import get_asgi_application
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
get_asgi_application()  # sets Django up

LINE = (
    b'{"type":"gameState","pad":"'
    + b"x" * max(0, int(os.environ.get("FLOOR_LINE_BYTES", "1024")) - 30)
    + b'"}\n'
)
_tick: dict = {}


def _next() -> asyncio.Future:
    loop = asyncio.get_running_loop()
    future = _tick.get(loop)
    if future is None or future.done():
        future = _tick[loop] = loop.create_future()
    return future


async def _lines():
    yield LINE
    while True:
        await _next()
        yield LINE


async def stream(request):
    response = StreamingHttpResponse(_lines(), content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    return response


@csrf_exempt
async def tick(request):
    _next().set_result(None)
    return HttpResponse(b"ok")


urlpatterns = [path("floor/stream", stream), path("floor/tick", tick)]


class FloorHandler(ASGIHandler):
    """Django's handler, resolving with this module's two routes."""

    async def get_response_async(self, request):
        request.urlconf = __name__
        return await super().get_response_async(request)


application = FloorHandler()
