from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self):
        """Rates a match inside the transaction that records its end (games.events
        ``match_ending``): the end and the ratings commit together or not at all. Each board
        fragment's context gets the seats' ratings (``seat_ratings``, games.features)."""
        from games import events, features
        from ratings import reactions, selectors

        events.match_ending.connect(reactions.on_match_ending, dispatch_uid="ratings")
        if selectors.board_ratings not in features.board_context:
            features.board_context.append(selectors.board_ratings)
