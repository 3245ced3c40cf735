from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from games import presence  # noqa: F401  (connects the logout signal)
