from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self):
        """Connects the reactions (tournaments/reactions.py) to a match's end and to what the
        tournament services announce; ``tasks`` registers the worker's steps and sweep. A
        program's ``gameStart`` of a tournament match names it, and so does the match's page,
        with the way back (games.features)."""
        from games import events as match_events
        from games import features
        from tournaments import events, reactions, selectors, tasks  # noqa: F401

        if selectors.game_event_keys not in features.game_event_context:
            features.game_event_context.append(selectors.game_event_keys)
            features.origin_context.append(selectors.match_origin)

        match_events.match_finished.connect(
            reactions.on_match_finished, dispatch_uid="tournament-match-end"
        )
        events.tournament_changed.connect(reactions.on_changed, dispatch_uid="tournament-push")
