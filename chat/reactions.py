"""The chat's reaction, connected in ``ChatConfig.ready``: a line said (``chat_line_said``)
goes to the sockets of its room.

The notice carries the line's data, never rendered HTML: each socket renders it for its own
reader (escaped; left out for a reader who muted its author; games/live/consumers.py). Only the
sockets in the room's group (``games.groups.chat_group``) receive it, so a spectators' line
never reaches a player's socket that did not open the spectators' room.
"""

from __future__ import annotations

from chat.messages import chat_line
from chat.models import ChatLine
from chat.selectors import line_data
from games.groups import chat_group
from games.live.push import send_to_group


def on_line_said(line: ChatLine, **_signal) -> None:
    send_to_group(chat_group(line.match_id, line.room), chat_line(line_data(line)))
