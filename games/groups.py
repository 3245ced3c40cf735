"""Channel-layer group names, shared by the writers' announcements and the sockets that listen."""


def group_name(match_id: int) -> str:
    """Every socket showing match ``match_id`` (notices carry no board, docs/rules.md §7)."""
    return f"match.{match_id}"


def user_events_group(user_id: int) -> str:
    """Every API event stream of user ``user_id`` (docs/api.md): a process puts an event on it
    by ``group_send(user_events_group(uid), {"type": "api.event", "event": <lichess-shaped dict>})``.
    """
    return f"user-events.{user_id}"
