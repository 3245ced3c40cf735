from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        """Connects the reactions (games/reactions.py) to what the services announce
        (games/events.py), in the order they run: viewers see a position before the work it
        starts (a computer's turn, a flag, an email) is scheduled; and to Django's log-in and
        log-out, which close the sockets of the session before, and to every write of a
        session row, after which the sockets opened with it read it again. ``tasks`` holds
        the worker's tasks, registered with the worker when imported."""
        from django.contrib.auth.signals import user_logged_in, user_logged_out
        from django.contrib.sessions.models import Session
        from django.db.models.signals import post_delete, post_save

        from games import events, reactions, tasks  # noqa: F401

        events.position_changed.connect(reactions.on_position, dispatch_uid="push")
        events.position_changed.connect(reactions.after_position, dispatch_uid="tasks")
        events.rematch_changed.connect(reactions.on_rematch, dispatch_uid="push-rematch")
        events.rematch_changed.connect(reactions.after_rematch, dispatch_uid="tasks-rematch")
        user_logged_out.connect(reactions.on_logged_out, dispatch_uid="sockets-logged-out")
        user_logged_in.connect(reactions.on_logged_in, dispatch_uid="sockets-logged-in")
        post_save.connect(reactions.on_session_written, Session, dispatch_uid="session-saved")
        post_delete.connect(reactions.on_session_written, Session, dispatch_uid="session-gone")
