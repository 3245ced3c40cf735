"""lichess's team endpoints (clubs/api.py): ``/api/team/…``, and berserk's ``/team/{id}/join``
and ``/team/{id}/quit`` (lichess's own paths, outside ``/api/``)."""

from django.urls import path

from clubs import api

urlpatterns = [
    path("api/team", api.team_new, name="api_team_new"),
    path("api/team/of/<str:username>", api.teams_of, name="api_teams_of"),
    path("api/team/<slug:team>", api.team, name="api_team"),
    path("api/team/<slug:team>/users", api.team_members, name="api_team_users"),
    path("api/team/<slug:team>/requests", api.join_requests, name="api_team_requests"),
    path(
        "api/team/<slug:team>/request/<str:username>/accept",
        api.accept,
        name="api_team_accept",
    ),
    path(
        "api/team/<slug:team>/request/<str:username>/decline",
        api.decline,
        name="api_team_decline",
    ),
    path("api/team/<slug:team>/kick/<str:username>", api.kick, name="api_team_kick"),
    path("team/<slug:team>/join", api.join, name="api_team_join"),
    path("team/<slug:team>/quit", api.quit, name="api_team_quit"),
]
