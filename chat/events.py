"""What the chat service announces once a line is committed (as games/events.py does for
matches); who listens is not its business. Reactions connect in ``ChatConfig.ready`` (the
sockets' push, chat/push.py) or in their own app's (the Bot API's game stream).

``chat_line_said`` is sent with ``sender=ChatLine`` and the keyword ``line`` (its ``match``,
``room``, ``author``, ``author_name`` and ``text`` loaded).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

#: A line was said in ``line.room`` of ``line.match``.
chat_line_said = Signal()


def announce_on_commit(line) -> None:
    """Sends ``chat_line_said`` for ``line`` after the commit; a receiver that fails is logged
    and the others still run."""

    def send():
        for receiver, result in chat_line_said.send_robust(type(line), line=line):
            if isinstance(result, Exception):
                log.error("%s failed", getattr(receiver, "__qualname__", receiver), exc_info=result)

    transaction.on_commit(send)
