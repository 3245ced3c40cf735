from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.leaderboard, name="leaderboard"),
]
