"""Channel-layer group names of a tournament's page sockets."""


def tournament_group(tournament_id: int) -> str:
    """Every open page of tournament ``tournament_id``: its standings' notices."""
    return f"tournament.{tournament_id}"
