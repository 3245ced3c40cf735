from django.apps import AppConfig


class LadderConfig(AppConfig):
    name = "ladder"

    def ready(self):
        """Connects the ladder's reactions (games/events.py): a ladder match that ends may
        pause the program that missed its turn, finish its checks, and make room for the
        next round."""
        from games import events
        from ladder import reactions

        events.match_finished.connect(reactions.on_finished, dispatch_uid="ladder-finished")
