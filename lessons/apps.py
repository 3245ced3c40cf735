from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"

    def ready(self):
        """Offers the lesson on a first-time player's invite page (games.features)."""
        from games import features
        from lessons import offers

        if offers.join_page not in features.page_context["join"]:
            features.page_context["join"].append(offers.join_page)
