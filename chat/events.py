"""What the chat service announces once a line is committed (as games/events.py does for
matches); who listens is not its business. Reactions live in their app's ``reactions.py``
and connect in its ``ready`` (the sockets' push: chat/reactions.py).

``chat_line_said`` is sent with ``sender=ChatLine`` and the keyword ``line`` (its ``match``,
``room``, ``author``, ``author_name`` and ``text`` loaded).
"""

from __future__ import annotations

from django.dispatch import Signal

from games.announce import send_on_commit

#: A line was said in ``line.room`` of ``line.match``.
chat_line_said = Signal()


def announce_on_commit(line) -> None:
    """Sends ``chat_line_said`` for ``line`` after the commit."""
    send_on_commit(type(line), (chat_line_said, {"line": line}))
