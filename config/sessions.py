"""The session middleware: Django's, except that a request deletes the browser's session
cookie only when it emptied the session itself (logged out, flushed).

Django's deletes the cookie whenever the session it names is empty, and so also when another
tab replaced it a moment ago: logging in in one tab flushes the old session, and a request
of another tab (the challenge bar polls every few seconds) sent with the old cookie before
the login's answer arrived, and answered after it, deleted the new login's cookie, so the
browser was logged out right after logging in. A stale cookie kept costs one read that finds
nothing, and the next login replaces it.
"""

from __future__ import annotations

from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.utils.cache import patch_vary_headers


class SessionMiddleware(DjangoSessionMiddleware):
    def process_response(self, request, response):
        session = getattr(request, "session", None)
        if session is not None and not session.modified and session.is_empty():
            # A session gone elsewhere: nothing of this request's to save or delete.
            if session.accessed:
                patch_vary_headers(response, ("Cookie",))
            return response
        return super().process_response(request, response)
