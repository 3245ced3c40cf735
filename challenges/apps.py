from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"

    def ready(self):
        """Connects the reactions (challenges/reactions.py) to what the challenge services
        announce (challenges/events.py): the programs' event streams. ``tasks`` holds the
        worker's sweep, registered with the worker when imported. The open challenges open a
        user's API event stream (games.features)."""
        from challenges import events, reactions, selectors, tasks  # noqa: F401
        from games import features

        if selectors.pending_events not in features.event_stream_openers:
            features.event_stream_openers.append(selectors.pending_events)

        events.challenge_created.connect(reactions.on_created, dispatch_uid="challenge-stream")
        events.challenge_canceled.connect(reactions.on_canceled, dispatch_uid="challenge-stream")
        events.challenge_expired.connect(reactions.on_canceled, dispatch_uid="challenge-stream-x")
        events.challenge_declined.connect(reactions.on_declined, dispatch_uid="challenge-stream")
