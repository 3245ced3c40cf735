"""Channel-layer group names, shared by the writers' announcements and the sockets that listen."""


def group_name(match_id: int) -> str:
    """Every socket showing match ``match_id`` (notices carry no board, docs/rules.md §7)."""
    return f"match.{match_id}"


def chat_group(match_id: int, room: str) -> str:
    """The sockets reading chat room ``room`` ("player" or "spectator") of match ``match_id``:
    a seated player's sockets join the players' room, and the spectators' room only once
    they open it; everyone else's join the spectators' room (chat/reactions.py sends its lines)."""
    return f"match.{match_id}.chat.{room}"


def user_events_group(user_id: int) -> str:
    """Every API event stream of user ``user_id`` (docs/api.md): a process puts an event on it
    by ``group_send(user_events_group(uid), {"type": "api.event", "event": <lichess-shaped dict>})``.
    """
    return f"user-events.{user_id}"
