"""WebSocket clients for tests: the real ASGI app through channels.testing, with a session."""

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


def cookie_for(user) -> bytes:
    """A session cookie for ``user``, as a browser that logged in would send it."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(match, user=None, origin=b"http://127.0.0.1", cookie=None, address="127.0.0.1"):
    """Opens the match socket as ``user`` (None: an anonymous spectator) or with a session
    ``cookie``, from client ``address``; returns (socket, accepted)."""
    headers = [(b"origin", origin), (b"host", b"127.0.0.1")]
    if user is not None:
        cookie = await sync_to_async(cookie_for)(user)
    if cookie is not None:
        headers.append((b"cookie", cookie))
    communicator = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers)
    communicator.scope["client"] = (address, 50000)
    connected, _ = await communicator.connect()
    return communicator, connected


async def connected(match, user=None, **options):
    """Opens the match socket and insists that it was accepted."""
    communicator, accepted = await connect(match, user, **options)
    assert accepted
    return communicator
