"""Which language a viewer reads (docs/languages.md, "Languages").

In order: a member's own choice (``User.language``, kept on their profile so it follows them
to every browser), the choice made with the header's switch (Django's ``django_language``
cookie, set by ``set_language``), the browser's ``Accept-Language``, English. Pages get it
from Django's ``LocaleMiddleware`` and ``MemberLanguageMiddleware`` below; a match socket
(``games.live.consumers``) from ``language_of`` with what its handshake carried.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views import i18n


def supported(code: str | None) -> str | None:
    """``code`` as one of ``settings.LANGUAGES`` (``de-AT`` → ``de``), else None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def language_of(user, cookies: dict | None = None, accept_language: str = "") -> str:
    """The language to show ``user`` (any user, or None), whose browser sent ``cookies`` and
    the ``Accept-Language`` header ``accept_language``."""
    chosen = supported(getattr(user, "language", "") if _is_someone(user) else "")
    if chosen is None:
        chosen = supported((cookies or {}).get(settings.LANGUAGE_COOKIE_NAME))
    if chosen is None:
        for code, _ in parse_accept_lang_header(accept_language or ""):
            if code != "*" and (chosen := supported(code)):
                break
    return chosen or settings.LANGUAGE_CODE


def _is_someone(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def is_api(path: str) -> bool:
    """Whether ``path`` is the Bot API's (JSON for programs), not a page under /api/ (the
    token pages)."""
    return path.startswith("/api/") and not path.startswith("/api/tokens/")


class MemberLanguageMiddleware:
    """A signed-in user's saved language wins over the cookie and the browser: after
    ``AuthenticationMiddleware``, so it applies from the first request after logging in."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if is_api(request.path):
            # The API is read by programs: its errors and texts stay in English.
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = settings.LANGUAGE_CODE
            return self.get_response(request)
        user = getattr(request, "user", None)
        code = supported(getattr(user, "language", "")) if _is_someone(user) else None
        if code is not None and code != translation.get_language():
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return self.get_response(request)


def set_language(request):
    """Django's ``set_language`` (the cookie, then back to ``next``), and for a signed-in
    user also their profile, so the choice follows them to every browser and socket."""
    response = i18n.set_language(request)
    code = supported(request.POST.get("language")) if request.method == "POST" else None
    user = getattr(request, "user", None)
    if code is not None and _is_someone(user) and user.language != code:
        user.language = code
        user.save(update_fields=["language"])
    return response
