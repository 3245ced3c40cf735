"""Helpers shared by the web and browser tests: WebSocket clients, own event loops, positions."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import services
from games.models import Match
from games.registry import get_engine


def run_in_own_loop(coroutine):
    """Runs ``coroutine`` in a fresh event loop of its own thread, from a synchronous test.

    pytest-django orders tests without a database after the browser tests, whose
    Playwright session keeps an event loop marked as running in the main thread, so
    ``asyncio.run`` there fails; a thread of its own has no loop.
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def in_own_loop(coroutine_function):
    """Makes an async test function a synchronous test that runs it in its own loop."""

    def test(*args, **kwargs):
        run_in_own_loop(coroutine_function(*args, **kwargs))

    test.__name__ = coroutine_function.__name__
    return test


def cookie_for(user) -> bytes:
    """A session cookie for ``user``, as a browser that logged in would send it."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(
    match,
    user=None,
    origin=b"http://127.0.0.1",
    cookie=None,
    address="127.0.0.1",
    query="",
    headers=(),
):
    """Opens the match socket as ``user`` (None: an anonymous spectator) or with a session
    ``cookie``, from client ``address``, with the page's ``query`` (e.g. "?ply=0") and any
    more ``headers`` (e.g. Accept-Language); returns (socket, accepted)."""
    headers = [(b"origin", origin), (b"host", b"127.0.0.1"), *headers]
    if user is not None:
        cookie = await sync_to_async(cookie_for)(user)
    if cookie is not None:
        headers.append((b"cookie", cookie))
    communicator = WebsocketCommunicator(
        application, f"/ws/match/{match.public_id}/{query}", headers
    )
    communicator.scope["client"] = (address, 50000)
    connected, _ = await communicator.connect()
    return communicator, connected


async def connected(match, user=None, **options):
    """Opens the match socket and insists that it was accepted."""
    communicator, accepted = await connect(match, user, **options)
    assert accepted
    return communicator


def play_a_move(match) -> Match:
    """Plays the first legal move of whoever is to move in ``match``, through the move
    service; returns the match after it."""
    match.refresh_from_db()
    engine = get_engine(match.game)
    state = engine.from_json(match.state)
    seat = engine.to_move(state)[0]
    mover = match.seats.get(index=seat).user
    move = next(iter(engine.legal_moves(state, seat)))
    return services.move_play(match_id=match.pk, user=mover, ply=match.ply, move=move)


# A Hive position used by the board and browser tests.
BLOCKED = [[2, -4, 2], [-4, 1, 3], [1, 3, -4]]


def set_(piece, to):
    return {"type": "set", "piece": piece, "to": to}


def drag(a, b):
    return {"type": "drag", "from": a, "to": b}


# Red ant runs round the swarm, blue's beetle climbs onto its own bee, then onto red's bee.
MIDGAME = [
    set_("BEE", [0, 0, 0]),
    set_("BEE", [1, -1, 0]),
    set_("ANT", [-1, 1, 0]),
    set_("BEETLE", [2, -1, -1]),
    set_("SPIDER", [-1, 0, 1]),
    set_("GRASSHOPPER", [2, -2, 0]),
    drag([-1, 1, 0], [3, -2, -1]),
    drag([2, -1, -1], [1, -1, 0]),
    set_("BEETLE", [-2, 1, 1]),
    drag([1, -1, 0], [0, 0, 0]),
]
