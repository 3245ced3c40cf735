"""The accounts' reactions, connected in ``AccountsConfig.ready``: a change of who a user is
reaches their open sockets.

Django refuses a session whose stored auth hash no longer matches the user's (a new
password) at its next request; a socket never makes another request. So a saved change of
the password (which the auth hash is made from), of whether the account may log in, or of
a guest's rejoin token (made a member, revoked) asks every socket of that user to check
its session again once the change is committed (``games.presence``).
"""

from django.db import transaction

from accounts.models import User
from games import presence

IDENTITY = ("password", "is_active", "rejoin_token")


def _identity(user: User) -> tuple:
    # A deferred field is not in __dict__: None, and not compared.
    return tuple(user.__dict__.get(field) for field in IDENTITY)


def remember_identity(sender, instance: User, **kwargs) -> None:
    instance._identity = _identity(instance)


def recheck_sockets_when_identity_changes(sender, instance: User, created, **kwargs) -> None:
    before, now = getattr(instance, "_identity", ()), _identity(instance)
    instance._identity = now
    if created:
        return
    if any(old is not None and old != new for old, new in zip(before, now, strict=False)):
        user_id = instance.pk
        transaction.on_commit(lambda: presence.recheck_sockets_of_user(user_id))
