from django.urls import path

from tournaments.consumers import TournamentSocket

websocket_urlpatterns = [
    path("ws/tournament/<str:public_id>/", TournamentSocket.as_asgi()),
]
