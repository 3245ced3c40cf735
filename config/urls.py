from django.contrib import admin
from django.urls import include, path

from config import language

urlpatterns = [
    path("", include("lobby.urls")),
    path("accounts/", include("accounts.urls")),
    path("m/", include("games.urls")),
    path("leaderboard/", include("ratings.urls")),
    path("", include("challenges.urls")),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
    path("", include("clubs.api_urls")),
    path("api/", include("tournaments.api_urls")),
    path("api/ladder/", include("ladder.api_urls")),
    path("api/", include("api.urls")),
    path("", include("analysis.urls")),
    path("ladder/", include("ladder.urls")),
    path("learn/", include("lessons.urls")),
    path("admin/", admin.site.urls),
    # The header's language switch (POST only): Django's set_language, kept on a profile too.
    path("i18n/setlang/", language.set_language, name="set_language"),
]
