"""Headers and origin checks that Django and Channels do not provide as this table needs them."""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


class ContentSecurityPolicyMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` to every response: the pages need no inline
    script, so an injected one would not run."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response


def _origin(scheme: str, host: str) -> str:
    """``scheme://host[:port]`` with the scheme's default port left out, as browsers send it."""
    host, _, port = host.rpartition(":") if host.rsplit("]", 1)[-1].count(":") else (host, "", "")
    default = {"http": "80", "https": "443"}[scheme]
    return f"{scheme}://{host}" if port in ("", default) else f"{scheme}://{host}:{port}"


class SameOriginValidator:
    """Accepts a WebSocket only from a page of this very site: the Origin header must equal the
    scheme, host and port the socket was opened on (or a CSRF_TRUSTED_ORIGINS entry), and the
    host must be allowed. Channels' AllowedHostsOriginValidator compares the host name alone,
    so a page on another port or over plain HTTP could open sockets with the user's cookies."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket" or not self.valid(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)

    @staticmethod
    def valid(scope) -> bool:
        headers = dict(scope.get("headers", ()))
        host = headers.get(b"host", b"").decode("latin1")
        origin = headers.get(b"origin", b"").decode("latin1")
        domain, _ = split_domain_port(host)
        if not origin or not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
            return False
        parsed = urlsplit(origin)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            return False
        if origin in settings.CSRF_TRUSTED_ORIGINS:
            return True
        secure = scope.get("scheme") == "wss"
        proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
        if proxy:
            name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
            secure = headers.get(name, b"").decode("latin1") == proxy[1]
        expected = _origin("https" if secure else "http", host.lower())
        return _origin(parsed.scheme, parsed.netloc.lower()) == expected
