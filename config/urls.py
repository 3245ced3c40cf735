from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("lobby.urls")),
    path("accounts/", include("accounts.urls")),
    path("m/", include("games.urls")),
    path("leaderboard/", include("ratings.urls")),
    path("", include("challenges.urls")),
    path("api/", include("api.urls")),
    path("admin/", admin.site.urls),
]
