from django.urls import path

from lobby import views

app_name = "lobby"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/rules/", views.rules, name="rules"),
    path("matches/new/", views.create, name="create"),
    path("history/", views.history, name="history"),
    path("watch/", views.watch, name="watch"),
]
