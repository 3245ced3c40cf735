"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by Daphne)."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.limits import BodyLimit  # noqa: E402
from config.security import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app),
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + tournament_sockets))
        ),
    }
)

# Everything loaded so far lives as long as the process: keep it out of the garbage
# collector's full passes, which otherwise pause every socket for tens of milliseconds.
gc.freeze()
