"""Personal API tokens: made, revoked, and checked on every request (docs/api.md).

A token is ``gtp_`` and 43 random URL-safe characters; only its SHA-256 is stored. Every
request looks its token up in the database, so a revoked token is refused from the next
request on; a stream open with it ends too (``revoked_group``).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from api.models import ApiToken

PREFIX = "gtp_"
MAX_TOKENS = 20  # live tokens per user
# ``last_used`` is written at most this often per token: a move is not an extra write.
LAST_USED_EVERY = timedelta(seconds=60)


class TokenRefused(Exception):
    """A token cannot be made for this user; the message says why."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: The notice on ``revoked_group``: the stream ends.
REVOKED = "api.revoked"


def revoked_group(token_id: int) -> str:
    """The streams open with token ``token_id``: told to end when it is revoked."""
    return f"api-token.{token_id}"


def token_create(user, name: str = "") -> tuple[ApiToken, str]:
    """A new token for ``user`` (a member, not a guest or a computer player): the row and
    the plain token, which is never stored and so can be shown only now."""
    if not user.is_authenticated or user.is_guest or user.bot_level:
        raise TokenRefused(gettext("Only members have API tokens: make an account first."))
    name = (name or "").strip()[:60] or "API token"
    if ApiToken.objects.filter(user=user, revoked=None).count() >= MAX_TOKENS:
        raise TokenRefused(
            gettext("You have %(count)d tokens, the most one may have: revoke one.")
            % {"count": MAX_TOKENS}
        )
    plain = PREFIX + secrets.token_urlsafe(32)
    return ApiToken.objects.create(user=user, name=name, digest=digest(plain)), plain


def token_revoke(user, token_id: int) -> bool:
    """Revokes ``user``'s token ``token_id``; whether there was one to revoke. Its open
    streams are told to end once the revocation is committed."""
    with transaction.atomic():
        done = ApiToken.objects.filter(pk=token_id, user=user, revoked=None).update(
            revoked=timezone.now()
        )
        if done:
            transaction.on_commit(lambda: _tell_streams(token_id))
    return bool(done)


def _tell_streams(token_id: int) -> None:
    async_to_sync(get_channel_layer().group_send)(revoked_group(token_id), {"type": REVOKED})


def authenticate(header: str | None) -> ApiToken | None:
    """The live token of an ``Authorization: Bearer <token>`` header, with its user, or None
    (no header, another scheme, an unknown or revoked token, a disabled account)."""
    scheme, _, plain = (header or "").partition(" ")
    plain = plain.strip()
    if scheme.lower() != "bearer" or not plain.startswith(PREFIX) or len(plain) > 100:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest(plain), revoked=None, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
    return token


def still_valid(token_id: int) -> bool:
    """Whether token ``token_id`` is still live (a stream asks every few seconds)."""
    return ApiToken.objects.filter(pk=token_id, revoked=None, user__is_active=True).exists()


def tokens_of(user) -> list[ApiToken]:
    """``user``'s tokens, live ones first, newest first."""
    return sorted(ApiToken.objects.filter(user=user), key=lambda t: (t.revoked is not None,))
