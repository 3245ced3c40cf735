from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self):
        """Connects the reactions (tournaments/reactions.py) to a match's end and to what the
        tournament services announce; ``tasks`` registers the worker's steps and sweep. A
        program's ``gameStart`` of a tournament match names it, and so does the match's page
        with the way back; the embedded default's poller looks at the versions of the
        tournaments this process shows, and a player's finished match page goes on to their
        next match (tournaments/socket.py): all through games.features."""
        from games import events as match_events
        from games import features
        from tournaments import events, reactions, selectors, socket, tasks, watcher  # noqa: F401

        if selectors.game_event_keys not in features.game_event_context:
            features.game_event_context.append(selectors.game_event_keys)
            features.watched.append(watcher.changed)
            features.origin_context.append(selectors.match_origin)
        if socket.PART not in features.socket_parts:
            features.socket_parts.append(socket.PART)

        match_events.match_finished.connect(
            reactions.on_match_finished, dispatch_uid="tournament-match-end"
        )
        events.tournament_changed.connect(reactions.on_changed, dispatch_uid="tournament-push")
