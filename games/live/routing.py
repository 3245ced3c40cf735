from channels.db import database_sync_to_async
from django.urls import path

from games import converters  # noqa: F401  (registers <public:…>)
from games.live.consumers import MatchConsumer
from games.models import Match


class ByPublicId:
    """The socket's URL names the match by its public id; the consumer, like every service,
    works with the internal one (``match_id``; 0, which no match has, when none is found:
    the consumer then refuses the socket)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        route = scope["url_route"]
        kwargs = dict(route["kwargs"])
        kwargs["match_id"] = await database_sync_to_async(_match_id)(kwargs.pop("public_id"))
        scope = {**scope, "url_route": {**route, "kwargs": kwargs}}
        return await self.app(scope, receive, send)


def _match_id(public_id: str) -> int:
    return Match.objects.filter(public_id=public_id).values_list("pk", flat=True).first() or 0


websocket_urlpatterns = [
    path("ws/match/<public:public_id>/", ByPublicId(MatchConsumer.as_asgi())),
]
