from django.urls import path

from challenges import api, views

app_name = "challenges"
urlpatterns = [
    path("challenges/bar/", views.bar, name="bar"),
    path("challenges/setting/", views.accept_setting, name="setting"),
    path("challenges/to/<str:username>/", views.create, name="create"),
    path("challenges/<str:challenge_id>/", views.detail, name="detail"),
    path("challenges/<str:challenge_id>/accept/", views.accept, name="accept"),
    path("challenges/<str:challenge_id>/decline/", views.decline, name="decline"),
    path("challenges/<str:challenge_id>/cancel/", views.cancel, name="cancel"),
    path("challenges/<str:challenge_id>/seen/", views.seen, name="seen"),
    # lichess's paths: an id is eight letters and digits, a username is anything else.
    path("api/challenge/<str:challenge_id>/accept", api.accept, name="api_accept"),
    path("api/challenge/<str:challenge_id>/decline", api.decline, name="api_decline"),
    path("api/challenge/<str:challenge_id>/cancel", api.cancel, name="api_cancel"),
    path("api/challenge/<str:username>", api.create, name="api_create"),
]
