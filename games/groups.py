"""Channel-layer group names, shared by the writers' announcements and the sockets that listen."""


def group_name(match_id: int) -> str:
    """Every socket showing match ``match_id`` (notices carry no board, docs/rules.md §7)."""
    return f"match.{match_id}"
