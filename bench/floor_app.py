"""The live path with the game taken out, served by ``bench/floor.py``: what the stack itself
costs per move, below anything the table's code does.

A socket joins its table's group; a frame from a player is "a move": with ``FLOOR_DATABASE=1``
the least a move can write is written (the match row locked and read, a move row inserted,
the row's ply saved: three queries in one transaction, where the move service runs more),
then one group send pushes a page to every socket of the table. The page is as large as a
median push of the mixed workload as HTML, and each push changes about as much of it as a
real one changes on the wire, so compression costs what it does for real pages.
"""

import json
import os
import random

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
get_asgi_application()  # sets Django up: the channel layer and the models come from its settings

from channels.routing import URLRouter  # noqa: E402
from django.db import transaction  # noqa: E402
from django.urls import path  # noqa: E402

from games.models import Match, Move  # noqa: E402

WITH_DATABASE = os.environ.get("FLOOR_DATABASE") == "1"
PAGE_KIB = 31  # a median push of `bench/load.py --games all`, as HTML
CHANGED_KIB = 2.5  # a median push there on the wire: about what changed
_rng = random.Random(1)
_STATIC = "".join(
    f'<path class="c{_rng.randrange(9)}" d="M{_rng.randrange(999)} {_rng.randrange(999)}h9v9z"/>'
    for _ in range(int((PAGE_KIB - CHANGED_KIB) * 1024 / 44))
)


def page(ply: int) -> str:
    """The pushed page after ``ply``: the fixed board and a part that changes every move."""
    changed = random.randbytes(int(CHANGED_KIB * 512)).hex()
    return f'<div id="board" data-ply="{ply}">{_STATIC}<p>{changed}</p></div>'


def record(match_id: int) -> int:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        Move.objects.create(match=match, ply=match.ply, seat=match.ply % 2, move={"type": "floor"})
        match.ply += 1
        match.save(update_fields=["ply"])
        return match.ply


class Table(AsyncWebsocketConsumer):
    async def connect(self):
        self.table = self.scope["url_route"]["kwargs"]["table"]
        await self.channel_layer.group_add(f"floor-{self.table}", self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(f"floor-{self.table}", self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        ply = json.loads(text_data)["ply"] + 1
        if WITH_DATABASE:
            ply = await database_sync_to_async(record)(self.table)
        await self.channel_layer.group_send(f"floor-{self.table}", {"type": "pushed", "ply": ply})

    async def pushed(self, event):
        await self.send(text_data=page(event["ply"]))


application = URLRouter([path("floor/<int:table>/", Table.as_asgi())])
