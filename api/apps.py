from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"

    def ready(self):
        """Connects the API's reactions to what the services announce (games/events.py): a
        match that starts or ends is an event on the event stream of each of its players."""
        from api import reactions
        from games import events

        events.match_started.connect(reactions.on_started, dispatch_uid="api-game-start")
        events.match_finished.connect(reactions.on_finished, dispatch_uid="api-game-finish")
