from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"

    def ready(self):
        """Connects the reactions (challenges/reactions.py) to what the challenge services
        announce (challenges/events.py): the programs' event streams. ``tasks`` holds the
        worker's sweep, registered with the worker when imported."""
        from challenges import events, reactions, tasks  # noqa: F401

        events.challenge_created.connect(reactions.on_created, dispatch_uid="challenge-stream")
        events.challenge_canceled.connect(reactions.on_canceled, dispatch_uid="challenge-stream")
        events.challenge_expired.connect(reactions.on_canceled, dispatch_uid="challenge-stream-x")
        events.challenge_declined.connect(reactions.on_declined, dispatch_uid="challenge-stream")
