"""The tournament endpoints of the API, under ``/api/`` (tournaments/api.py)."""

from django.urls import path

from tournaments import api

urlpatterns = [
    path("tournament", api.arenas, name="api_tournament_new"),
    path("swiss/new", api.create_swiss, name="api_swiss_new"),
    path("swiss/new/<str:team>", api.create_swiss_in_team, name="api_swiss_new_in_team"),
    path("user/<str:username>/tournament/created", api.created_by, name="api_tournaments_by"),
    path("team/<slug:team>/arena", api.team_arenas, name="api_team_arenas"),
    path("team/<slug:team>/swiss", api.team_swiss, name="api_team_swiss"),
    path("roundrobin/new", api.create_round_robin, name="api_roundrobin_new"),
    path("tournament/<str:public_id>", api.detail, name="api_tournament"),
    path("tournament/<str:public_id>/join", api.join, name="api_tournament_join"),
    path("tournament/<str:public_id>/withdraw", api.withdraw, name="api_tournament_withdraw"),
    path("tournament/<str:public_id>/results", api.results, name="api_tournament_results"),
    path("tournament/<str:public_id>/games", api.games, name="api_tournament_games"),
    path("tournament/<str:public_id>/terminate", api.terminate, name="api_tournament_terminate"),
    path("swiss/<str:public_id>", api.detail, name="api_swiss"),
    path("swiss/<str:public_id>/join", api.join, name="api_swiss_join"),
    path("swiss/<str:public_id>/withdraw", api.withdraw, name="api_swiss_withdraw"),
    path("swiss/<str:public_id>/results", api.results, name="api_swiss_results"),
    path("swiss/<str:public_id>/games", api.games, name="api_swiss_games"),
    path("swiss/<str:public_id>/terminate", api.terminate, name="api_swiss_terminate"),
    path("swiss/<str:public_id>/edit", api.edit_swiss, name="api_swiss_edit"),
    path("swiss/<str:public_id>/edit/", api.edit_swiss),  # berserk's path
    path(
        "swiss/<str:public_id>/schedule-next-round",
        api.schedule_next_round,
        name="api_swiss_schedule",
    ),
]
