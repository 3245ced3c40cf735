from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"

    def ready(self):
        """Connects the reactions to what the challenge services announce
        (challenges/events.py): the programs' event streams."""
        from challenges import events, stream, tasks  # noqa: F401

        events.challenge_created.connect(stream.on_created, dispatch_uid="challenge-stream")
        events.challenge_canceled.connect(stream.on_canceled, dispatch_uid="challenge-stream")
        events.challenge_expired.connect(stream.on_canceled, dispatch_uid="challenge-stream-x")
        events.challenge_declined.connect(stream.on_declined, dispatch_uid="challenge-stream")
