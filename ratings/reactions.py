"""The ratings' receiver of games.events ``match_ending``: runs inside the writer's
transaction, so an exception here rolls the end of the match back. ``rate_match`` skips
whatever is not rated and raises only on a broken database."""

from ratings import services


def on_match_ending(sender, match, **kwargs) -> None:
    services.rate_match(match)
