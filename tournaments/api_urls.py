"""The tournament endpoints of the API, under ``/api/`` (tournaments/api.py)."""

from django.urls import path

from tournaments import api

urlpatterns = [
    path("tournament", api.create_arena, name="api_tournament_new"),
    path("swiss/new", api.create_swiss, name="api_swiss_new"),
    path("roundrobin/new", api.create_round_robin, name="api_roundrobin_new"),
    path("tournament/<str:public_id>", api.detail, name="api_tournament"),
    path("tournament/<str:public_id>/join", api.join, name="api_tournament_join"),
    path("tournament/<str:public_id>/withdraw", api.withdraw, name="api_tournament_withdraw"),
    path("tournament/<str:public_id>/results", api.results, name="api_tournament_results"),
    path("tournament/<str:public_id>/games", api.games, name="api_tournament_games"),
    path("swiss/<str:public_id>", api.detail, name="api_swiss"),
    path("swiss/<str:public_id>/join", api.join, name="api_swiss_join"),
    path("swiss/<str:public_id>/withdraw", api.withdraw, name="api_swiss_withdraw"),
    path("swiss/<str:public_id>/results", api.results, name="api_swiss_results"),
    path("swiss/<str:public_id>/games", api.games, name="api_swiss_games"),
]
