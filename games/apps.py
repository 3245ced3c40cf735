from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        """Connects the reactions to what the services announce (games/events.py), in the order
        they run: viewers see a position before the work it starts (a computer's turn, a flag,
        an email) is scheduled. ``presence`` connects its own receivers of Django's log-in and
        log-out signals when it is imported."""
        from games import events, presence, push, tasks  # noqa: F401

        events.position_changed.connect(push.on_position, dispatch_uid="push")
        events.position_changed.connect(tasks.after_position, dispatch_uid="tasks")
        events.rematch_changed.connect(push.on_rematch, dispatch_uid="push-rematch")
        events.rematch_changed.connect(tasks.after_rematch, dispatch_uid="tasks-rematch")
