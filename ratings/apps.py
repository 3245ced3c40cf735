from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self):
        """Rates a match inside the transaction that records its end (games.events
        ``match_ending``): the end and the ratings commit together or not at all."""
        from games import events
        from ratings import reactions

        events.match_ending.connect(reactions.on_match_ending, dispatch_uid="ratings")
