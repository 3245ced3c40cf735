"""Mail about an account, sent by the background worker (`manage.py run_huey`).

A mail server that is down or slow must never hold up a page: views only enqueue, and the
task retries (huey's ``retries``/``retry_delay``) with the SMTP timeout of ``EMAIL_TIMEOUT``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext
from huey.contrib.djhuey import db_task

from accounts import services
from accounts.models import User


@db_task(retries=3, retry_delay=60)
def verification_mail(user_id: int, email: str) -> None:
    """Sends ``email`` the link that verifies it, if it is still the user's unverified address."""
    user = User.objects.filter(pk=user_id, is_guest=False).first()
    if user is None or user.email != email or user.email_verified:
        return
    link = settings.SITE_URL.rstrip("/") + reverse(
        "verify_email", args=[services.verification_token(user)]
    )
    days = services.VERIFY_SECONDS // 86_400
    # In the recipient's language (their profile's choice), whoever's request sent it.
    with translation.override(user.language or settings.LANGUAGE_CODE):
        body = (
            ngettext(
                "This address was given on the game table for emails when it is your turn in "
                "correspondence matches. To get them here, open this link (it works for "
                "%(days)d day):",
                "This address was given on the game table for emails when it is your turn in "
                "correspondence matches. To get them here, open this link (it works for "
                "%(days)d days):",
                days,
            )
            % {"days": days}
            + f"\n\n{link}\n\n"
            + gettext("If it was not you, ignore this email: nothing more will be sent here.")
        )
        subject = gettext("Verify your email address")
    send_mail(subject, body, None, [email])
